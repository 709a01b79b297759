import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../src/i18n/locales.ts";
import { translatePath } from "../../src/i18n/paths.ts";
import { englishCountryNamesIn } from "../support/country-names.ts";
import { englishOnlyWords } from "../support/locale-words.ts";
import { PUBLIC_PAGES, firstMatchPath } from "../support/public-pages.ts";

/**
 * Every public page in the 10 other locales, as a visitor gets it from the server: reached at its translated
 * address, linking only to translated addresses, and naming no country in English where the language has its
 * own name for it (league selectors, tables, filter results, headings; tests/support/country-names.ts).
 */
const baseUrl = inject("baseUrl");
const OTHER_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Paths of the data pages (a match, a league, a country, a team), found on the English pages. */
let dataPages: string[] = [];
beforeAll(async () => {
  const leagues = await (await fetch(`${baseUrl}/leagues`)).text();
  const match = await firstMatchPath(baseUrl);
  const league = /href="(\/league\/predictions\/[^"?]+)"/.exec(leagues)?.[1];
  // The league's standings link every team.
  const standings = league ? await (await fetch(`${baseUrl}${league}?tab=ranking`)).text() : "";
  dataPages = [
    league,
    /href="(\/countries\/[^"?]+)"/.exec(leagues)?.[1],
    match,
    /href="(\/team\/[^"?]+)"/.exec(standings)?.[1],
  ].filter((p): p is string => Boolean(p));
  // A match, a league, a country and a team: all four must exist for the walk to mean something.
  expect(dataPages).toHaveLength(4);
});

async function check(locale: Locale, english: string) {
  const path = translatePath(english, locale);
  expect(path, `${english} has no ${locale} address`).not.toBeNull();
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path!).toBeLessThan(400);
  const html = await response.text();
  const forbidden = englishOnlyWords(locale);
  const finalPath = new URL(response.url).pathname;
  const links = [finalPath, ...[...html.matchAll(/href="(\/[^"?#]*)/g)].map((m) => m[1]!)].filter((href) =>
    href.startsWith(`/${locale}/`),
  );
  const english_slugs = links.filter((href) => href.split("/").some((w) => forbidden.has(w)));
  expect([...new Set(english_slugs)], `English slugs on ${path}`).toEqual([]);
  expect(englishCountryNamesIn(html, locale), `English country names on ${path}`).toEqual([]);
}

describe.each(OTHER_LOCALES)("%s walk", (locale) => {
  it.each(PUBLIC_PAGES)(`${locale}: %s`, async (english) => {
    await check(locale, english);
  });
  it(`${locale}: a match, a league, a country and a team`, async () => {
    for (const english of dataPages) await check(locale, english);
  });
  it(`${locale}: an English address under the locale prefix leads to the translated one (301)`, async () => {
    const response = await fetch(`${baseUrl}/${locale}/vip/football-betting-tools?x=1`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${translatePath("/vip/football-betting-tools", locale)}?x=1`);
  });
});
