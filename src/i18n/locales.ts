import type en from "./locales/en.json";
import type statsEn from "./locales/stats/en.json";
import type trendsEn from "./locales/trends/en.json";
import type previewsEn from "./locales/previews/en.json";
import type liveEn from "./locales/live/en.json";
import type limitsEn from "./locales/limits/en.json";
import type valuebetsEn from "./locales/valuebets/en.json";
import type prematchEn from "./locales/prematch/en.json";
import type livescanEn from "./locales/livescan/en.json";
import type alertsEn from "./locales/alerts/en.json";
import type errorsEn from "./locales/errors/en.json";
import type livebacktestEn from "./locales/livebacktest/en.json";
import type siteEn from "./locales/site/en.json";

export const LOCALES = ["en", "de", "el", "es", "fr", "it", "pl", "pt", "ro", "ru", "tr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** BCP 47 tags for Intl (SPEC §2.1: en is en-GB, pt is pt-BR). */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: "en-GB",
  de: "de-DE",
  el: "el-GR",
  es: "es-ES",
  fr: "fr-FR",
  it: "it-IT",
  pl: "pl-PL",
  pt: "pt-BR",
  ro: "ro-RO",
  ru: "ru-RU",
  tr: "tr-TR",
};

export type Messages = typeof en &
  typeof statsEn &
  typeof trendsEn &
  typeof previewsEn &
  typeof liveEn &
  typeof limitsEn &
  typeof alertsEn &
  typeof errorsEn &
  typeof valuebetsEn &
  typeof prematchEn &
  typeof siteEn &
  typeof livebacktestEn &
  typeof livescanEn;

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

/** The path prefix of a locale: "" for English (unprefixed) and for anything that is not a locale, "/de" for German... */
export function localePrefix(locale: string): string {
  return isLocale(locale) && locale !== DEFAULT_LOCALE ? `/${locale}` : "";
}

/** English has no prefix; every other locale is the first path segment. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
