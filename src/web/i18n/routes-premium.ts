import type { Locale } from "./locales.ts";

/** Routes of the premium pages, with their slugs per locale; `p` is the locale prefix ("" for English). */
export function premiumRoutes(_locale: Locale, _p: string): Array<{ id: string; path: string; file: string }> {
  return [];
}
