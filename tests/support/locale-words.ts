import { DEFAULT_LOCALE, type Locale } from "../../src/i18n/locales.ts";
import { routePatterns } from "../../src/i18n/paths.ts";

/** SPEC §2.1: only the value-bet bot keeps its English slug everywhere; /vip is the section of every VIP page. */
export const SAME_EVERYWHERE = ["vip", "value-bet-bot"];

/** Words a language really shares with English for the same page (checked one by one, not copies). */
export const SHARED: Partial<Record<Locale, string[]>> = {
  de: ["faq", "trends"],
  fr: ["faq", "contact"],
  it: ["faq", "privacy"],
  pl: ["faq"],
  ro: ["contact"],
};

/** The fixed words of a locale's route patterns (parameters left out). */
export function routeWords(locale: Locale): Set<string> {
  return new Set(
    routePatterns(locale).flatMap((r) => r.path.split("/").filter((w) => w && !w.startsWith(":") && w !== locale)),
  );
}

/** English slug words that must not appear in a path of `locale`. */
export function englishOnlyWords(locale: Locale): Set<string> {
  const allowed = new Set([...SAME_EVERYWHERE, ...(SHARED[locale] ?? []), ...routeWords(locale)]);
  return new Set([...routeWords(DEFAULT_LOCALE)].filter((w) => !allowed.has(w)));
}
