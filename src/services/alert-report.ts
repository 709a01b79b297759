import ExcelJS from "exceljs";
import type { DayAlertRow } from "../db/queries/alerts.ts";
import { isValidTimeZone } from "../domain/time/zones.ts";
import type { Locale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { formatTime, outcomeLabel } from "./alert-messages.ts";

/**
 * The daily Excel of a user's alerts (exceljs): one row per alert with time (the user's zone), scanner,
 * filter, match, league, desired outcome, odd at notification and result, in the user's language.
 */
export async function alertsWorkbook(rows: DayAlertRow[], locale: Locale, timeZone: string | null): Promise<Buffer> {
  const t = (key: string) => translate(locale, `alerts.report.${key}`);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Pitchlab";
  const sheet = workbook.addWorksheet(t("sheet"));
  sheet.columns = [
    { header: t("time"), key: "time", width: 20 },
    { header: t("source"), key: "source", width: 18 },
    { header: t("filter"), key: "filter", width: 28 },
    { header: t("match"), key: "match", width: 34 },
    { header: t("league"), key: "league", width: 24 },
    { header: t("outcome"), key: "outcome", width: 22 },
    { header: t("odds"), key: "odds", width: 8 },
    { header: t("result"), key: "result", width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
  for (const r of rows) {
    sheet.addRow({
      time: formatTime(locale, zone, r.createdAt),
      source: translate(locale, `alerts.source.${r.source}`),
      filter: r.filterName,
      match: `${r.content.home} – ${r.content.away}`,
      league: r.content.league ?? "",
      outcome: outcomeLabel(locale, r.content.bet?.selection ?? r.outcome),
      odds: r.odds ?? r.content.bet?.price ?? null,
      result: translate(locale, `alerts.inbox.status.${r.status}`),
    });
  }
  sheet.getColumn("odds").numFmt = "0.00";
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
