import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "../../src/i18n/locales.ts";
import { parsePath, routePatterns, translatePath, translatedSlugRedirect } from "../../src/i18n/paths.ts";

/** The fixed words of a locale's route patterns (parameters left out). */
const words = (locale: (typeof LOCALES)[number]) =>
  new Set(routePatterns(locale).flatMap((r) => r.path.split("/").filter((w) => w && !w.startsWith(":") && w !== locale)));

/** SPEC §2.1: only the value-bet bot keeps its English slug everywhere; /vip is the section of every VIP page. */
const SAME_EVERYWHERE = new Set(["vip", "value-bet-bot"]);

/** Words a language really shares with English for the same page (checked one by one, not copies). */
const SHARED: Partial<Record<(typeof LOCALES)[number], string[]>> = {
  de: ["faq", "trends"],
  fr: ["faq", "contact"],
  it: ["faq", "privacy"],
  pl: ["faq"],
  ro: ["contact"],
};

describe("translated slugs (SPEC §2.1)", () => {
  const english = words(DEFAULT_LOCALE);
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    it(`${locale}: no English word left in its paths`, () => {
      const allowed = new Set([...SAME_EVERYWHERE, ...(SHARED[locale] ?? [])]);
      expect([...words(locale)].filter((w) => english.has(w) && !allowed.has(w))).toEqual([]);
    });
  }

  it("redirects the English paths under a locale prefix to the translated ones", () => {
    expect(translatedSlugRedirect("/de/vip/football-betting-tools")).toBe("/de/vip/fussball-wett-tools");
    expect(translatedSlugRedirect("/ru/vip/football-trends")).toBe("/ru/vip/futbolnye-trendy");
    expect(translatedSlugRedirect("/tr/vip/betting-market-statistics")).toBe("/tr/vip/bahis-pazari-istatistikleri");
    expect(translatedSlugRedirect("/de/favourites")).toBe("/de/favoriten");
    expect(translatedSlugRedirect("/de/auth/login")).toBe("/de/konto/anmelden");
    expect(translatedSlugRedirect("/fr/vip/leagues-groups/12")).toBe("/fr/vip/groupes-de-championnats/12");
    expect(translatedSlugRedirect("/pl/team/arsenal_3")).toBe("/pl/druzyna/arsenal_3");
    expect(translatedSlugRedirect("/es/football-predictions-today/btts")).toBe("/es/pronosticos-futbol-hoy/ambos-marcan");
    // Pages already at their address, English pages and unknown paths are left alone.
    expect(translatedSlugRedirect("/de/konto/anmelden")).toBeNull();
    expect(translatedSlugRedirect("/de/faq")).toBeNull();
    expect(translatedSlugRedirect("/auth/login")).toBeNull();
    expect(translatedSlugRedirect("/de/nothing-here")).toBeNull();
  });

  it("finds every page of every locale from its path and back", () => {
    for (const locale of LOCALES) {
      for (const route of routePatterns(locale)) {
        const path = route.path.replace(/:(\w+)/g, (_m, k: string) => (k === "type" ? "1x2" : k === "country" ? "x_1" : "x_1"));
        if (route.path.includes(":type") || route.path.includes(":country")) continue;
        expect(parsePath(path)?.page, path).toBe(route.id.slice(0, route.id.lastIndexOf(".")));
        expect(translatePath(path, DEFAULT_LOCALE), path).not.toBeNull();
      }
    }
  });
});
