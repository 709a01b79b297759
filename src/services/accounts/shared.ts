import { z } from "zod";
import type { OAuthProviderName } from "../../data/oauth.ts";
import type * as q from "../../db/queries/users.ts";
import { MATCH_EVENTS, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../../domain/accounts/rules.ts";
import { NOTIFICATION_FIELDS } from "../../domain/alerts/content.ts";
import { isOddsFormat } from "../../domain/odds-format.ts";
import { isValidTimeZone } from "../../domain/time/zones.ts";
import { LOCALES } from "../../i18n/locales.ts";
import { ServiceError, fieldErrorsOf } from "../errors.ts";

export type User = q.UserRow;
export type { OAuthProviderName };

/** Who is calling: the client address for rate limits and the captcha answer of the form. */
export interface Client {
  ip: string | null;
  captcha?: string;
  /** the affiliate whose tracking link brought this visitor (the `via` cookie) */
  affiliateId?: number | null;
}

export const email = z
  .string({ error: "auth.invalidEmail" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "auth.invalidEmail" }));
export const password = z
  .string({ error: "auth.required" })
  .min(PASSWORD_MIN, { error: "auth.passwordTooShort" })
  .max(PASSWORD_MAX, { error: "auth.passwordTooLong" });
export const name = z
  .string({ error: "auth.required" })
  .trim()
  .min(1, { error: "auth.required" })
  .max(NAME_MAX, { error: "auth.nameTooLong" });
export const locale = z.enum(LOCALES).catch("en");
export const timezone = z
  .string()
  .refine((tz) => isValidTimeZone(tz), { error: "profile.invalidTimezone" })
  .nullable();

export const RegisterInput = z
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

export const LoginInput = z.object({
  email,
  password: z.string({ error: "auth.required" }).min(1, { error: "auth.required" }),
  rememberMe: z.boolean().default(false),
});

export const NewPassword = z
  .object({ password, confirmPassword: z.string({ error: "auth.required" }) })
  .refine((v) => v.password === v.confirmPassword, { error: "auth.passwordsDiffer", path: ["confirmPassword"] });

export const Preferences = z
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

export const ProfilePatch = z
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

export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
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
export const EXPORT_DOWNLOADS: Record<string, (row: Record<string, unknown>) => string | null> = {
  // the .xlsx (made from the picks on first download) holds one row per pick
  prematch_backtests: (row) =>
    row.excel != null || row.pickRows != null ? `/api/v1/prematch/backtests/${row.id}/excel` : null,
};

/** A row of the export with its sized columns as references: { bytes | items, href } (null where nothing is stored). */
export function withFileReferences(
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

export const FilterType = z.enum(["live", "prematch"], { error: "apiErrors.filterType" });

/** SPEC §3 filter notification settings: the list lives with the alerts that read it. */
export const FILTER_NOTIFICATION_FIELDS = NOTIFICATION_FIELDS;

/** Which figures an alert message carries (SPEC §3 filter notification settings): all of them by default. */
export const DEFAULT_FILTER_NOTIFICATION_SETTINGS = Object.fromEntries(
  FILTER_NOTIFICATION_FIELDS.map((f) => [f, true]),
) as Record<(typeof FILTER_NOTIFICATION_FIELDS)[number], boolean>;

export const FilterNotificationSettingsInput = z
  .object({ type: FilterType, id: z.number().optional() })
  .extend(
    Object.fromEntries(FILTER_NOTIFICATION_FIELDS.map((f) => [f, z.boolean().optional()])) as Record<
      (typeof FILTER_NOTIFICATION_FIELDS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict()
  .transform(({ id: _id, ...rest }) => rest);
