import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { DayAlertRow } from "../../src/db/queries/alerts.ts";
import type { BacktestPick, BacktestResult } from "../../src/domain/prematch/backtest.ts";
import { alertsWorkbook } from "../../src/services/alert-report.ts";
import { wallClock, wallClockOf } from "../../src/services/excel-sheet.ts";
import { backtestWorkbook } from "../../src/services/scanner/backtest-excel.ts";

/** The two Excel files a member downloads, read back as a spreadsheet program reads them. */

async function read(file: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  return book;
}

const heads = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

function expectFrozenHeader(sheet: ExcelJS.Worksheet) {
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  for (let c = 1; c <= sheet.columnCount; c++) {
    const head = String(sheet.getRow(1).getCell(c).value);
    const longestWord = Math.max(...head.split(/\s+/).map((w) => w.length));
    expect(sheet.getColumn(c).width, head).toBeGreaterThanOrEqual(longestWord + 1);
  }
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
}

const PICK: BacktestPick = {
  probability: null,
  fixtureId: 1,
  leagueId: 7,
  // 14:00 UTC is 16:00 in Berlin on a summer day
  kickoff: Date.UTC(2025, 7, 16, 14, 0),
  homeId: 10,
  awayId: 11,
  side: 0,
  odds: 1.6799999475479126,
  closingOdds: 1.5499999523162842,
  grade: "won",
  ftHome: 2,
  ftAway: 1,
  htHome: 1,
  htAway: 0,
  profit: 6.799999475479126,
};

const NAMES = {
  teams: new Map([
    [10, "CSKA Moscow"],
    [11, "Orenburg"],
  ]),
  leagues: new Map([[7, { name: "Premier League", country: "Russia" }]]),
};

const FIGURES: BacktestResult["figures"] = {
  analysed: 420,
  picks: 1,
  ratio: 1 / 420,
  successRate: 1,
  meanOdd: 1.68,
  meanWinningOdd: 1.68,
  profit: {
    stake: 10,
    played: 10,
    winnings: 16.799999475479126,
    winningPicks: 1,
    losingPicks: 0,
    voidPicks: 0,
    picksWithOdds: 1,
    net: 6.799999475479126,
    roi: -0.0377,
  },
  streaks: { maxWinning: 1, maxLosing: 0, meanWinning: 1, meanLosing: 0, volatility: 0 },
  closingLineValue: 0.0839,
  clvPicks: 1,
  modelPicks: 0,
  meanProbability: null,
  edge: null,
  edgeLow: null,
  edgeHigh: null,
  basis: "roi",
};

const ABOUT = {
  filterName: "Heimfavoriten",
  interval: "TwelveMonths",
  from: new Date("2024-08-16T22:00:00Z"),
  to: new Date("2025-08-16T22:00:00Z"),
};

describe("the backtest Excel", () => {
  it("speaks German to a German member: heads, country, result, period; dates on Berlin's clock", async () => {
    const file = await backtestWorkbook([PICK], NAMES, { figures: FIGURES, leagues: [{}] }, ABOUT, {
      locale: "de",
      timeZone: "Europe/Berlin",
    });
    const book = await read(file);
    const sheet = book.getWorksheet("Tipps")!;
    expect(heads(sheet)).toEqual([
      "Anstoß (Europe/Berlin)",
      "Land",
      "Liga",
      "Heimmannschaft",
      "Gastmannschaft",
      "Halbzeit",
      "Endstand",
      "Tipp",
      "Eröffnungsquote",
      "Modellwahrscheinlichkeit",
      "Schlussquote",
      "Ergebnis",
      "Gewinn",
    ]);
    expectFrozenHeader(sheet);
    const row = sheet.getRow(2);
    const kickoff = row.getCell(1);
    expect(kickoff.type).toBe(ExcelJS.ValueType.Date);
    expect((kickoff.value as Date).getTime()).toBe(Date.UTC(2025, 7, 16, 16, 0));
    expect(kickoff.numFmt).toBe("dd.mm.yyyy hh:mm");
    expect(row.getCell(2).value).toBe("Russland");
    expect(row.getCell(3).value).toBe("Premier League");
    expect(row.getCell(4).value).toBe("CSKA Moscow");
    expect(row.getCell(8).value).toBe("1");
    const odds = row.getCell(9);
    expect(odds.type).toBe(ExcelJS.ValueType.Number);
    expect(odds.value).toBe(1.68);
    expect(odds.numFmt).toBe("0.00");
    // The model's probability: none kept for this pick.
    expect(row.getCell(10).value).toBeNull();
    expect(row.getCell(10).numFmt).toBe("0.0%");
    expect(row.getCell(11).value).toBe(1.55);
    expect(row.getCell(12).value).toBe("Gewonnen");
    expect(row.getCell(13).value).toBe(6.8);
    expect(row.getCell(13).numFmt).toBe("#,##0.00");

    const summary = book.getWorksheet("Übersicht")!;
    const byLabel = new Map<string, ExcelJS.Cell>();
    summary.eachRow((r) => byLabel.set(String(r.getCell(1).value), r.getCell(2)));
    expect(byLabel.get("Historischer Test")!.value).toBe("Heimfavoriten");
    expect(byLabel.get("Zeitraum")!.value).toBe("12 Monate");
    const from = byLabel.get("Von")!;
    expect(from.type).toBe(ExcelJS.ValueType.Date);
    expect((from.value as Date).toISOString()).toBe("2024-08-17T00:00:00.000Z");
    expect(from.numFmt).toBe("dd.mm.yyyy");
    expect(byLabel.get("Zeitzone")!.value).toBe("Europe/Berlin");
    const roi = byLabel.get("Rendite (ROI)")!;
    expect(roi.value).toBe(-0.0377);
    expect(roi.numFmt).toBe("0.0%");
    expect(byLabel.get("Gewinne")!.value).toBe(16.8);
    expect(byLabel.get("Gewinne")!.numFmt).toBe("#,##0.00");
    expect(byLabel.get("Erfolgsquote")!.numFmt).toBe("0.0%");
  });

  it("names UTC in the kick-off head when the member has no zone, with English heads", async () => {
    const file = await backtestWorkbook([PICK], NAMES, { figures: FIGURES }, ABOUT, { locale: "en", timeZone: "UTC" });
    const sheet = (await read(file)).getWorksheet("Picks")!;
    expect(heads(sheet).slice(0, 3)).toEqual(["Kick-off (UTC)", "Country", "League"]);
    expect((sheet.getRow(2).getCell(1).value as Date).getTime()).toBe(PICK.kickoff);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe("dd/mm/yyyy hh:mm");
  });
});

function alertRow(over: Partial<DayAlertRow> & { content: DayAlertRow["content"] }): DayAlertRow {
  return {
    createdAt: new Date("2025-08-16T15:07:00Z"),
    source: "live",
    filterName: "Corner storm",
    outcome: "home",
    odds: 1.6799999475479126,
    status: "won",
    ...over,
  };
}

describe("the daily alert report", () => {
  it("gives a German member German heads, the league with its country, and the minute and score of a live alert", async () => {
    const rows = [
      alertRow({
        content: {
          home: "CSKA Moscow",
          away: "Orenburg",
          league: "Premier League",
          country: "Russia",
          kickoff: "2025-08-16T14:30:00Z",
          minute: 34,
          score: { home: 1, away: 0 },
        },
      }),
      alertRow({
        source: "prematch",
        odds: null,
        status: "pending",
        content: { home: "Brighton", away: "Fulham", league: "Premier League", country: "England", kickoff: "x" },
      }),
    ];
    const book = await read(await alertsWorkbook(rows, "de", "Europe/Moscow"));
    const sheet = book.getWorksheet("Alarme")!;
    expect(heads(sheet)).toEqual([
      "Zeit (Europe/Moscow)",
      "Quelle",
      "Filtername",
      "Spiel",
      "Liga",
      "Minute beim Alarm",
      "Spielstand beim Alarm",
      "Gewünschtes Ergebnis",
      "Quote",
      "Ergebnis",
    ]);
    expectFrozenHeader(sheet);
    const live = sheet.getRow(2);
    expect(live.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    // 15:07 UTC is 18:07 in Moscow
    expect((live.getCell(1).value as Date).getTime()).toBe(Date.UTC(2025, 7, 16, 18, 7));
    expect(live.getCell(1).numFmt).toBe("dd.mm.yyyy hh:mm");
    expect(live.getCell(5).value).toBe("Russland · Premier League");
    expect(live.getCell(6).value).toBe(34);
    expect(live.getCell(6).type).toBe(ExcelJS.ValueType.Number);
    expect(live.getCell(7).value).toBe("1–0");
    expect(live.getCell(9).value).toBe(1.68);
    expect(live.getCell(9).numFmt).toBe("0.00");
    expect(live.getCell(10).value).toBe("gewonnen");
    const prematch = sheet.getRow(3);
    expect(prematch.getCell(5).value).toBe("England · Premier League");
    expect(prematch.getCell(6).value).toBeNull();
    expect(prematch.getCell(7).value).toBe("");
    expect(prematch.getCell(9).value).toBeNull();
  });
});

describe("date cells on the member's clock", () => {
  it("follow the zone across a change of summer time, remembered offsets included", () => {
    const berlin = wallClockOf("Europe/Berlin");
    // Berlin leaves summer time at 01:00 UTC on 26 October 2025: 00:30 UTC is 02:30 (+2), 01:30 UTC is 02:30 (+1)
    for (const [utc, local] of [
      ["2025-10-26T00:30:00Z", "2025-10-26T02:30:00.000Z"],
      ["2025-10-26T01:30:00Z", "2025-10-26T02:30:00.000Z"],
      ["2025-10-26T00:45:00Z", "2025-10-26T02:45:00.000Z"],
      ["2025-10-26T01:00:00Z", "2025-10-26T02:00:00.000Z"],
    ]) {
      expect(berlin(Date.parse(utc!)).toISOString(), utc).toBe(local);
      expect(wallClock(utc!, "Europe/Berlin").toISOString(), utc).toBe(local);
    }
    // Lord Howe Island changes by half an hour at 15:30 UTC (2:00 its standard time, +10:30)
    const lordHowe = wallClockOf("Australia/Lord_Howe");
    const at = Date.parse("2025-10-04T15:30:00Z");
    expect(lordHowe(at - 60_000).getTime() - (at - 60_000)).toBe(10.5 * 3_600_000);
    expect(lordHowe(at).getTime() - at).toBe(11 * 3_600_000);
  });
});
