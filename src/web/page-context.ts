import { data } from "react-router";
import { idFromText } from "../domain/ids.ts";
import { NUL_MESSAGE, badEntryIn, hasNul } from "../domain/input-text.ts";
import { isValidTimeZone } from "../domain/time/zones.ts";
import { createI18n } from "../i18n/i18n.ts";
import { LOCALES, type Locale, LOCALE_TAGS, type Messages, localeOfPath } from "../i18n/locales.ts";
import { translatePath } from "../i18n/paths.ts";
import { readPreferenceCookies } from "./preferences.tsx";

/**
 * What every loader needs from the request: the locale of the path and the visitor's zone. A NUL character in the
 * path or the query is refused here for every page (400 with its message: the one input rule of
 * `domain/input-text.ts`), before a loader hands it to a service.
 */
export function pageContext(request: Request) {
  const url = new URL(request.url);
  if (nulInUrl(url)) throw data(NUL_MESSAGE, { status: 400 });
  const prefs = readPreferenceCookies(request.headers.get("Cookie"));
  const timeZone = prefs.timeZone && isValidTimeZone(prefs.timeZone) ? prefs.timeZone : "UTC";
  return { url, locale: localeOfPath(url.pathname), timeZone, oddsFormat: prefs.oddsFormat };
}

export function notFound(): never {
  throw data(null, { status: 404 });
}

function nulInUrl(url: URL): boolean {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape holds no NUL
  }
  return hasNul(path) || badEntryIn(url.searchParams.entries()) !== null;
}

/** A page's refusal of its input: 400 with a message key (and its values) that the error page shows translated. */
export function badPageInput(key: string, params?: Record<string, string | number>): never {
  throw data({ key, params }, { status: 400 });
}

/**
 * A number of a page's query (`?minNumberOfLeagues=25`): absent or empty gives the fallback; otherwise plain
 * decimal notation (no `1e3`, `0x10`, ` 1`, `1e-320`) within the bounds, whole when asked, else a 400 naming it.
 */
export function queryNumber(
  url: URL,
  name: string,
  fallback: number,
  bounds: { min: number; max: number; whole?: boolean },
): number {
  const text = url.searchParams.get(name);
  if (text === null || text === "") return fallback;
  const pattern = bounds.whole ? /^-?\d{1,9}$/ : /^-?\d{1,9}(\.\d{1,6})?$/;
  const value = Number(text);
  if (!pattern.test(text) || value < bounds.min || value > bounds.max) {
    badPageInput(bounds.whole ? "apiErrors.wholeNumberRange" : "apiErrors.numberRange", {
      field: name,
      min: bounds.min,
      max: bounds.max,
    });
  }
  return value;
}

/** The id of a page's path or query (`/vip/live-scanner/42`): the one id rule (1 to 2³¹−1, digits only), else 404. */
export function pageId(value: string | null | undefined): number {
  const id = idFromText(value);
  if (id === null) notFound();
  return id;
}

/** A translator for meta functions, from the messages the root loader sent. */
export function metaT(locale: Locale, matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  const root = matches.find((m) => m?.id === "root")?.data as { messages?: Messages } | undefined;
  return createI18n(locale, root?.messages).t;
}

/** Title, description, canonical link and hreflang alternates of a page in every locale. */
export function seo(args: { origin: string; pathname: string; title: string; description?: string }) {
  const tags: Array<Record<string, string>> = [{ title: `${args.title} | Pitchlab` }];
  if (args.description) tags.push({ name: "description", content: args.description });
  tags.push({ tagName: "link", rel: "canonical", href: `${args.origin}${args.pathname}` });
  for (const locale of LOCALES) {
    const path = translatePath(args.pathname, locale);
    if (path)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_TAGS[locale], href: `${args.origin}${path}` });
  }
  const xDefault = translatePath(args.pathname, "en");
  if (xDefault)
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${args.origin}${xDefault}` });
  return tags;
}
