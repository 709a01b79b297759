import { type AppLoadContext, data, redirect } from "react-router";
import { isServiceError } from "../services/errors.ts";
import { NUL_MESSAGE, badEntryIn } from "../domain/input-text.ts";
import { sessionCookie } from "../domain/accounts/session-cookie.ts";
import type { Session } from "../services/accounts.ts";
import { DEFAULT_LOCALE, type Locale, isLocale } from "../i18n/locales.ts";
import { homePath, pagePath, translatePath } from "../i18n/paths.ts";

const YEAR = 365 * 24 * 3600;

/** A redirect target from a query or form: a path of this site only (the same check as the OAuth callback's). */
export { safeTarget } from "../domain/safe-redirect.ts";

/** The page a protected loader sends a visitor to, remembering where they wanted to go (SPEC §4). */
export function requireUser(context: AppLoadContext, request: Request, locale: Locale) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * After a login: the session cookie, the account's preferences copied into the cookies the pages read, and
 * the target page in the account's language.
 */
export function redirectAfterLogin(session: Session, target: string | null, secure: boolean) {
  const user = session.user;
  const locale: Locale = isLocale(user.languageCode) ? user.languageCode : DEFAULT_LOCALE;
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(session.token, { ...session, secure }));
  const prefs = user.preferences as {
    oddsFormat?: number;
    theme?: string;
    showHomeUpperDescription?: boolean;
    bookmakerCountry?: number;
  };
  const cookie = (name: string, value: string) =>
    headers.append("Set-Cookie", `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
  if (prefs.oddsFormat) cookie("odds_format", String(prefs.oddsFormat));
  if (prefs.theme) cookie("theme", prefs.theme);
  if (prefs.bookmakerCountry !== undefined) cookie("bookmaker_country", String(prefs.bookmakerCountry));
  if (user.timezone) cookie("tz", user.timezone);
  if (prefs.showHomeUpperDescription === false) cookie("hide_home_desc", "1");
  cookie("i18n_redirected", locale);
  let path = homePath(locale);
  if (target) {
    const url = new URL(target, "http://localhost");
    path = (translatePath(url.pathname, locale) ?? url.pathname) + url.search;
  }
  return redirect(path, { headers });
}

export interface FormFailure {
  error: string;
  /** the placeholders of `error` ({{minutes}}) */
  vars?: Record<string, string | number>;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/**
 * Runs a form's service call; a refusal comes back as the form's messages with the values kept. The one input
 * rule (`domain/input-text.ts`) comes first: a field holding a NUL character is the form's error (400), and the
 * service is not called.
 */
export async function formAction<T>(values: Record<string, FormDataEntryValue>, call: () => Promise<T>) {
  const bad = badEntryIn(Object.entries(values));
  if (bad) {
    const kept = Object.fromEntries(
      Object.entries(values).filter(
        ([k, v]) => typeof v === "string" && !/password/i.test(k) && !v.includes("\u0000") && !k.includes("\u0000"),
      ),
    ) as Record<string, string>;
    return {
      ok: false as const,
      failure: data<FormFailure>(
        { error: NUL_MESSAGE, fields: { [bad.path]: NUL_MESSAGE }, values: kept },
        { status: 400 },
      ),
    };
  }
  try {
    return { ok: true as const, result: await call() };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const kept = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => typeof v === "string" && !/password/i.test(k)),
    ) as Record<string, string>;
    return {
      ok: false as const,
      failure: data<FormFailure>(
        { error: error.message, vars: error.params, fields: error.fields ?? {}, values: kept },
        { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
      ),
    };
  }
}
