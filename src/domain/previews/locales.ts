/** Match previews are written in these five languages only (SPEC §1). */
export const PREVIEW_LOCALES = ["en", "fr", "it", "pt", "es"] as const;
export type PreviewLocale = (typeof PREVIEW_LOCALES)[number];

export function isPreviewLocale(value: string | undefined): value is PreviewLocale {
  return value !== undefined && (PREVIEW_LOCALES as readonly string[]).includes(value);
}

export const PREVIEW_TAGS: Record<PreviewLocale, string> = {
  en: "en-GB",
  fr: "fr-FR",
  it: "it-IT",
  pt: "pt-BR",
  es: "es-ES",
};

/** The words of a preview's slug per language: "{home}-{away}-{words}_{fixtureId}". */
export const SLUG_WORDS: Record<PreviewLocale, string> = {
  en: "preview-prediction",
  fr: "avant-match-pronostic",
  it: "anteprima-pronostico",
  pt: "previa-palpite",
  es: "previa-pronostico",
};
