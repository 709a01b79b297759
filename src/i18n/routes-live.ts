import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/** Slug of the live-scores page per locale. */
export const LIVESCORES_SLUGS: Record<Locale, string> = {
  en: "livescores",
  de: "live-ergebnisse",
  el: "zontana-apotelesmata",
  es: "resultados-en-directo",
  fr: "scores-en-direct",
  it: "risultati-in-diretta",
  pl: "wyniki-na-zywo",
  pt: "resultados-ao-vivo",
  ro: "scoruri-live",
  ru: "rezultaty-online",
  tr: "canli-skorlar",
};

export function livescoresPath(locale: Locale): string {
  return `${locale === DEFAULT_LOCALE ? "" : `/${locale}`}/${LIVESCORES_SLUGS[locale]}`;
}

/** Routes of the live pages; `p` is the locale prefix ("" for English). */
export function liveRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  return [{ id: "livescores", path: `${p}/${LIVESCORES_SLUGS[locale]}`, file: "routes/live/livescores.tsx" }];
}
