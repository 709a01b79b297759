import { data } from "react-router";
import { isValidTimeZone } from "../domain/time/zones.ts";
import { createI18n } from "../i18n/i18n.ts";
import { LOCALES, type Locale, LOCALE_TAGS, type Messages, localeOfPath } from "../i18n/locales.ts";
import { translatePath } from "../i18n/paths.ts";
import { readPreferenceCookies } from "./preferences.tsx";

/** What every loader needs from the request: the locale of the path and the visitor's zone. */
export function pageContext(request: Request) {
  const url = new URL(request.url);
  const prefs = readPreferenceCookies(request.headers.get("Cookie"));
  const timeZone = prefs.timeZone && isValidTimeZone(prefs.timeZone) ? prefs.timeZone : "UTC";
  return { url, locale: localeOfPath(url.pathname), timeZone, oddsFormat: prefs.oddsFormat };
}

export function notFound(): never {
  throw data(null, { status: 404 });
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
    if (path) tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_TAGS[locale], href: `${args.origin}${path}` });
  }
  const xDefault = translatePath(args.pathname, "en");
  if (xDefault) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${args.origin}${xDefault}` });
  return tags;
}
