import { hash, verify } from "@node-rs/argon2";
import type { OAuthProvider, OAuthProviderName, SocialProfile } from "../../data/oauth.ts";
import * as q from "../../db/queries/users.ts";
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from "../../domain/accounts/rules.ts";
import { LOCALES } from "../../i18n/locales.ts";
import { ServiceError } from "../errors.ts";
import { tooManyRequests } from "../rate-limit.ts";
import { hashToken, newToken } from "../tokens.ts";

import { type User, type Client, LoginInput, parse, type Session } from "./shared.ts";
import type { AccountsDeps } from "./deps.ts";

/** What forms need to know: the captcha to show and the social login buttons. */
export function publicConfig(d: AccountsDeps) {
  const { ctx } = d;
  return {
    captcha: ctx.captcha?.siteKey ? { siteKey: ctx.captcha.siteKey, version: ctx.captcha.version } : null,
    providers: Object.keys(ctx.oauth ?? {}) as OAuthProviderName[],
  };
}

export function oauthProvider(d: AccountsDeps, name: string): OAuthProvider {
  const { ctx } = d;
  const provider = ctx.oauth?.[name as OAuthProviderName];
  if (!provider) throw new ServiceError(404, "auth.socialUnavailable");
  return provider;
}

/** The account of a session token (cookie or bearer), or null. */
export async function bySession(
  d: AccountsDeps,
  token: string | null | undefined,
): Promise<(User & { rememberMe: boolean }) | null> {
  const { ctx } = d;
  if (!token || token.length > 100) return null;
  return q.sessionUser(ctx.pool, hashToken(token), ctx.clock.now());
}

export async function identities(d: AccountsDeps, user: User) {
  const { ctx } = d;
  return q.identitiesOf(ctx.pool, user.id);
}

/** True when the login form must show the captcha: repeated failures of the account, or a limit reached. */
export async function loginNeedsCaptcha(d: AccountsDeps, address: string, ip: string | null = null): Promise<boolean> {
  const { ctx, limits, loginCounters } = d;
  if (!ctx.captcha?.siteKey) return false;
  const email = address.trim().toLowerCase();
  if ((await limits.current("loginFailuresAccount", email)) >= LOGIN_FAILURES_BEFORE_CAPTCHA) return true;
  for (const [name, subject] of loginCounters(email, ip)) if ((await limits.retryAfter(name, subject)) > 0) return true;
  return false;
}

/**
 * Login. Failures are throttled per account and address, per account and per address (never all of an
 * address's people for one account's guesses); over a limit the captcha, when configured, lets a person
 * with the right password in, otherwise 429 says how long to wait.
 */
export async function login(
  d: AccountsDeps,
  input: Record<string, unknown>,
  client: Client,
  previousToken?: string | null,
): Promise<Session> {
  const { ctx, limits, requireCaptcha, openSession, loginCounters } = d;
  const v = parse(LoginInput, input);
  const email = v.email.trim().toLowerCase();
  const counters = loginCounters(email, client.ip);
  let wait = 0;
  for (const [name, subject] of counters) wait = Math.max(wait, await limits.retryAfter(name, subject));
  if (wait > 0 && !ctx.captcha?.siteKey) throw tooManyRequests(wait);
  if (wait > 0 || (await loginNeedsCaptcha(d, email, client.ip))) await requireCaptcha(client, "login");
  const user = await q.userByEmail(ctx.pool, email);
  // Hash even for an unknown address so that timing does not tell which addresses exist.
  let ok = false;
  if (user?.passwordHash) ok = await verify(user.passwordHash, v.password);
  else await hash(v.password);
  if (!user || !ok) {
    for (const [name, subject] of counters) await limits.count(name, subject);
    throw new ServiceError(401, "auth.invalidCredentials");
  }
  if (!user.emailVerifiedAt) throw new ServiceError(403, "auth.notVerified");
  // the owner got in: the guesses at the account are forgotten (the address's count stays)
  await limits.clear(counters[0][0], counters[0][1]);
  await limits.clear(counters[1][0], counters[1][1]);
  return openSession(user, v.rememberMe, previousToken);
}

/** Social login: a known identity signs in; a verified address of an existing account links to it. */
export async function socialLogin(
  d: AccountsDeps,
  profile: SocialProfile,
  languageCode: string,
  previousToken?: string | null,
): Promise<Session> {
  const { ctx, openSession } = d;
  const linked = await q.userIdOfIdentity(ctx.pool, profile.provider, profile.subject);
  let user = linked ? await q.userById(ctx.pool, linked) : null;
  if (!user) {
    if (!profile.email) throw new ServiceError(400, "auth.socialNoEmail");
    const address = profile.email.toLowerCase();
    const existing = await q.userByEmail(ctx.pool, address);
    // Linking by address only when the provider vouches for it: otherwise anyone could take over an account.
    if (existing && !profile.emailVerified) throw new ServiceError(409, "auth.socialEmailTaken");
    user =
      existing ??
      (await q.insertUser(ctx.pool, {
        email: address,
        passwordHash: null,
        firstName: profile.firstName,
        lastName: profile.lastName,
        languageCode: (LOCALES as readonly string[]).includes(languageCode) ? languageCode : "en",
        timezone: null,
        newsletterKey: newToken(),
        verified: profile.emailVerified,
        image: profile.image,
      }));
    if (!user) throw new ServiceError(409, "auth.socialEmailTaken");
    await q.linkIdentity(ctx.pool, profile.provider, profile.subject, user.id);
    if (profile.emailVerified) await q.markVerified(ctx.pool, user.id);
    user = (await q.userById(ctx.pool, user.id))!;
  }
  return openSession(user, true, previousToken);
}

export async function logout(d: AccountsDeps, token: string | null | undefined): Promise<void> {
  const { ctx } = d;
  if (token) await q.deleteSession(ctx.pool, hashToken(token));
}
