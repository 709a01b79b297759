import type { Context } from "hono";
import { ServiceError } from "../../services/errors.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import type { RequestVars } from "../request-context.ts";

/** The caller's language: ?language=, the account's language, Accept-Language, else English. */
export function requestLocale(c: Context<{ Variables: RequestVars }>): Locale {
  const query = c.req.query("language");
  if (isLocale(query)) return query;
  const user = c.get("user");
  if (user && isLocale(user.languageCode)) return user.languageCode;
  for (const part of (c.req.header("accept-language") ?? "").split(",")) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

/** A refusal as JSON: the message in the caller's language, its key as `code`, and per-field messages. */
export function serviceErrorResponse(c: Context<{ Variables: RequestVars }>, error: ServiceError) {
  const locale = requestLocale(c);
  const body: { error: string; code: string; fields?: Record<string, string> } = { error: translate(locale, error.message, error.vars), code: error.message };
  if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
  if (error.fields) body.fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translate(locale, v)]));
  return c.json(body, error.status);
}

export function requireUser(c: Context<{ Variables: RequestVars }>) {
  const user = c.get("user");
  if (!user) throw new ServiceError(401, "auth.loginRequired");
  return user;
}
