/** The .xlsx of a pre-match backtest: its picks kept as compact rows, made into a workbook on first download. */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { BacktestPick, BacktestResult } from "../../domain/prematch/backtest.ts";

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
});

const OUTCOME_LABEL = ["1", "2", "X"];

/** The .xlsx of a backtest: a sheet with one row per pick, and one of the figures (streamed: a few ms per thousand picks). */
export async function backtestWorkbook(
  picks: BacktestPick[],
  names: { teams: Map<number, string>; leagues: Map<number, { name: string; country: string }> },
  result: Pick<BacktestResult, "figures">,
  title: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  book.creator = "Pitchlab";
  const sheet = book.addWorksheet("Picks");
  sheet.columns = [
    { header: "Kick-off (UTC)", key: "kickoff", width: 17 },
    { header: "Country", key: "country", width: 14 },
    { header: "League", key: "league", width: 22 },
    { header: "Home", key: "home", width: 22 },
    { header: "Away", key: "away", width: 22 },
    { header: "Half time", key: "ht", width: 9 },
    { header: "Full time", key: "ft", width: 9 },
    { header: "Bet", key: "bet", width: 6 },
    { header: "Odds (opening)", key: "odds", width: 12 },
    { header: "Closing odds", key: "closing", width: 12 },
    { header: "Result", key: "grade", width: 8 },
    { header: "Profit", key: "profit", width: 10 },
  ];
  for (const p of picks) {
    const league = names.leagues.get(p.leagueId);
    sheet
      .addRow({
        kickoff: new Date(p.kickoff).toISOString().slice(0, 16).replace("T", " "),
        country: league?.country ?? "",
        league: league?.name ?? String(p.leagueId),
        home: names.teams.get(p.homeId) ?? String(p.homeId),
        away: names.teams.get(p.awayId) ?? String(p.awayId),
        ht: p.htHome === null ? "" : `${p.htHome}-${p.htAway}`,
        ft: `${p.ftHome}-${p.ftAway}`,
        bet: p.side < 0 ? "" : OUTCOME_LABEL[p.side],
        odds: p.odds,
        closing: p.closingOdds,
        grade: p.grade,
        profit: Math.round(p.profit * 100) / 100,
      })
      .commit();
  }
  sheet.commit();
  const summary = book.addWorksheet("Figures");
  const f = result.figures;
  for (const row of [
    ["Backtest", title],
    ["Analysed matches", f.analysed],
    ["Picks", f.picks],
    ["Winning picks", f.profit.winningPicks],
    ["Losing picks", f.profit.losingPicks],
    ["Picks with odds", f.profit.picksWithOdds],
    ["Stake", f.profit.stake],
    ["Played amount", f.profit.played],
    ["Winnings", f.profit.winnings],
    ["Net profit/loss", f.profit.net],
    ["ROI", f.profit.roi],
    ["Closing line value", f.closingLineValue],
  ]) {
    summary.addRow(row).commit();
  }
  summary.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
