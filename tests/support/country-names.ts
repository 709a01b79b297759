import type { Locale } from "../../src/i18n/locales.ts";
import { MESSAGES } from "../../src/i18n/messages.server.ts";

/** English country names that `locale` spells otherwise ("Austria" is "Österreich" in German). */
export function englishOnlyCountryNames(locale: Locale): string[] {
  const english = MESSAGES.en.countries as Record<string, string>;
  const own = MESSAGES[locale].countries as Record<string, string>;
  return Object.keys(english)
    .filter((key) => own[key] && own[key] !== english[key])
    .map((key) => english[key]!);
}

/** What separates the parts of a label: "Österreich · Bundesliga", "Bundesliga (Austria)", "Austria: Bundesliga". */
const SEPARATORS = /\s*[·|:,/()–—]\s*/;
const HEADINGS = /<(h[1-6]|title)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/gi;

function withoutCode(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "");
}

function text(html: string): string {
  return html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|&#160;/g, " ");
}

/**
 * The English country names a page of `locale` prints where the site names a country: a whole label or a part of
 * one (a country list, a league's "country · league" label, a breadcrumb, a selector's option, a table cell), or a
 * word of a heading or the title. A team named after a country ("Austria Vienna", "Austria Klagenfurt") is
 * a proper name, not a country: a country word followed by another capitalised word is left alone in headings,
 * and a team's whole name is never one label part.
 */
export function englishCountryNamesIn(html: string, locale: Locale): string[] {
  const names = englishOnlyCountryNames(locale);
  if (names.length === 0) return [];
  const known = new Set(names);
  const found = new Set<string>();
  const page = withoutCode(html);
  for (const chunk of page.split(/<[^>]*>/)) {
    for (const part of text(chunk).split(SEPARATORS)) {
      const label = part.trim();
      if (known.has(label)) found.add(label);
    }
  }
  const inHeading = new RegExp(`(?<![\\p{L}\\p{N}])(${names.join("|")})(?![\\p{L}\\p{N}])(?!\\s+\\p{Lu})`, "gu");
  for (const heading of page.matchAll(HEADINGS)) {
    const words = text(heading[2]!.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ");
    for (const match of words.matchAll(inHeading)) found.add(match[1]!);
  }
  return [...found].sort();
}
