import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import type { OAuthProvider, OAuthProviderName, SocialProfile } from "../data/oauth.ts";
import { inTransaction } from "../db/client.ts";
import * as affiliates from "../db/queries/affiliates.ts";
import * as q from "../db/queries/users.ts";
import {
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  MATCH_EVENTS,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REMEMBER_ME_DAYS,
  RESET_LINK_HOURS,
  SESSION_HOURS,
  VERIFY_LINK_HOURS,
} from "../domain/accounts/rules.ts";
import { NOTIFICATION_FIELDS } from "../domain/alerts/content.ts";
import { isOddsFormat } from "../domain/odds-format.ts";
import { isValidTimeZone } from "../domain/time/zones.ts";
import { DEFAULT_LOCALE, LOCALES, isLocale } from "../i18n/locales.ts";
import { sendAccountMail } from "./account-mail.ts";
import type { ServiceContext } from "./context.ts";
import { isId } from "../domain/ids.ts";
import { voterOf } from "../domain/community/voter.ts";
import { ServiceError, fieldErrorsOf } from "./errors.ts";
import { createRateLimiter, createRateLimits, tooManyRequests } from "./rate-limit.ts";
import { hashToken, newToken } from "./tokens.ts";
import { pagePath } from "../i18n/paths.ts";

export type User = q.UserRow;
export type { OAuthProviderName };

/** Who is calling: the client address for rate limits and the captcha answer of the form. */
export interface Client {
  ip: string | null;
  captcha?: string;
  /** the affiliate whose tracking link brought this visitor (the `via` cookie) */
  affiliateId?: number | null;
}

const email = z
  .string({ error: "auth.invalidEmail" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "auth.invalidEmail" }));
const password = z
  .string({ error: "auth.required" })
  .min(PASSWORD_MIN, { error: "auth.passwordTooShort" })
  .max(PASSWORD_MAX, { error: "auth.passwordTooLong" });
const name = z
  .string({ error: "auth.required" })
  .trim()
  .min(1, { error: "auth.required" })
  .max(NAME_MAX, { error: "auth.nameTooLong" });
const locale = z.enum(LOCALES).catch("en");
const timezone = z
  .string()
  .refine((tz) => isValidTimeZone(tz), { error: "profile.invalidTimezone" })
  .nullable();

const RegisterInput = z
  .object({
    firstName: name,
    lastName: name,
    email,
    password,
    confirmPassword: z.string({ error: "auth.required" }).min(1, { error: "auth.required" }),
    terms: z.literal(true, { error: "auth.acceptTerms" }),
    languageCode: locale,
    timezone: timezone.optional().catch(null),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "auth.passwordsDiffer", path: ["confirmPassword"] });

const LoginInput = z.object({
  email,
  password: z.string({ error: "auth.required" }).min(1, { error: "auth.required" }),
  rememberMe: z.boolean().default(false),
});

const NewPassword = z
  .object({ password, confirmPassword: z.string({ error: "auth.required" }) })
  .refine((v) => v.password === v.confirmPassword, { error: "auth.passwordsDiffer", path: ["confirmPassword"] });

const Preferences = z
  .object({
    oddsFormat: z.number().refine(isOddsFormat, { error: "apiErrors.oddsFormat" }),
    theme: z.enum(["light", "dark"]),
    bookmakerCountry: z.number().int().min(-1),
    showHomeUpperDescription: z.boolean(),
    topLeagues: z.object({ countryCode: z.string().max(8), expiresAt: z.number() }),
  })
  .partial()
  .strict();

/** The settings a visitor keeps in cookies, stored with the account. */
export type UserPreferences = z.infer<typeof Preferences>;

const ProfilePatch = z
  .object({
    firstName: name,
    lastName: name,
    username: z.string().trim().max(NAME_MAX, { error: "auth.nameTooLong" }).nullable(),
    languageCode: z.enum(LOCALES, { error: "profile.invalidLanguage" }),
    timezone,
    newsletter: z.boolean(),
    telegramUsername: z
      .string()
      .trim()
      .regex(/^@?\w{5,32}$/, { error: "profile.invalidTelegram" })
      .nullable(),
    telegramNotificationsEnabled: z.boolean(),
    telegramPreMatchNotificationsEnabled: z.boolean(),
    valueBetNotificationsEnabled: z.boolean(),
    notificationEvents: z.array(z.enum(["all", ...MATCH_EVENTS])).max(MATCH_EVENTS.length + 1),
    preferences: Preferences,
  })
  .partial()
  .strict();

/** The user as pages and the API see it (SPEC §3 User): never the password hash or the mail keys. */
export function publicUser(user: User, extra: { identities?: string[] } = {}) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    image: user.image,
    languageCode: user.languageCode,
    timezone: user.timezone,
    verified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    newsletter: user.newsletter,
    telegramUsername: user.telegramUsername,
    telegramNotificationsEnabled: user.telegramNotificationsEnabled,
    telegramPreMatchNotificationsEnabled: user.telegramPreMatchNotificationsEnabled,
    valueBetNotificationsEnabled: user.valueBetNotificationsEnabled,
    notificationEvents: user.notificationEvents,
    preferences: user.preferences as UserPreferences,
    identities: extra.identities ?? [],
    // Premium arrives with payments: no subscription yet means not premium.
    userSubscription: null,
    loggedIn: true,
    createdAt: user.createdAt.toISOString(),
  };
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ServiceError(400, "errors.checkFields", fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

export interface Session {
  token: string;
  expiresAt: Date;
  /** How long the session lasts from now: the cookie's Max-Age, right whatever the browser's clock says. */
  maxAgeSeconds: number;
  rememberMe: boolean;
  user: User;
}

/** Where the export points for a stored file or derived data instead of inlining it (by table; null: none to download). */
const EXPORT_DOWNLOADS: Record<string, (row: Record<string, unknown>) => string | null> = {
  // the .xlsx (made from the picks on first download) holds one row per pick
  prematch_backtests: (row) =>
    row.excel != null || row.pickRows != null ? `/api/v1/prematch/backtests/${row.id}/excel` : null,
};

/** A row of the export with its sized columns as references: { bytes | items, href } (null where nothing is stored). */
function withFileReferences(
  table: string,
  sized: Record<string, "bytes" | "items">,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const columns = Object.entries(sized);
  if (columns.length === 0) return row;
  const href = EXPORT_DOWNLOADS[table]?.(row) ?? null;
  const out = { ...row };
  for (const [column, unit] of columns) out[column] = row[column] == null ? null : { [unit]: row[column], href };
  return out;
}

export function createAccountsService(ctx: ServiceContext) {
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
    publicUser,

    /** What forms need to know: the captcha to show and the social login buttons. */
    publicConfig() {
      return {
        captcha: ctx.captcha?.siteKey ? { siteKey: ctx.captcha.siteKey, version: ctx.captcha.version } : null,
        providers: Object.keys(ctx.oauth ?? {}) as OAuthProviderName[],
      };
    },

    oauthProvider(name: string): OAuthProvider {
      const provider = ctx.oauth?.[name as OAuthProviderName];
      if (!provider) throw new ServiceError(404, "auth.socialUnavailable");
      return provider;
    },

    /** The account of a session token (cookie or bearer), or null. */
    async bySession(token: string | null | undefined): Promise<(User & { rememberMe: boolean }) | null> {
      if (!token || token.length > 100) return null;
      return q.sessionUser(ctx.pool, hashToken(token), ctx.clock.now());
    },

    async identities(user: User) {
      return q.identitiesOf(ctx.pool, user.id);
    },

    /**
     * Registration. A taken address gets the same answer as a new one (and its owner a mail saying so),
     * so that the form cannot tell who has an account.
     */
    async register(input: Record<string, unknown>, client: Client): Promise<void> {
      // Only a valid submission spends the address's registrations: a mistyped form costs nothing.
      const v = parse(RegisterInput, input);
      await requireCaptcha(client, "register");
      await rateLimit("register", client.ip);
      const user = await q.insertUser(ctx.pool, {
        email: v.email,
        passwordHash: await hash(v.password),
        firstName: v.firstName,
        lastName: v.lastName,
        languageCode: v.languageCode,
        timezone: v.timezone ?? null,
        newsletterKey: newToken(),
        verified: false,
      });
      if (user) {
        if (client.affiliateId && (await affiliates.userExists(ctx.pool, client.affiliateId))) {
          await affiliates.insertReferral(ctx.pool, user.id, client.affiliateId);
        }
        await mailLink(user, "verify");
      } else {
        const existing = await q.userByEmail(ctx.pool, v.email);
        if (existing)
          await sendAccountMail(
            ctx.mailer,
            existing,
            "alreadyRegistered",
            link(localePage(existing.languageCode, "forgotPassword"), {}),
          );
      }
    },

    /** The mailed verification link; false when it is unknown, used or expired (the activationKO page). */
    async verify(userId: number, key: string): Promise<boolean> {
      if (!isId(userId) || !key) return false;
      return inTransaction(ctx.pool, async (tx) => {
        if (!(await q.consumeUserToken(tx, hashToken(key), userId, "verify", ctx.clock.now()))) return false;
        await q.markVerified(tx, userId);
        return true;
      });
    },

    /** 'Send an activation link again': the same answer whether or not the address has an account. */
    async sendActivationLink(address: string, languageCode: string | undefined, _client: Client): Promise<void> {
      const v = parse(z.object({ email }), { email: address });
      // Counted per mailbox, not per client address: a link anyone can embed (the API's GET) blocks nobody's resets.
      await limits.take("activation", v.email);
      const user = await q.userByEmail(ctx.pool, v.email);
      if (!user || user.emailVerifiedAt) return;
      if (languageCode && (LOCALES as readonly string[]).includes(languageCode) && languageCode !== user.languageCode) {
        await q.updateUser(ctx.pool, user.id, { languageCode });
        user.languageCode = languageCode;
      }
      await mailLink(user, "verify");
    },

    /** True when the login form must show the captcha: repeated failures of the account, or a limit reached. */
    async loginNeedsCaptcha(address: string, ip: string | null = null): Promise<boolean> {
      if (!ctx.captcha?.siteKey) return false;
      const email = address.trim().toLowerCase();
      if ((await limits.current("loginFailuresAccount", email)) >= LOGIN_FAILURES_BEFORE_CAPTCHA) return true;
      for (const [name, subject] of loginCounters(email, ip))
        if ((await limits.retryAfter(name, subject)) > 0) return true;
      return false;
    },

    /**
     * Login. Failures are throttled per account and address, per account and per address (never all of an
     * address's people for one account's guesses); over a limit the captcha, when configured, lets a person
     * with the right password in, otherwise 429 says how long to wait.
     */
    async login(input: Record<string, unknown>, client: Client, previousToken?: string | null): Promise<Session> {
      const v = parse(LoginInput, input);
      const email = v.email.trim().toLowerCase();
      const counters = loginCounters(email, client.ip);
      let wait = 0;
      for (const [name, subject] of counters) wait = Math.max(wait, await limits.retryAfter(name, subject));
      if (wait > 0 && !ctx.captcha?.siteKey) throw tooManyRequests(wait);
      if (wait > 0 || (await this.loginNeedsCaptcha(email, client.ip))) await requireCaptcha(client, "login");
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
    },

    /** Social login: a known identity signs in; a verified address of an existing account links to it. */
    async socialLogin(profile: SocialProfile, languageCode: string, previousToken?: string | null): Promise<Session> {
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
    },

    async logout(token: string | null | undefined): Promise<void> {
      if (token) await q.deleteSession(ctx.pool, hashToken(token));
    },

    /** 'Forgot password': always the same answer, so the form tells nobody which addresses have accounts. */
    async requestPasswordReset(address: string, client: Client): Promise<void> {
      await rateLimit("reset", client.ip);
      const v = parse(z.object({ email }), { email: address });
      await requireCaptcha(client, "reset");
      const user = await q.userByEmail(ctx.pool, v.email);
      if (user) await mailLink(user, "reset");
    },

    async resetLinkValid(userId: number, key: string): Promise<boolean> {
      if (!isId(userId) || !key) return false;
      return q.userTokenValid(ctx.pool, hashToken(key), userId, "reset", ctx.clock.now());
    },

    /** Sets a new password from a reset link; every session of the account ends. */
    async resetPassword(userId: number, key: string, input: Record<string, unknown>): Promise<void> {
      const v = parse(NewPassword, input);
      if (!isId(userId)) throw new ServiceError(400, "auth.resetLinkInvalid");
      const passwordHash = await hash(v.password);
      const done = await inTransaction(ctx.pool, async (tx) => {
        if (!(await q.consumeUserToken(tx, hashToken(key), userId, "reset", ctx.clock.now()))) return false;
        await q.updateUser(tx, userId, { passwordHash });
        // Following the mailed link proves the address too.
        await q.markVerified(tx, userId);
        await q.deleteSessionsOf(tx, userId);
        return true;
      });
      if (!done) throw new ServiceError(400, "auth.resetLinkInvalid");
    },

    async changePassword(user: User, input: Record<string, unknown>, currentToken: string | null): Promise<void> {
      const parsed = NewPassword.safeParse(input);
      const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
      const currentOk = user.passwordHash === null || (await verify(user.passwordHash, current));
      if (!parsed.success || !currentOk) {
        throw new ServiceError(
          400,
          "profile.passwordChangeFailed",
          parsed.success ? { currentPassword: "profile.passwordChangeFailed" } : fieldErrorsOf(parsed.error.issues),
        );
      }
      await q.updateUser(ctx.pool, user.id, { passwordHash: await hash(parsed.data.password) });
      // Other browsers signed in with the old password are signed out.
      await q.deleteSessionsOf(ctx.pool, user.id, currentToken ? hashToken(currentToken) : undefined);
    },

    /** POST /users/me: any subset of the profile, the notification flags, the language or the preferences. */
    async update(user: User, input: Record<string, unknown>): Promise<User> {
      const v = parse(ProfilePatch, input);
      if (v.telegramUsername) v.telegramUsername = v.telegramUsername.replace(/^@/, "");
      if (
        (v.telegramNotificationsEnabled || v.telegramPreMatchNotificationsEnabled) &&
        !(v.telegramUsername ?? user.telegramUsername)
      ) {
        throw new ServiceError(400, "errors.checkFields", { telegramUsername: "profile.telegramRequired" });
      }
      return (await q.updateUser(ctx.pool, user.id, v))!;
    },

    async newsletterUnsubscribe(userId: number, key: string): Promise<void> {
      if (!isId(userId) || !key || !(await q.unsubscribeNewsletter(ctx.pool, userId, key))) {
        throw new ServiceError(400, "profile.unsubscribeInvalid");
      }
    },

    async filterNotificationSettings(user: User, type: string) {
      const settings = await q.filterNotificationSettings(ctx.pool, user.id, parse(FilterType, type));
      return { type, ...DEFAULT_FILTER_NOTIFICATION_SETTINGS, ...settings };
    },

    async saveFilterNotificationSettings(user: User, input: Record<string, unknown>) {
      const v = parse(FilterNotificationSettingsInput, input);
      const { type, ...settings } = v;
      await q.saveFilterNotificationSettings(ctx.pool, user.id, type, settings);
      return { type, ...DEFAULT_FILTER_NOTIFICATION_SETTINGS, ...settings };
    },

    /**
     * Everything stored about the account as one JSON document (data portability), in pieces of text: the
     * account, its named sections, then the rows of every other table that refers to it, a batch at a time.
     * Stored files and derived data (a backtest's .xlsx and picks) are referenced by their download path and
     * size, not inlined.
     */
    async *exportStream(user: User): AsyncGenerator<string> {
      const { passwordHash: _hash, newsletterKey: _key, ...account } = user;
      yield `{"exportedAt":${JSON.stringify(ctx.clock.now().toISOString())},"account":${JSON.stringify(account)}`;
      for (const [name, value] of Object.entries(await q.userDataExport(ctx.pool, user.id)))
        yield `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
      yield ',"otherRecords":{';
      let open: string | null = null;
      for await (const batch of q.userRecordBatches(ctx.pool, user.id)) {
        const rows = batch.rows
          .map((row) => JSON.stringify(withFileReferences(batch.table, batch.sized, row)))
          .join(",");
        if (batch.key === open) yield `,${rows}`;
        else {
          yield `${open === null ? "" : "],"}${JSON.stringify(batch.key)}:[${rows}`;
          open = batch.key;
        }
      }
      yield `${open === null ? "" : "]"}}}`;
    },

    /** The export as one object (tests, small accounts); the API streams exportStream. */
    async exportData(user: User): Promise<Record<string, unknown>> {
      let text = "";
      for await (const piece of this.exportStream(user)) text += piece;
      return JSON.parse(text) as Record<string, unknown>;
    },

    /** Deletes the account and everything it owns; an account with a password must confirm with it. */
    async deleteAccount(user: User, confirmPassword: string | undefined): Promise<void> {
      if (user.passwordHash && !(confirmPassword && (await verify(user.passwordHash, confirmPassword)))) {
        throw new ServiceError(400, "profile.deleteWrongPassword", { password: "profile.deleteWrongPassword" });
      }
      // The votes go with the account (they are the account's, "user:<id>"), in one transaction.
      await inTransaction(ctx.pool, (tx) => q.deleteUser(tx, user.id, voterOf(user.id, null)!));
    },

    async cleanUp(): Promise<number> {
      const now = ctx.clock.now();
      await q.deleteOldRateLimits(ctx.pool, new Date(now.getTime() - 86_400_000));
      return q.deleteExpiredSessions(ctx.pool, now);
    },
  };
}

const FilterType = z.enum(["live", "prematch"], { error: "apiErrors.filterType" });

/** SPEC §3 filter notification settings: the list lives with the alerts that read it. */
const FILTER_NOTIFICATION_FIELDS = NOTIFICATION_FIELDS;

/** Which figures an alert message carries (SPEC §3 filter notification settings): all of them by default. */
const DEFAULT_FILTER_NOTIFICATION_SETTINGS = Object.fromEntries(
  FILTER_NOTIFICATION_FIELDS.map((f) => [f, true]),
) as Record<(typeof FILTER_NOTIFICATION_FIELDS)[number], boolean>;

const FilterNotificationSettingsInput = z
  .object({ type: FilterType, id: z.number().optional() })
  .extend(
    Object.fromEntries(FILTER_NOTIFICATION_FIELDS.map((f) => [f, z.boolean().optional()])) as Record<
      (typeof FILTER_NOTIFICATION_FIELDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .transform(({ id: _id, ...rest }) => rest);
