import { describe, expect, it } from "vitest";
import {
  type BacktestPick,
  type Judged,
  figuresOf,
  intervalRange,
  overfitted,
  profitOf,
  runBacktest,
  streaksOf,
} from "../../src/domain/prematch/backtest.ts";
import { FeatureStore } from "../../src/domain/prematch/feature-store.ts";
import { storeFromParts, storeParts } from "../../src/domain/prematch/feature-store-parts.ts";
import type { Prices, StoreFixture, StoreInput } from "../../src/domain/prematch/store-types.ts";
import { compileRules } from "../../src/domain/scanner/compile.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { LIVE_BACKTEST_INTERVALS } from "../../src/domain/scanner/live-backtest-intervals.ts";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";

const DAY = 86_400_000;
const START = Date.UTC(2025, 7, 1, 15);

/** Six teams, a double round robin a season for two seasons, deterministic scores and odds. */
function fixtures(): StoreFixture[] {
  const out: StoreFixture[] = [];
  let id = 1;
  for (let season = 0; season < 2; season++) {
    for (let round = 0; round < 10; round++) {
      for (let k = 0; k < 3; k++) {
        const a = (round + k) % 6;
        const b = (round + 5 - k) % 6;
        if (a === b) continue;
        const [home, away] = round % 2 === 0 ? [a, b] : [b, a];
        const ftHome = (home * 7 + away * 3 + round + season) % 4;
        const ftAway = (away * 5 + home + round * 2) % 3;
        out.push({
          id: id++,
          kickoff: START + (season * 12 + round) * 7 * DAY + k * 2 * 3_600_000,
          leagueId: 1 + (k % 2),
          seasonId: 10 + season,
          homeId: home + 1,
          awayId: away + 1,
          ftHome,
          ftAway,
          htHome: Math.min(ftHome, 1),
          htAway: Math.min(ftAway, 1),
          corners: [4 + home, 3 + away],
          yellow: [1, 2],
          red: [0, 0],
          shots: [10, 8],
          shotsOnTarget: [4, 3],
        });
      }
    }
  }
  return out;
}

function input(list: StoreFixture[], closing = 1.01): StoreInput {
  const openingOdds = new Map<number, Partial<Record<string, Prices>>>();
  const closingOdds = new Map<number, Prices>();
  for (const f of list) {
    openingOdds.set(f.id, {
      Avg: { home: 1.5 + (f.homeId % 3) / 2, draw: 3.4, away: 2 + (f.awayId % 4) / 2, over25: 1.9, under25: 1.95 },
    });
    closingOdds.set(f.id, { home: closing, draw: closing, away: closing });
  }
  return { fixtures: list, horizonStart: START, openingOdds, closingOdds, predictions: new Map() };
}

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  category: "preMatchStats",
  stat: "W",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 0,
  ...r,
});

describe("feature store: walk-forward", () => {
  const list = fixtures();
  const base = new FeatureStore(input(list));
  const reads: Array<[string, Rule]> = [
    ["W season", rule({ stat: "W", window: "season" })],
    ["O25 last5 home", rule({ stat: "O25", venue: "home", window: "last5" })],
    ["GG last10 away", rule({ stat: "GG", venue: "away", window: "last10", target: "Away" })],
    ["corners", rule({ stat: "C_O95", window: "last10" })],
  ];

  it("a match's features never use that match or a later one", () => {
    // Change every result from a cut-off on: the features of the fixtures at or before it must not move.
    for (const cut of [5, 17, 31, 44]) {
      const cutKickoff = base.kickoff[base.base + cut]!;
      const changed = list.map((f) =>
        f.kickoff >= cutKickoff
          ? {
              ...f,
              ftHome: (f.ftHome! + 2) % 5,
              ftAway: (f.ftAway! + 1) % 4,
              htHome: 0,
              htAway: 1,
              corners: [12, 1] as [number, number],
            }
          : f,
      );
      const other = new FeatureStore(input(changed));
      for (let row = 0; row < base.rows; row++) {
        if (base.kickoff[base.base + row]! > cutKickoff) continue;
        for (const [name, r] of reads) {
          for (const side of ["home", "away"] as const) {
            const a = base.eventRate(r.stat, r.venue ?? "overall", r.window ?? "season", side)[row]!;
            const b = other.eventRate(r.stat, r.venue ?? "overall", r.window ?? "season", side)[row]!;
            expect(Number.isNaN(a) ? "NaN" : a, `${name} row ${row}`).toBe(Number.isNaN(b) ? "NaN" : b);
          }
        }
        const src = base.source();
        const osrc = other.source();
        for (const stat of ["rank", "points", "played"]) {
          const read = { category: "preMatchStats" as const, stat };
          expect(src.team(read, "home")!(row)).toBe(osrc.team(read, "home")!(row));
        }
      }
    }
  });

  it("counts only earlier matches: the first match of a season has no season rate and an empty table", () => {
    const src = base.source();
    const firstOfSeason2 = base.rowRange(START + 12 * 7 * DAY, START + 13 * 7 * DAY)[0];
    expect(Number.isNaN(base.eventRate("W", "overall", "season", "home")[firstOfSeason2]!)).toBe(true);
    expect(Number.isNaN(base.eventRate("W", "overall", "last10", "home")[firstOfSeason2]!)).toBe(false);
    expect(src.team({ category: "preMatchStats", stat: "played" }, "home")!(firstOfSeason2)).toBe(0);
    expect(src.team({ category: "preMatchStats", stat: "played" }, "home")!(0)).toBe(0);
  });

  it("a hand-counted rate: the home team's wins over its earlier matches of the season", () => {
    const row = 20;
    const i = base.fixtureIndex(row);
    const team = base.home[i]!;
    const earlier = list.filter(
      (f) => f.seasonId === base.season[i] && f.kickoff < base.kickoff[i]! && (f.homeId === team || f.awayId === team),
    );
    const wins = earlier.filter((f) => (f.homeId === team ? f.ftHome! > f.ftAway! : f.ftAway! > f.ftHome!)).length;
    expect(base.eventRate("W", "overall", "season", "home")[row]).toBeCloseTo((wins / earlier.length) * 100, 4);
  });

  it("rules read opening odds, never closing ones", () => {
    const src = base.source();
    const read = src.team({ category: "odds", stat: "win" }, "home")!;
    for (let row = 0; row < base.rows; row++) expect(read(row)).toBeGreaterThan(1.4);
    // the closing price is only there for the closing line value
    expect(base.closingPrice(0, 0)).toBeCloseTo(1.01);
  });

  it("a store sent to another thread (its parts, buffers transferred) reads and backtests the same", () => {
    const { parts, transfer } = storeParts(new FeatureStore(input(list)));
    const moved = storeFromParts(structuredClone(parts, { transfer }));
    // transferred, not copied: the sender's arrays are detached
    expect(parts.kickoff.length).toBe(0);
    expect(moved.rows).toBe(base.rows);
    expect(moved.rowOf(list[40]!.id)).toBe(base.rowOf(list[40]!.id));
    const [src, msrc] = [base.source(), moved.source()];
    for (let row = 0; row < base.rows; row++) {
      for (const [, r] of reads)
        expect(moved.eventRate(r.stat, r.venue ?? "overall", r.window ?? "season", "home")[row]).toStrictEqual(
          base.eventRate(r.stat, r.venue ?? "overall", r.window ?? "season", "home")[row],
        );
      const points = { category: "preMatchStats" as const, stat: "points" };
      expect(msrc.team(points, "away")!(row)).toStrictEqual(src.team(points, "away")!(row));
      expect(moved.openingPrice(row, 0)).toStrictEqual(base.openingPrice(row, 0));
      expect(moved.closingPrice(row, 2)).toStrictEqual(base.closingPrice(row, 2));
      expect(moved.finals.get(row)).toStrictEqual(base.finals.get(row));
    }
    const backtest = (s: FeatureStore) =>
      runBacktest(s, () => true, { from: START, to: START + 400 * DAY, leagueIds: null, outcome: "home", stake: 1 });
    expect(backtest(moved).figures).toStrictEqual(backtest(base).figures);
  });

  it("an unfinished fixture has no score and counts for nothing", () => {
    const open = list.map((f, k) =>
      k === list.length - 1 ? { ...f, ftHome: null, ftAway: null, htHome: null, htAway: null } : f,
    );
    const s = new FeatureStore(input(open));
    expect(s.finished(s.rows - 1)).toBe(false);
    const all = runBacktest(s, () => true, {
      from: START,
      to: START + 400 * DAY,
      leagueIds: null,
      outcome: "home",
      stake: 1,
    });
    expect(all.figures.analysed).toBe(list.length - 1);
  });
});

describe("backtest arithmetic against hand-computed cases", () => {
  const j = (grade: Judged["grade"], odds: number | null): Judged => ({ grade, odds });
  const picks = [
    j("won", 2),
    j("won", 1.5),
    j("lost", 3),
    j("void", 2),
    j("lost", 1.8),
    j("lost", null),
    j("won", 2.5),
    j("lost", 2),
  ];

  it("profit: stake 10 on the picks with odds", () => {
    const p = profitOf(picks, 10);
    // played: 6 picks with odds and not void = 60; winnings 20 + 15 + 25 = 60; net 0
    expect(p).toMatchObject({
      stake: 10,
      played: 60,
      winnings: 60,
      winningPicks: 3,
      losingPicks: 4,
      voidPicks: 1,
      picksWithOdds: 6,
      net: 0,
      roi: 0,
    });
    const q = profitOf([j("won", 2.2), j("lost", 1.9), j("lost", 1.9)], 5);
    expect(q.net).toBeCloseTo(11 - 15);
    expect(q.roi).toBeCloseTo(-4 / 15);
    expect(profitOf([], 10).roi).toBeNull();
  });

  it("streaks: runs skip void picks, means over runs, volatility is the spread of profit per played pick", () => {
    const s = streaksOf(picks);
    // W W L (void) L L W L → winning runs [2, 1], losing runs [3 (L, L, L: the void neither counts nor breaks), 1]
    expect(s.maxWinning).toBe(2);
    expect(s.maxLosing).toBe(3);
    expect(s.meanWinning).toBeCloseTo(1.5);
    expect(s.meanLosing).toBeCloseTo(2);
    // profits per played pick: +1, +0.5, −1, −1, +1.5, −1 → mean 0, variance (1 + .25 + 1 + 1 + 2.25 + 1) / 6
    expect(s.volatility).toBeCloseTo(Math.sqrt(6.5 / 6));
    expect(streaksOf([])).toEqual({ maxWinning: 0, maxLosing: 0, meanWinning: 0, meanLosing: 0, volatility: 0 });
  });

  it("figures: success rate, mean odds, closing line value", () => {
    const mk = (grade: BacktestPick["grade"], odds: number | null, closingOdds: number | null): BacktestPick => ({
      probability: null,
      fixtureId: 1,
      leagueId: 1,
      kickoff: 0,
      homeId: 1,
      awayId: 2,
      side: 0,
      odds,
      closingOdds,
      grade,
      ftHome: 1,
      ftAway: 0,
      htHome: 0,
      htAway: 0,
      profit: 0,
    });
    const f = figuresOf([mk("won", 2, 1.6), mk("lost", 2.5, 2.5), mk("won", 3, null), mk("void", 2, 2)], 20, 1);
    expect(f.ratio).toBeCloseTo(4 / 20);
    expect(f.successRate).toBeCloseTo(2 / 3);
    expect(f.meanOdd).toBeCloseTo(7.5 / 3);
    expect(f.meanWinningOdd).toBeCloseTo(2.5);
    expect(f.closingLineValue).toBeCloseTo((2 / 1.6 - 1 + 0) / 2);
    expect(f.clvPicks).toBe(2);
  });

  it("a backtest over the store: picks by rule, per-league breakdown, equity and the out-of-sample split", () => {
    const s = new FeatureStore(input(fixtures()));
    const rules: Rule[] = [
      rule({ id: "a", category: "odds", stat: "win", target: "Home", comparator: "LessThan", value: 2.1 }),
    ];
    const predicate = compileRules(rules, s.source(), scopeOf);
    const result = runBacktest(s, predicate, {
      from: START,
      to: START + 400 * DAY,
      leagueIds: null,
      outcome: "home",
      stake: 10,
    });
    const expected = fixtures().filter((f) => 1.5 + (f.homeId % 3) / 2 < 2.1);
    expect(result.figures.picks).toBe(expected.length);
    const won = expected.filter((f) => f.ftHome! > f.ftAway!);
    expect(result.figures.profit.winningPicks).toBe(won.length);
    const net = won.reduce((a, f) => a + 10 * (1.5 + (f.homeId % 3) / 2), 0) - 10 * expected.length;
    expect(result.figures.profit.net).toBeCloseTo(net);
    expect(result.equity.at(-1)).toBeCloseTo(net);
    expect(result.leagues.reduce((a, l) => a + l.picks, 0)).toBe(expected.length);
    expect(result.outOfSample.first.picks + result.outOfSample.last.picks).toBe(expected.length);
    const one = runBacktest(s, predicate, {
      from: START,
      to: START + 400 * DAY,
      leagueIds: [2],
      outcome: "home",
      stake: 10,
    });
    expect(one.leagues.map((l) => l.leagueId)).toEqual([2]);
  });

  it("warns when the first two thirds beat the last third", () => {
    const base = figuresOf([], 0, 1);
    const withRoi = (picks: number, roi: number) => ({ ...base, picks, profit: { ...base.profit, roi } });
    expect(overfitted(withRoi(40, 0.2), withRoi(20, 0.05))).toBe(true);
    expect(overfitted(withRoi(40, 0.1), withRoi(20, 0.05))).toBe(false);
    expect(overfitted(withRoi(4, 0.5), withRoi(20, -0.5))).toBe(false);
  });

  it("intervals end now", () => {
    const now = Date.UTC(2026, 2, 31, 12);
    expect(intervalRange("SevenDays", now).from).toBe(now - 7 * DAY);
    expect(new Date(intervalRange("ThreeMonths", now).from).toISOString()).toBe("2025-12-31T12:00:00.000Z");
    expect(new Date(intervalRange("TwentyFourMonths", now).from).toISOString()).toBe("2024-03-31T12:00:00.000Z");
  });

  it("month intervals ending on a month's last day start on the last day of the shorter month, not days later", () => {
    const from = (interval: Parameters<typeof intervalRange>[0], now: number) =>
      new Date(intervalRange(interval, now).from).toISOString().slice(0, 10);
    const may31 = Date.UTC(2026, 4, 31, 12);
    expect(from("ThreeMonths", may31)).toBe("2026-02-28");
    expect(from("SixMonths", may31)).toBe("2025-11-30");
    expect(from("NineMonths", may31)).toBe("2025-08-31");
    expect(from("TwelveMonths", may31)).toBe("2025-05-31");
    expect(from("TwentyFourMonths", may31)).toBe("2024-05-31");
    expect(from("ThreeMonths", Date.UTC(2024, 4, 31))).toBe("2024-02-29");
    expect(from("SixMonths", Date.UTC(2026, 2, 31))).toBe("2025-09-30");
    expect(from("ThreeMonths", Date.UTC(2026, 5, 15))).toBe("2026-03-15");
    expect(new Date(intervalRange("ThreeMonths", may31).from).toISOString().slice(10)).toBe("T12:00:00.000Z");
    // The live backtests take their dates from the same function.
    for (const interval of LIVE_BACKTEST_INTERVALS) {
      const range = intervalRange(interval, may31);
      expect(range.to).toBe(may31);
      expect(range.from, interval).toBeLessThan(may31 - 29 * DAY);
    }
    expect(from("ThirtyDays", may31)).toBe("2026-05-01");
  });
});
