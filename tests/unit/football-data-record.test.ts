import { describe, expect, it } from "vitest";
import { classifyOddsColumn } from "../../src/domain/football-data/columns.ts";
import { RowError, readHeader, readRow } from "../../src/domain/football-data/record.ts";
import { ukLocalToUtc } from "../../src/domain/football-data/uk-time.ts";
import { EXTRA_HEADER, MAIN_HEADER, mainRow } from "../support/csv.ts";

const split = (line: string) => line.split(",");

describe("odds columns", () => {
  it("reads bookmaker, market and moment from the column name", () => {
    expect(classifyOddsColumn("B365H")).toEqual({ bookmaker: "B365", market: "1x2", closing: false, slot: 0 });
    expect(classifyOddsColumn("PSCD")).toEqual({ bookmaker: "PS", market: "1x2", closing: true, slot: 1 });
    expect(classifyOddsColumn("PC<2.5")).toEqual({ bookmaker: "PS", market: "ou25", closing: true, slot: 2 });
    expect(classifyOddsColumn("AvgCAHA")).toEqual({ bookmaker: "Avg", market: "ah", closing: true, slot: 2 });
    expect(classifyOddsColumn("BbMx>2.5")).toEqual({ bookmaker: "Max", market: "ou25", closing: false, slot: 0 });
  });

  it("tells Betfred (BFD) from Betfair's draw column (BFD) by the rest of the name", () => {
    expect(classifyOddsColumn("BFD")).toEqual({ bookmaker: "BF", market: "1x2", closing: false, slot: 1 });
    expect(classifyOddsColumn("BFDH")).toEqual({ bookmaker: "BFD", market: "1x2", closing: false, slot: 0 });
    expect(classifyOddsColumn("BFDCA")).toEqual({ bookmaker: "BFD", market: "1x2", closing: true, slot: 2 });
    expect(classifyOddsColumn("BFECH")).toEqual({ bookmaker: "BFE", market: "1x2", closing: true, slot: 0 });
  });

  it("ignores statistics and counts", () => {
    for (const name of ["HC", "AC", "HS", "HST", "AHh", "AHCh", "Bb1X2", "BbOU", "BbAH", "FTHG", "HF", "AF", ""]) {
      expect(classifyOddsColumn(name)).toBeNull();
    }
  });
});

describe("UK kick-off times", () => {
  it("converts summer and winter times to UTC", () => {
    expect(ukLocalToUtc(2025, 8, 15, 20, 0).toISOString()).toBe("2025-08-15T19:00:00.000Z");
    expect(ukLocalToUtc(2025, 12, 26, 15, 0).toISOString()).toBe("2025-12-26T15:00:00.000Z");
    // 2025 clocks went back on 26 October at 02:00 BST.
    expect(ukLocalToUtc(2025, 10, 25, 15, 0).toISOString()).toBe("2025-10-25T14:00:00.000Z");
    expect(ukLocalToUtc(2025, 10, 26, 15, 0).toISOString()).toBe("2025-10-26T15:00:00.000Z");
  });
});

describe("main-division rows", () => {
  const layout = readHeader(split(MAIN_HEADER));

  it("reads teams, scores, statistics and odds by column name", () => {
    const m = readRow(split(mainRow("15/08/2025", "20:00", "Liverpool", "Bournemouth", "4-2", "1-0")), layout);
    expect(m).toMatchObject({
      leagueKey: "E0",
      leagueName: "Premier League",
      countryName: "England",
      tier: 1,
      season: "2025-2026",
      homeTeam: "Liverpool",
      awayTeam: "Bournemouth",
      ftHome: 4,
      ftAway: 2,
      htHome: 1,
      htAway: 0,
      referee: "M Oliver",
      hasKickoffTime: true,
    });
    expect(m.kickoff.toISOString()).toBe("2025-08-15T19:00:00.000Z");
    expect(m.homeStats).toEqual({ shots: 12, shotsOnTarget: 5, fouls: 10, corners: 6, yellowCards: 1, redCards: 0 });
    expect(m.awayStats?.corners).toBe(4);
    const pinnacleClosing = m.odds.find((o) => o.bookmaker === "PS" && o.market === "1x2" && o.closing);
    expect(pinnacleClosing?.prices).toEqual([2.05, 3.5, 3.7]);
    const ah = m.odds.find((o) => o.market === "ah" && !o.closing);
    expect(ah).toMatchObject({ bookmaker: "PS", line: -0.25, prices: [1.93, null, 1.97] });
    expect(m.odds).toHaveLength(7);
  });

  it("reads two-digit years and rows without a time (15:00 UK)", () => {
    const header = readHeader(split("Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR"));
    const m = readRow(split("E0,18/08/12,Arsenal,Sunderland,0,0,D,0,0,D"), header);
    expect(m.kickoff.toISOString()).toBe("2012-08-18T14:00:00.000Z");
    expect(m.hasKickoffTime).toBe(false);
    expect(m.season).toBe("2012-2013");
    expect(m.odds).toEqual([]);
  });

  it("keeps an upcoming fixture without a score", () => {
    const header = readHeader(split("Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR"));
    const m = readRow(split("E0,30/05/2026,15:00,Arsenal,Chelsea,,,,,,"), header);
    expect(m.ftHome).toBeNull();
    expect(m.htHome).toBeNull();
  });

  it.each([
    ["E0,31/02/2025,15:00,A,B,1,0,H,0,0,D", /no such date/],
    ["E0,2025-08-01,15:00,A,B,1,0,H,0,0,D", /date is not/],
    ["E0,01/08/2025,25:00,A,B,1,0,H,0,0,D", /time is not/],
    ["E0,01/08/2025,15:00,,B,1,0,H,0,0,D", /team is missing/],
    ["E0,01/08/2025,15:00,A,A,1,0,H,0,0,D", /cannot play itself/],
    ["E0,01/08/2025,15:00,A,B,x,0,H,0,0,D", /not a whole number/],
    ["E0,01/08/2025,15:00,A,B,1,,H,0,0,D", /only one side/],
    ["E0,01/08/2025,15:00,A,B,1,0,H,2,0,H", /above the full-time/],
    ["E0,01/08/2025,15:00,A,B,99,0,H,0,0,D", /not plausible/],
    ["X9,01/08/2025,15:00,A,B,1,0,H,0,0,D", /unknown division/],
  ])("rejects %s", (line, message) => {
    const header = readHeader(split("Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR"));
    expect(() => readRow(split(line), header)).toThrow(RowError);
    expect(() => readRow(split(line), header)).toThrow(message);
  });

  it("refuses a file that is not football-data", () => {
    expect(() => readHeader(["a", "b"])).toThrow(/unknown file format/);
  });
});

describe("extra-league rows", () => {
  const layout = readHeader(split(EXTRA_HEADER));

  it("reads country, league and season, trimming the stray spaces of the source", () => {
    const m = readRow(
      split("Sweden ,Allsvenskan ,2026,31/03/2026,17:00,AIK,Hammarby,2,1,H,2.4,3.3,2.9,2.5,3.4,3.0,2.35,3.25,2.85"),
      layout,
    );
    expect(m).toMatchObject({
      leagueKey: "SWE:Allsvenskan",
      countryName: "Sweden",
      countryCode: "SWE",
      leagueName: "Allsvenskan",
      season: "2026",
      ftHome: 2,
      ftAway: 1,
      htHome: null,
      homeStats: null,
    });
    expect(m.odds.map((o) => o.bookmaker).sort()).toEqual(["Avg", "Max", "PS"]);
    expect(m.odds.every((o) => o.closing)).toBe(true);
  });

  it("normalises split seasons", () => {
    const m = readRow(split("Austria,Bundesliga,2012/2013,21/07/2012,17:00,Rapid Vienna,Ried,1,0,H,,,,,,,,,"), layout);
    expect(m.season).toBe("2012-2013");
    expect(m.odds).toEqual([]);
  });
});
