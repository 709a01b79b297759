import { PREVIEW_LOCALES, type PreviewLocale, SLUG_WORDS, isPreviewLocale } from "../domain/previews/locales.ts";
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/**
 * Match previews exist in five languages only (SPEC §1): their pages are routes of these locales and
 * nowhere else, so /de/..., /ru/... answer 404 (no redirect to English: a German reader sent to an
 * English article without asking, and search engines seeing six more addresses of the same page,
 * are both worse than an honest "not found"; hreflang tells them where the five versions are).
 */
export { PREVIEW_LOCALES, isPreviewLocale };
export type { PreviewLocale };

export const PREVIEWS_LIST_SLUGS: Record<PreviewLocale, string> = {
  en: "football-match-previews-with-predictions",
  fr: "avant-matchs-football-avec-pronostics",
  it: "anteprime-partite-calcio-con-pronostici",
  pt: "previas-jogos-futebol-com-palpites",
  es: "previas-partidos-futbol-con-pronosticos",
};

export const PREVIEW_SEGMENTS: Record<PreviewLocale, string> = {
  en: "match-preview",
  fr: "avant-match",
  it: "anteprima-partita",
  pt: "previa-jogo",
  es: "previa-partido",
};

const prefixOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

export function previewsListPath(locale: PreviewLocale): string {
  return `${prefixOf(locale)}/${PREVIEWS_LIST_SLUGS[locale]}`;
}

export function previewPath(locale: PreviewLocale, slug: string): string {
  return `${prefixOf(locale)}/${PREVIEW_SEGMENTS[locale]}/${slug}`;
}

/** The slug of the same preview in another language: the teams and id stay, the words change. */
export function translatePreviewSlug(slug: string, from: Locale, to: Locale): string | null {
  if (!isPreviewLocale(from) || !isPreviewLocale(to)) return null;
  const m = new RegExp(`^(.*)-${SLUG_WORDS[from]}_(\\d+)$`).exec(slug);
  return m ? `${m[1]}-${SLUG_WORDS[to]}_${m[2]}` : null;
}

/** Routes of the previews pages, in the five preview languages only; `p` is the locale prefix. */
export function previewsRoutes(locale: Locale, p: string): Array<{ id: string; path: string; file: string }> {
  if (!isPreviewLocale(locale)) return [];
  return [
    { id: "previews", path: `${p}/${PREVIEWS_LIST_SLUGS[locale]}`, file: "routes/previews/list.tsx" },
    { id: "preview", path: `${p}/${PREVIEW_SEGMENTS[locale]}/:preview`, file: "routes/previews/article.tsx" },
  ];
}
