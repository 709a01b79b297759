/**
 * What the two Excel files a member downloads (a backtest's picks, the day's alerts) share: number formats,
 * date cells on the member's clock, and a header row that stays in view while scrolling.
 */
import type ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { zoneOffsetMs } from "../domain/time/zones.ts";
import { countryName } from "../i18n/country-name.ts";
import type { Locale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";

/** Format codes are written in Excel's neutral notation; the spreadsheet shows them with the reader's separators. */
export const NUMBER_FORMATS = {
  odds: "0.00",
  money: "#,##0.00",
  percent: "0.0%",
  count: "0",
} as const;

/** The order of day, month and year as the language writes it in a number date (Intl's `LOCALE_TAGS`). */
const DATE_ORDER: Record<Locale, string> = {
  en: "dd/mm/yyyy",
  de: "dd.mm.yyyy",
  el: "dd/mm/yyyy",
  es: "dd/mm/yyyy",
  fr: "dd/mm/yyyy",
  it: "dd/mm/yyyy",
  pl: "dd.mm.yyyy",
  pt: "dd/mm/yyyy",
  ro: "dd.mm.yyyy",
  ru: "dd.mm.yyyy",
  tr: "dd.mm.yyyy",
};

export const dateFormat = (locale: Locale): string => DATE_ORDER[locale];
export const dateTimeFormat = (locale: Locale): string => `${DATE_ORDER[locale]} hh:mm`;

/**
 * An instant as a date cell showing the member's wall clock: a spreadsheet date has no zone, and exceljs
 * writes a Date by its UTC fields, so the zone's offset at that instant is added first.
 */
export function wallClock(instant: Date | number | string, zone: string): Date {
  const ms = new Date(instant).getTime();
  return new Date(ms + zoneOffsetMs(ms, zone));
}

const QUARTER = 900_000;

/** `wallClock` for many instants of one zone: offsets change on quarter hours, so one is read per quarter. */
export function wallClockOf(zone: string): (instant: number) => Date {
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = zoneOffsetMs(quarter * QUARTER, zone);
      offsets.set(quarter, offset);
    }
    return new Date(ms + offset);
  };
}

export interface ExcelColumn {
  key: string;
  header: string;
  /** the width the column's values need, in characters; a longer head wraps on its word boundaries */
  width: number;
  numFmt?: string;
  /** centred short text (scores, 1/X/2) */
  center?: boolean;
}

/** Worksheet options: the header row frozen, and a printout as wide as one landscape page. */
export const SHEET_OPTIONS: Partial<ExcelJS.AddWorksheetOptions> = {
  views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
  pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
};

/** The workbook's own font (exceljs writes Calibri 11): a styled cell names it again, else it falls back to a serif. */
export const BOLD = { name: "Calibri", size: 11, bold: true } as const;

/** A width that fits the values and the head's longest word, within bounds a screen can show. */
export function widthFor(header: string, values: number): number {
  const longestWord = Math.max(...header.split(/\s+/).map((w) => w.length));
  return Math.min(48, Math.max(values, longestWord + 2, 6));
}

/** Longest text of a set of values, for `widthFor`. */
export const longest = (values: Iterable<string>): number => {
  let n = 0;
  for (const v of values) n = Math.max(n, v.length);
  return n;
};

/**
 * The columns with their formats, and the header row: bold on a grey band, wrapped, with a filter button on each
 * head. Returns each column's style object, for `shareStyles`.
 */
export function setColumns(sheet: ExcelJS.Worksheet, columns: ExcelColumn[]): Array<Partial<ExcelJS.Style>> {
  const styles: Array<Partial<ExcelJS.Style>> = columns.map((c) => ({
    ...(c.numFmt ? { numFmt: c.numFmt } : {}),
    ...(c.center ? { alignment: { horizontal: "center" } } : {}),
  }));
  sheet.columns = columns.map((c, i) => ({
    key: c.key,
    header: c.header,
    width: widthFor(c.header, c.width),
    style: styles[i],
  }));
  const head = sheet.getRow(1);
  const lines = Math.max(...columns.map((c) => Math.ceil(c.header.length / widthFor(c.header, c.width))));
  head.height = 15 * lines + 3;
  head.eachCell((cell) => {
    cell.font = BOLD;
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE7EAEE" } };
    cell.alignment = { vertical: "middle", horizontal: "left", wrapText: true };
    cell.border = { bottom: { style: "thin", color: { argb: "FF9AA3AE" } } };
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return styles;
}

/**
 * Gives a row's cells their column's style object itself rather than the copy each cell gets: exceljs recognises
 * an object it has written before, which makes a sheet of many thousand rows several times faster to write.
 */
export function shareStyles(row: ExcelJS.Row, styles: Array<Partial<ExcelJS.Style>>): ExcelJS.Row {
  for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i]!;
  return row;
}

/** A country's name in the reader's language (the data's English name when the locale files lack it). */
export const countryIn = (locale: Locale, name: string): string =>
  countryName(((key: string, options: Record<string, string>) => translate(locale, key, options)) as TFunction, name);

/** `translate` of one locale remembering each text: a workbook asks for the same few thousands of times. */
export function memoTranslate(locale: Locale): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let text = seen.get(key);
    if (text === undefined) {
      text = translate(locale, key);
      seen.set(key, text);
    }
    return text;
  };
}
