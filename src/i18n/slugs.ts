import type { Locale } from "./locales.ts";
import { en } from "./slugs/en.ts";
import { de } from "./slugs/de.ts";
import { el } from "./slugs/el.ts";
import { es } from "./slugs/es.ts";
import { fr } from "./slugs/fr.ts";
import { it } from "./slugs/it.ts";
import { pl } from "./slugs/pl.ts";
import { pt } from "./slugs/pt.ts";
import { ro } from "./slugs/ro.ts";
import { ru } from "./slugs/ru.ts";
import { tr } from "./slugs/tr.ts";

/**
 * Translated URL segments (SPEC §2.1): English paths carry no prefix, every other locale is prefixed with
 * its code, and each segment is translated; parameters are kept. Slugs are lowercase ASCII with hyphens.
 */
export const PAGE_KEYS = [
  "predictionsToday",
  "predictionsTomorrow",
  "predictionsYesterday",
  "bestBets",
  "leagues",
  "countries",
  "league",
  "matches",
  "predictions",
  "faq",
  "contact",
  "privacy",
  "terms",
  "cookiePolicy",
  "machine",
  "leaguesStats",
  "predictability",
  "login",
  "register",
  "forgotPassword",
  "resetPassword",
  "verify",
  "profile",
  "unsubscribe",
  "favourites",
  // SPEC §2.3: where Apple posts its sign-in answer (PUBLIC_URL/apple, src/data/oauth.ts).
  "appleReturn",
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Category slugs by prediction kind code (0 = top tips). */
export const CATEGORY_CODES = [0, 1, 2, 3, 6, 7, 4, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;

export interface SlugTable {
  pages: Record<PageKey, string>;
  /** template of a country page slug: {countryName} and {countryId} are replaced */
  countryTemplate: string;
  categories: Record<(typeof CATEGORY_CODES)[number], string>;
}

export const SLUGS: Record<Locale, SlugTable> = { en, de, el, es, fr, it, pl, pt, ro, ru, tr };
// TRANSLATIONS-END
