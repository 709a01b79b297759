import { LOCALE_TAGS, type Locale } from "../i18n/locales.ts";

export function formatKickoff(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { hour: "2-digit", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

/** A moment in a short form that fits a phone's table cell or axis: "25 Nov, 12:00". */
export function formatMoment(ms: number, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(ms);
}

export function formatDayHeading(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A plain figure (goals per match, a line) with the locale's decimal separator: "2,5" in German. */
export function formatNumber(v: number | null | undefined, locale: Locale, digits = 2): string {
  if (v === null || v === undefined) return "–";
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(v);
}

/** A probability as a percentage in the visitor's locale ("58%", "58 %", "%58"). */
export function formatPercent(p: number | null | undefined, locale: Locale, digits = 0): string {
  if (p === null || p === undefined) return "–";
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(p);
}
