import * as q from "../../db/queries/users.ts";
import { REMEMBER_ME_DAYS, RESET_LINK_HOURS, SESSION_HOURS, VERIFY_LINK_HOURS } from "../../domain/accounts/rules.ts";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales.ts";
import { sendAccountMail } from "../account-mail.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { createRateLimiter, createRateLimits } from "../rate-limit.ts";
import { hashToken, newToken } from "../tokens.ts";
import { pagePath } from "../../i18n/paths.ts";

import type { User, Client, Session } from "./shared.ts";

/** The helpers every accounts use case shares: rate limits, links in mails, the captcha, new sessions. */
export function createAccountsDeps(ctx: ServiceContext) {
  const rateLimit = createRateLimiter(ctx);
  const limits = createRateLimits(ctx);
  const hours = (n: number) => new Date(ctx.clock.now().getTime() + n * 3_600_000);
  const link = (path: string, params: Record<string, string | number>) => {
    const url = new URL(path, ctx.publicUrl ?? "http://localhost:3000");
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    return url.toString();
  };
  /** A page of the account area in the user's language (its translated slug). */
  const localePage = (code: string, page: "unsubscribe" | "verify" | "resetPassword" | "forgotPassword") =>
    pagePath(isLocale(code) ? code : DEFAULT_LOCALE, page);
  const unsubscribeLink = (user: User) =>
    link(localePage(user.languageCode, "unsubscribe"), { user_id: user.id, user_key: user.newsletterKey });

  async function mailLink(user: User, purpose: "verify" | "reset") {
    const token = newToken();
    await q.revokeUserTokens(ctx.pool, user.id, purpose, ctx.clock.now());
    await q.insertUserToken(
      ctx.pool,
      hashToken(token),
      user.id,
      purpose,
      hours(purpose === "verify" ? VERIFY_LINK_HOURS : RESET_LINK_HOURS),
    );
    const path = localePage(user.languageCode, purpose === "verify" ? "verify" : "resetPassword");
    await sendAccountMail(
      ctx.mailer,
      user,
      purpose,
      link(path, { userId: user.id, userKey: token }),
      unsubscribeLink(user),
    );
  }

  async function requireCaptcha(client: Client, action: string) {
    if (ctx.captcha?.siteKey && !(await ctx.captcha.verify(client.captcha, action, client.ip))) {
      throw new ServiceError(400, "captcha.failed", { captcha: "captcha.failed" });
    }
  }

  /** A new session; any session the browser had before is replaced (rotation on login). */
  async function openSession(user: User, rememberMe: boolean, previousToken?: string | null): Promise<Session> {
    if (previousToken) await q.deleteSession(ctx.pool, hashToken(previousToken));
    const token = newToken();
    const lifetimeHours = rememberMe ? REMEMBER_ME_DAYS * 24 : SESSION_HOURS;
    const expiresAt = hours(lifetimeHours);
    await q.insertSession(ctx.pool, hashToken(token), user.id, rememberMe, expiresAt);
    return { token, expiresAt, maxAgeSeconds: lifetimeHours * 3600, rememberMe, user };
  }

  /** The failed-login counters of an attempt: per account and address, per account, per address. */
  const loginCounters = (email: string, ip: string | null) =>
    [
      ["loginFailuresPair", `${ip ?? "unknown"}|${email}`],
      ["loginFailuresAccount", email],
      ["loginFailuresAddress", ip ?? "unknown"],
    ] as const;

  return {
    ctx,
    rateLimit,
    limits,
    hours,
    link,
    localePage,
    unsubscribeLink,
    mailLink,
    requireCaptcha,
    openSession,
    loginCounters,
  };
}

export type AccountsDeps = ReturnType<typeof createAccountsDeps>;
