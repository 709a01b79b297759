/** The .xlsx of a pre-match backtest: its picks kept as compact rows, made into a workbook in the reader's language and zone. */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { BacktestPick, BacktestResult } from "../../domain/prematch/backtest.ts";
import type { Locale } from "../../i18n/locales.ts";
import { translate } from "../../i18n/messages.server.ts";
import { outcomeKey } from "../../i18n/outcome-label.ts";
import {
  BOLD,
  type ExcelColumn,
  SHEET_OPTIONS,
  NUMBER_FORMATS as F,
  countryIn,
  dateFormat,
  dateTimeFormat,
  longest,
  memoTranslate,
  setColumns,
  shareStyles,
  wallClock,
  wallClockOf,
} from "../excel-sheet.ts";

/** An .xlsx sheet holds 1,048,576 rows; a backtest with more picks ends without Excel. */
export const EXCEL_MAX_ROWS = 1_048_575;

/** A pick as kept for the Excel: [fixtureId, leagueId, kickoff, homeId, awayId, side, odds, closingOdds, grade, ftHome, ftAway, htHome, htAway, profit]. */
export type PickRow = [
  number,
  number,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  string,
  number,
  number,
  number | null,
  number | null,
  number,
  // the model's probability (rows stored before it was kept have 14 fields)
  (number | null)?,
];
export const toPickRow = (p: BacktestPick): PickRow => [
  p.fixtureId,
  p.leagueId,
  p.kickoff,
  p.homeId,
  p.awayId,
  p.side,
  p.odds,
  p.closingOdds,
  p.grade,
  p.ftHome,
  p.ftAway,
  p.htHome,
  p.htAway,
  p.profit,
  p.probability,
];
export const fromPickRow = (r: PickRow): BacktestPick => ({
  fixtureId: r[0],
  leagueId: r[1],
  kickoff: r[2],
  homeId: r[3],
  awayId: r[4],
  side: r[5],
  odds: r[6],
  closingOdds: r[7],
  grade: r[8] as BacktestPick["grade"],
  ftHome: r[9],
  ftAway: r[10],
  htHome: r[11],
  htAway: r[12],
  profit: r[13],
  probability: r[14] ?? null,
});

const OUTCOME_LABEL = ["1", "2", "X"];

/** Odds and money as the cell's value, not only its format: a float32 price such as 1.6799999475479126 reads 1.68. */
const cents = (x: number | null): number | null => (x === null ? null : Math.round(x * 100) / 100);

/** Who reads the file: the heads, countries and results in their language, the dates on their clock. */
export interface ExcelReader {
  locale: Locale;
  timeZone: string;
}

/** What the summary sheet says the backtest was: the filter, the period and its bounds. */
export interface BacktestAbout {
  filterName: string;
  /** the desired outcome the picks were judged by */
  outcome?: string;
  interval: string;
  from: Date;
  to: Date;
}

type Names = { teams: Map<number, string>; leagues: Map<number, { name: string; country: string }> };

function pickColumns(names: Names, reader: ExcelReader): ExcelColumn[] {
  const t = (key: string, vars?: Record<string, string>) => translate(reader.locale, key, vars);
  const leagues = [...names.leagues.values()];
  const grades = ["won", "lost", "void"].map((g) => t(`prematch.grades.${g}`));
  return [
    {
      key: "kickoff",
      header: t("backtestExcel.kickoff", { zone: reader.timeZone }),
      width: 18,
      numFmt: dateTimeFormat(reader.locale),
    },
    {
      key: "country",
      header: t("backtestExcel.country"),
      width: longest(leagues.map((l) => countryIn(reader.locale, l.country))) + 2,
    },
    { key: "league", header: t("prematch.league"), width: longest(leagues.map((l) => l.name)) + 2 },
    { key: "home", header: t("backtestExcel.home"), width: Math.min(30, longest(names.teams.values()) + 2) },
    { key: "away", header: t("backtestExcel.away"), width: Math.min(30, longest(names.teams.values()) + 2) },
    { key: "ht", header: t("backtestExcel.halfTime"), width: 7, center: true },
    { key: "ft", header: t("backtestExcel.fullTime"), width: 7, center: true },
    { key: "bet", header: t("backtestExcel.bet"), width: 5, center: true },
    { key: "odds", header: t("backtestExcel.openingOdds"), width: 8, numFmt: F.odds },
    { key: "probability", header: t("goalFigures.probability"), width: 10, numFmt: F.percent },
    { key: "closing", header: t("backtestExcel.closingOdds"), width: 8, numFmt: F.odds },
    { key: "grade", header: t("prematch.result"), width: longest(grades) + 2 },
    { key: "profit", header: t("prematch.profit"), width: 10, numFmt: F.money },
  ];
}

/** The summary sheet: what was tested, then each figure with the format it is read in. */
function summaryRows(
  result: Pick<BacktestResult, "figures"> & { leagues?: unknown[] },
  about: BacktestAbout,
  reader: ExcelReader,
): Array<[string, string | number | Date | null, string?]> {
  const t = (key: string) => translate(reader.locale, key);
  const fig = (key: string) => t(`prematch.figures.${key}`);
  const f = result.figures;
  const p = f.profit;
  const day = dateFormat(reader.locale);
  return [
    [t("prematch.backtest"), about.filterName],
    ...(about.outcome
      ? [[t("prematch.desiredOutcome"), translate(reader.locale, ...outcomeKey(about.outcome))] as [string, string]]
      : []),
    [t("prematch.interval"), t(`prematch.intervals.${about.interval}`)],
    [t("prematch.from"), wallClock(about.from, reader.timeZone), day],
    [t("prematch.to"), wallClock(about.to, reader.timeZone), day],
    [t("backtestExcel.timeZone"), reader.timeZone],
    [fig("stake"), p.stake, F.money],
    [fig("analysed"), f.analysed, F.count],
    [fig("picks"), f.picks, F.count],
    [fig("ratio"), f.ratio, F.percent],
    [fig("successRate"), f.successRate, F.percent],
    [fig("meanOdd"), cents(f.meanOdd), F.odds],
    [fig("meanWinningOdd"), cents(f.meanWinningOdd), F.odds],
    [fig("winningPicks"), p.winningPicks, F.count],
    [fig("losingPicks"), p.losingPicks, F.count],
    [fig("voidPicks"), p.voidPicks, F.count],
    [fig("picksWithOdds"), p.picksWithOdds, F.count],
    [fig("played"), cents(p.played), F.money],
    [fig("winnings"), cents(p.winnings), F.money],
    [fig("net"), cents(p.net), F.money],
    [fig("roi"), p.roi, F.percent],
    [fig("clv"), f.closingLineValue, F.percent],
    // The edge over our model: for outcomes without published prices the only measure of a filter.
    ...(typeof f.edge === "number"
      ? ([
          [t("goalFigures.meanProbability"), f.meanProbability, F.percent],
          [t("goalFigures.edge"), f.edge, F.percent],
        ] as Array<[string, number | null, string]>)
      : []),
    [fig("maxWinning"), f.streaks.maxWinning, F.count],
    [fig("maxLosing"), f.streaks.maxLosing, F.count],
    [fig("meanWinning"), f.streaks.meanWinning, "0.0"],
    [fig("meanLosing"), f.streaks.meanLosing, "0.0"],
    [fig("volatility"), f.streaks.volatility, F.odds],
    ...(result.leagues ? [[fig("leagues"), result.leagues.length, F.count] as [string, number, string]] : []),
  ];
}

/**
 * The .xlsx of a backtest in the reader's language and zone: a sheet with one row per pick and one of the
 * figures (streamed: a few ms per thousand picks).
 */
export async function backtestWorkbook(
  picks: BacktestPick[],
  names: Names,
  result: Pick<BacktestResult, "figures"> & { leagues?: unknown[] },
  about: BacktestAbout,
  reader: ExcelReader,
): Promise<Buffer> {
  const { locale, timeZone } = reader;
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  book.creator = "Pitchlab";
  const sheet = book.addWorksheet(translate(locale, "prematch.figures.picks"), SHEET_OPTIONS);
  const styles = setColumns(sheet, pickColumns(names, reader));
  const clock = wallClockOf(timeZone);
  const grade = memoTranslate(locale);
  const countries = new Map([...names.leagues].map(([id, l]) => [id, countryIn(locale, l.country)]));
  for (const p of picks) {
    const league = names.leagues.get(p.leagueId);
    shareStyles(
      sheet.addRow({
        kickoff: clock(p.kickoff),
        country: countries.get(p.leagueId) ?? "",
        league: league?.name ?? String(p.leagueId),
        home: names.teams.get(p.homeId) ?? String(p.homeId),
        away: names.teams.get(p.awayId) ?? String(p.awayId),
        ht: p.htHome === null ? "" : `${p.htHome}-${p.htAway}`,
        ft: `${p.ftHome}-${p.ftAway}`,
        bet: p.side < 0 ? "" : OUTCOME_LABEL[p.side],
        odds: cents(p.odds),
        probability: p.probability,
        closing: cents(p.closingOdds),
        grade: grade(`prematch.grades.${p.grade}`),
        profit: cents(p.profit),
      }),
      styles,
    ).commit();
  }
  sheet.commit();
  const summary = book.addWorksheet(translate(locale, "backtestExcel.figuresSheet"));
  const rows = summaryRows(result, about, reader);
  summary.columns = [{ width: Math.min(40, longest(rows.map((r) => r[0])) + 2) }, { width: 24 }];
  for (const [label, value, numFmt] of rows) {
    const row = summary.addRow([label, value]);
    row.getCell(1).font = BOLD;
    const cell = row.getCell(2);
    cell.alignment = { horizontal: "right" };
    if (numFmt) cell.numFmt = numFmt;
    row.commit();
  }
  summary.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
