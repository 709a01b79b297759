import ExcelJS from "exceljs";
import type { DayAlertRow } from "../db/queries/alerts.ts";
import { isValidTimeZone } from "../domain/time/zones.ts";
import type { Locale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { outcomeLabel } from "./alert-messages.ts";
import {
  type ExcelColumn,
  SHEET_OPTIONS,
  NUMBER_FORMATS as F,
  countryIn,
  dateTimeFormat,
  longest,
  setColumns,
  wallClock,
} from "./excel-sheet.ts";

/** "Russland · Premier League": the league with its country, as the site names it. */
function leagueOf(locale: Locale, content: DayAlertRow["content"]): string {
  if (!content.league) return "";
  return content.country ? `${countryIn(locale, content.country)} · ${content.league}` : content.league;
}

/**
 * The daily Excel of a user's alerts (exceljs): one row per alert with the time as a date cell on the user's
 * clock, scanner, filter, match, league with its country, the minute and score at the alert (live alerts),
 * desired outcome, odd at notification and result, in the user's language.
 */
export async function alertsWorkbook(rows: DayAlertRow[], locale: Locale, timeZone: string | null): Promise<Buffer> {
  const t = (key: string, vars?: Record<string, string>) => translate(locale, key, vars);
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
  const values = rows.map((r) => ({
    time: wallClock(r.createdAt, zone),
    source: t(`alerts.source.${r.source}`),
    filter: r.filterName,
    match: `${r.content.home} – ${r.content.away}`,
    league: leagueOf(locale, r.content),
    minute: r.content.minute ?? null,
    score: r.content.score ? `${r.content.score.home}–${r.content.score.away}` : "",
    outcome: outcomeLabel(locale, r.content.bet?.selection ?? r.outcome),
    odds: r.odds ?? r.content.bet?.price ?? null,
    result: t(`alerts.inbox.status.${r.status}`),
  }));
  const widest = (key: "source" | "filter" | "match" | "league" | "outcome" | "result") =>
    Math.min(40, longest(values.map((v) => v[key])) + 2);
  const columns: ExcelColumn[] = [
    { key: "time", header: t("alertsExcel.time", { zone }), width: 18, numFmt: dateTimeFormat(locale) },
    { key: "source", header: t("alerts.report.source"), width: widest("source") },
    { key: "filter", header: t("alerts.report.filter"), width: widest("filter") },
    { key: "match", header: t("alerts.report.match"), width: widest("match") },
    { key: "league", header: t("alerts.report.league"), width: widest("league") },
    { key: "minute", header: t("alertsExcel.minute"), width: 7, numFmt: F.count, center: true },
    { key: "score", header: t("alertsExcel.score"), width: 7, center: true },
    { key: "outcome", header: t("alerts.report.outcome"), width: widest("outcome") },
    { key: "odds", header: t("alerts.report.odds"), width: 7, numFmt: F.odds },
    { key: "result", header: t("alerts.report.result"), width: widest("result") },
  ];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pitchlab";
  const sheet = workbook.addWorksheet(t("alerts.report.sheet"), SHEET_OPTIONS);
  setColumns(sheet, columns);
  for (const v of values) sheet.addRow({ ...v, odds: v.odds === null ? null : Math.round(v.odds * 100) / 100 });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
