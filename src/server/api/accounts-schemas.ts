/** The request bodies and the export of the accounts API (accounts.ts, accounts-profile.ts). */
import { type ApiContext, idNumber, idText, z } from "./contract.ts";

/** An id in a body sent as JSON (a number) or as a form (its digits). */
const bodyId = z.union([idNumber, idText.openapi({ type: "string", pattern: "^[1-9][0-9]{0,9}$", example: "1" })]);

const text = (description?: string) =>
  z
    .string()
    .max(10_000)
    .optional()
    .openapi(description ? { description } : {});
const flag = z.union([z.boolean(), z.enum(["true", "false", "on"])]).optional();
const captcha = {
  captcha: text("reCAPTCHA answer, when configured"),
  "g-recaptcha-response": text("the same, as reCAPTCHA's widget names it"),
};

export const RegisterBody = z
  .object({
    firstName: text(),
    lastName: text(),
    email: text(),
    password: text(),
    confirmPassword: text(),
    terms: flag.openapi({ description: "true: the terms and the privacy policy are accepted" }),
    languageCode: text("one of the 11 locales; default en"),
    timezone: z.string().max(64).nullable().optional(),
    ...captcha,
  })
  .openapi("Registration");
export const LoginBody = z.object({ email: text(), password: text(), rememberMe: flag, ...captcha }).openapi("Login");
export const EmailBody = z.object({ email: text(), ...captcha }).openapi("PasswordResetRequest");
const PreferencesBody = z
  .object({
    oddsFormat: z.number().optional(),
    theme: z.enum(["light", "dark"]).optional(),
    bookmakerCountry: z.number().optional(),
    showHomeUpperDescription: z.boolean().optional(),
    topLeagues: z.object({ countryCode: z.string(), expiresAt: z.number() }).optional(),
  })
  .openapi("Preferences");
export const ProfileBody = z
  .object({
    firstName: text(),
    lastName: text(),
    username: z.string().max(200).nullable().optional(),
    languageCode: text(),
    timezone: z.string().max(64).nullable().optional(),
    newsletter: z.boolean().optional(),
    telegramUsername: z.string().max(64).nullable().optional(),
    telegramNotificationsEnabled: z.boolean().optional(),
    telegramPreMatchNotificationsEnabled: z.boolean().optional(),
    valueBetNotificationsEnabled: z.boolean().optional(),
    notificationEvents: z.array(z.string().max(32)).max(50).optional(),
    preferences: PreferencesBody.optional(),
  })
  .openapi("ProfileUpdate");
export const TimezoneBody = z.object({ timezone: z.string().max(64).nullable().optional() }).openapi("TimezoneUpdate");
export const PasswordChangeBody = z
  .object({ currentPassword: text(), password: text(), confirmPassword: text() })
  .openapi("PasswordChange");
export const DeleteAccountBody = z
  .object({ password: text("the password, for an account that has one") })
  .openapi("AccountDeletion");
export const NewPasswordBody = z
  .object({
    users_id: bodyId,
    users_key: z.string().max(200),
    password: text(),
    confirmPassword: text(),
  })
  .openapi("PasswordReset");
export const UnsubscribeBody = z
  .object({ user_id: bodyId, user_key: z.string().max(200) })
  .openapi("NewsletterUnsubscribe");
export const FilterNotificationBody = z
  .object({ type: z.enum(["live", "prematch"]) })
  .catchall(z.boolean())
  .openapi("FilterNotificationSettings", {
    description: "type, and true/false per figure (roi, successPercentage, picks, odds1x2, …)",
  });

/** A body sent as JSON or as an HTML form (links in mails post forms). */
export const formOrJson = <T extends z.ZodType>(schema: T) => ({
  // not `required`: with both types required, the JSON validator would refuse a form and the form one JSON
  body: { content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } } },
});
/** The validated body of a formOrJson route, whichever content type came. */
export function formOrJsonBody<T extends z.ZodType>(c: ApiContext, schema: T): z.infer<T> {
  const type = c.req.header("content-type") ?? "";
  const raw = type.includes("json")
    ? c.req.valid("json" as never)
    : type.includes("form")
      ? c.req.valid("form" as never)
      : undefined;
  return schema.parse(raw) as z.infer<T>;
}

export const signedIn = { 401: "Not signed in" } as const;
export const attempts = { 429: "Too many attempts" } as const;
/** A JSON value (the export holds the account's rows as they are stored). */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const isJson = (value: unknown): value is Json =>
  value === null ||
  typeof value === "string" ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (Array.isArray(value) ? value.every(isJson) : typeof value === "object" && Object.values(value).every(isJson));
/**
 * In the document, a JSON value two levels deep and anything below: a self-referencing schema becomes a
 * self-referencing type that `tsc --strict` refuses in the client types openapi-typescript writes.
 */
const JSON_TYPES: Array<"string" | "number" | "boolean" | "null" | "array" | "object"> = [
  "string",
  "number",
  "boolean",
  "null",
  "array",
  "object",
];
const ANY_JSON = { type: JSON_TYPES };
const JsonValue = z.custom<Json>(isJson, { error: "apiErrors.validation.invalid" }).openapi("JsonValue", {
  description: "any JSON value",
  ...ANY_JSON,
  items: { ...ANY_JSON, additionalProperties: true },
  additionalProperties: { ...ANY_JSON, additionalProperties: true },
});
const Rows = z.array(z.record(z.string(), JsonValue));
export const AccountExport = z
  .object({
    exportedAt: z.string(),
    account: z.record(z.string(), JsonValue),
    affiliate: z.object({
      referredBy: z.record(z.string(), JsonValue).nullable(),
      referrals: Rows,
      clicks: Rows,
      commissions: Rows,
      payouts: Rows,
    }),
    otherRecords: z
      .record(z.string(), Rows)
      .openapi({ description: "rows of every other table that refers to the account, by table" }),
  })
  .catchall(Rows)
  .openapi("AccountExport", {
    description:
      "the account, then every table's rows that belong to it (sessions, identities, favourites, payments, …)",
  });
