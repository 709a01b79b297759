import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "../../src/i18n/locales.ts";
import { parsePath, routePatterns, translatePath, translatedSlugRedirect } from "../../src/i18n/paths.ts";
import { SAME_EVERYWHERE, SHARED, routeWords } from "../support/locale-words.ts";

describe("translated slugs (SPEC §2.1)", () => {
  const english = routeWords(DEFAULT_LOCALE);
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    it(`${locale}: no English word left in its paths`, () => {
      const allowed = new Set([...SAME_EVERYWHERE, ...(SHARED[locale] ?? [])]);
      expect([...routeWords(locale)].filter((w) => english.has(w) && !allowed.has(w))).toEqual([]);
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
    expect(translatedSlugRedirect("/es/football-predictions-today/btts")).toBe(
      "/es/pronosticos-futbol-hoy/ambos-marcan",
    );
    // Pages already at their address, English pages and unknown paths are left alone.
    expect(translatedSlugRedirect("/de/konto/anmelden")).toBeNull();
    expect(translatedSlugRedirect("/de/faq")).toBeNull();
    expect(translatedSlugRedirect("/auth/login")).toBeNull();
    expect(translatedSlugRedirect("/de/nothing-here")).toBeNull();
  });

  it("finds every page of every locale from its path and back", () => {
    for (const locale of LOCALES) {
      for (const route of routePatterns(locale)) {
        const path = route.path.replace(/:(\w+)/g, (_m, k: string) =>
          k === "type" ? "1x2" : k === "country" ? "x_1" : "x_1",
        );
        // A preview's slug carries its language's word for "prediction": tests/unit/previews.test.ts translates those.
        if (route.path.includes(":type") || route.path.includes(":country") || route.path.includes(":preview"))
          continue;
        expect(parsePath(path)?.page, path).toBe(route.id.slice(0, route.id.lastIndexOf(".")));
        expect(translatePath(path, DEFAULT_LOCALE), path).not.toBeNull();
      }
    }
  });
});
