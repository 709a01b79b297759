import { describe, expect, it } from "vitest";
import { scopeOf } from "../../src/domain/scanner/stat-scope.ts";
import { type EvaluationSource, compileRules } from "../../src/domain/scanner/compile.ts";
import { Interpreter } from "../support/live-interpreter.ts";
import {
  type LiveEvalState,
  changedDeps,
  filterWindow,
  liveSource,
  ruleDeps,
  slotOf,
  DEP,
} from "../../src/domain/scanner/live-source.ts";
import { liveAlertContent, livePickOdds } from "../../src/domain/scanner/live-pick.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";
import { type LiveState, emptyCounters } from "../../src/domain/live/state.ts";

/**
 * Hand-made live states against every comparator, target, time condition and numeric mode, through the compiled
 * predicates (compile.ts over live-source.ts) and the interpreter alike.
 */

/** Pre-match rows: 0 home favourite (1.5 / 4.0 / 6.0), 1 away favourite, 2 no prices. */
const PRE: Record<number, Record<string, number>> = {
  0: {
    "win:H": 1.5,
    "win:A": 6,
    draw: 4,
    over25: 1.8,
    under25: 2,
    rank_H: 2,
    rank_A: 15,
    prob_H: 62,
    prob_A: 14,
    probDraw: 24,
  },
  1: {
    "win:H": 5,
    "win:A": 1.7,
    draw: 3.6,
    over25: 2.1,
    under25: 1.7,
    rank_H: 18,
    rank_A: 1,
    prob_H: 18,
    prob_A: 57,
    probDraw: 25,
  },
  2: {},
};
const val = (row: number, key: string) => PRE[row]?.[key] ?? Number.NaN;
const pre: EvaluationSource<number> = {
  team: (read, side) => {
    if (side === "match") return null;
    const s = side === "home" ? "H" : "A";
    if (read.category === "odds" && read.stat === "win") return (r) => val(r, `win:${s}`);
    if (read.category === "preMatchStats" && read.stat === "rank") return (r) => val(r, `rank_${s}`);
    if (read.category === "probabilities" && read.stat === "final.win") return (r) => val(r, `prob_${s}`);
    return null;
  },
  match: (read) => {
    if (read.category === "odds" && ["draw", "over25", "under25"].includes(read.stat)) return (r) => val(r, read.stat);
    if (read.category === "probabilities" && read.stat === "final.draw") return (r) => val(r, "probDraw");
    return null;
  },
  favorite: (r) => (r === 0 ? 0 : r === 1 ? 1 : -1),
};
const lookup = {
  value: (read: Parameters<typeof pre.team>[0], side: "home" | "away" | "match", row: number) => {
    const reader = side === "match" ? pre.match(read) : pre.team(read, side);
    return reader ? reader(row) : Number.NaN;
  },
  favorite: pre.favorite,
};
const source = liveSource(pre);
const interpreter = new Interpreter(lookup, scopeOf);

function live(
  over: Partial<LiveState> = {},
  home: Partial<LiveState["home"]> = {},
  away: Partial<LiveState["away"]> = {},
): LiveState {
  const counters = (c: Partial<LiveState["home"]>, base: Partial<LiveState["home"]>) => ({
    ...emptyCounters(),
    ...base,
    ...c,
  });
  return {
    fixtureId: 7,
    status: "live",
    second: 62 * 60 + 10,
    minute: 63,
    homeScore: 1,
    awayScore: 0,
    home: counters(home, {
      shots: 12,
      shotsOnTarget: 5,
      shotsOffTarget: 7,
      attacks: 70,
      dangerousAttacks: 40,
      corners: 6,
      possession: 58,
      yellowCards: 1,
      redCards: 0,
    }),
    away: counters(away, {
      shots: 4,
      shotsOnTarget: 1,
      shotsOffTarget: 3,
      attacks: 45,
      dangerousAttacks: 20,
      corners: 2,
      possession: 42,
      yellowCards: 3,
      redCards: 1,
    }),
    estimated: [],
    events: [],
    odds: {
      minute: 63,
      home: 1.2,
      draw: 5.5,
      away: 13,
      overUnder: [{ line: 2.5, over: 2.6, under: 1.45 }],
      bttsYes: 2.9,
      bttsNo: 1.38,
      margin: 0.05,
      probabilities: { home: 0.8, draw: 0.15, away: 0.05, bttsYes: 0.3 },
    },
    ...over,
  };
}

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  category: "liveStats",
  stat: "corners",
  target: "Home",
  comparator: "GreaterThan",
  value: 3,
  ...r,
});

/** Compiled and interpreted answer, which must agree. */
function holds(r: Partial<Rule> | Rule[], state: LiveState = live(), row = 0): boolean {
  const rules = Array.isArray(r) ? r : [rule(r)];
  const s: LiveEvalState = { live: state, row };
  const compiled = compileRules(rules, source, scopeOf)(s);
  expect(interpreter.filter(rules, s), "interpreter agrees").toBe(compiled);
  return compiled;
}

describe("live statistics", () => {
  it("read each counter per team, NaN (never 0) where the source has none", () => {
    const cases: Array<[string, number, number]> = [
      ["shots", 12, 4],
      ["shotsOnGoal", 5, 1],
      ["shotsOffGoal", 7, 3],
      ["attacks", 70, 45],
      ["dangerousAttacks", 40, 20],
      ["corners", 6, 2],
      ["possession", 58, 42],
      ["yellowCards", 1, 3],
      ["redCards", 0, 1],
      ["goals", 1, 0],
      ["goalMargin", 1, -1],
      ["winning", 1, 0],
      ["losing", 0, 1],
      ["drawing", 0, 0],
    ];
    for (const [stat, home, away] of cases) {
      expect(holds({ stat, comparator: "EqualTo", value: home }), stat).toBe(true);
      expect(holds({ stat, target: "Away", comparator: "EqualTo", value: away }), stat).toBe(true);
      expect(holds({ stat, comparator: "EqualTo", value: home + 1 }), stat).toBe(false);
    }
    // The extra leagues: goals and odds only. Every comparator fails on an absent counter, also "< 1".
    const bare = live({}, { corners: null }, { corners: null });
    for (const comparator of ["EqualTo", "LessThan", "LessEqualThen", "GreaterThan", "GreaterEqualThan"] as const) {
      expect(holds({ stat: "corners", comparator, value: 0 }, bare)).toBe(false);
      expect(holds({ stat: "corners", comparator, value: 1, target: "Match" }, bare)).toBe(false);
    }
    expect(holds({ stat: "total.corners", target: "Match", comparator: "GreaterEqualThan", value: 0 }, bare)).toBe(
      false,
    );
  });
  it("Match sums both teams; total.* are the match counters; margin and states of the match", () => {
    expect(holds({ stat: "corners", target: "Match", comparator: "EqualTo", value: 8 })).toBe(true);
    expect(holds({ stat: "total.corners", target: "Match", comparator: "EqualTo", value: 8 })).toBe(true);
    expect(holds({ stat: "total.goals", target: "Match", comparator: "EqualTo", value: 1 })).toBe(true);
    expect(holds({ stat: "total.yellowCards", target: "Match", comparator: "EqualTo", value: 4 })).toBe(true);
    expect(holds({ stat: "total.dangerousAttacks", target: "Match", comparator: "EqualTo", value: 60 })).toBe(true);
    expect(holds({ stat: "goalMargin", target: "Match", comparator: "EqualTo", value: 1 })).toBe(true);
    expect(
      holds(
        { stat: "drawing", target: "Match", comparator: "EqualTo", value: 1 },
        live({ homeScore: 2, awayScore: 2 }),
      ),
    ).toBe(true);
    expect(
      holds(
        { stat: "winning", target: "Match", comparator: "EqualTo", value: 1 },
        live({ homeScore: 2, awayScore: 2 }),
      ),
    ).toBe(false);
  });
});

describe("comparators", () => {
  it("EqualTo, LessThan, LessEqualThen, GreaterThan, GreaterEqualThan", () => {
    const table: Array<[Rule["comparator"], number, boolean]> = [
      ["EqualTo", 6, true],
      ["EqualTo", 5, false],
      ["LessThan", 6, false],
      ["LessThan", 7, true],
      ["LessEqualThen", 6, true],
      ["LessEqualThen", 5, false],
      ["GreaterThan", 6, false],
      ["GreaterThan", 5, true],
      ["GreaterEqualThan", 6, true],
      ["GreaterEqualThan", 7, false],
    ];
    for (const [comparator, value, expected] of table)
      expect(holds({ comparator, value }), `${comparator} ${value}`).toBe(expected);
  });
  it("IncreasedOf / DecreasedOf: the live odd against the pre-match odd, by percent", () => {
    const odds = { category: "odds" as const, stat: "win", oddsMarket: "LiveMatch" as const };
    // home 1.5 → 1.2 is −20 %; away 6 → 13 is +116.7 %; draw 4 → 5.5 is +37.5 %
    expect(holds({ ...odds, comparator: "DecreasedOf", value: 20 })).toBe(true);
    expect(holds({ ...odds, comparator: "DecreasedOf", value: 21 })).toBe(false);
    expect(holds({ ...odds, comparator: "IncreasedOf", value: 1 })).toBe(false);
    expect(holds({ ...odds, target: "Away", comparator: "IncreasedOf", value: 116 })).toBe(true);
    expect(holds({ ...odds, target: "Away", comparator: "IncreasedOf", value: 117 })).toBe(false);
    expect(holds({ ...odds, stat: "draw", target: "Match", comparator: "IncreasedOf", value: 37.5 })).toBe(true);
    // no pre-match price: never
    expect(holds({ ...odds, comparator: "DecreasedOf", value: 0 }, live(), 2)).toBe(false);
    // suspended live price: never
    expect(
      holds({ ...odds, comparator: "DecreasedOf", value: 0 }, live({ odds: { ...live().odds!, home: null } })),
    ).toBe(false);
  });
});

describe("targets", () => {
  const corners = (target: Rule["target"], state: LiveState, row: number, value = 3) =>
    holds({ target, value }, state, row);
  const s = live(); // home 6 corners, away 2; home leads 1–0
  it("Home, Away, Match, HomeOrAway", () => {
    expect(corners("Home", s, 0)).toBe(true);
    expect(corners("Away", s, 0)).toBe(false);
    expect(corners("Match", s, 0, 7)).toBe(true);
    expect(corners("HomeOrAway", s, 0, 5)).toBe(true);
    expect(holds({ target: "HomeOrAway", comparator: "LessThan", value: 3 })).toBe(true);
    expect(corners("HomeOrAway", s, 0, 6)).toBe(false);
  });
  it("Favorite, Underdog and their home/away variants follow the pre-match favourite", () => {
    expect(corners("Favorite", s, 0)).toBe(true);
    expect(corners("Favorite", s, 1)).toBe(false);
    expect(corners("Underdog", s, 1)).toBe(true);
    expect(corners("FavoriteHome", s, 0)).toBe(true);
    expect(corners("FavoriteHome", s, 1)).toBe(false);
    expect(corners("FavoriteAway", s, 1, 1)).toBe(true);
    expect(corners("FavoriteAway", s, 0, 1)).toBe(false);
    expect(corners("UnderdogHome", s, 1)).toBe(true);
    expect(corners("UnderdogHome", s, 0)).toBe(false);
    expect(corners("UnderdogAway", s, 0, 1)).toBe(true);
    expect(corners("UnderdogAway", s, 1, 1)).toBe(false);
    // no favourite (no prices, or no pre-match row): none of them
    for (const t of ["Favorite", "Underdog", "FavoriteHome", "UnderdogAway"] as const) {
      expect(corners(t, s, 2, 0)).toBe(false);
      expect(corners(t, s, -1, 0)).toBe(false);
    }
  });
  it("WinningTeam / LoosingTeam follow the score; level: neither", () => {
    expect(corners("WinningTeam", s, 0)).toBe(true);
    expect(corners("LoosingTeam", s, 0, 1)).toBe(true);
    expect(corners("LoosingTeam", s, 0)).toBe(false);
    const away = live({ homeScore: 0, awayScore: 2 });
    expect(corners("WinningTeam", away, 0)).toBe(false);
    expect(corners("LoosingTeam", away, 0)).toBe(true);
    const level = live({ homeScore: 1, awayScore: 1 });
    expect(corners("WinningTeam", level, 0, 0)).toBe(false);
    expect(corners("LoosingTeam", level, 0, 0)).toBe(false);
  });
});

describe("time conditions", () => {
  const at = (minute: number, status: LiveState["status"] = "live") =>
    live({
      status,
      minute: status === "halftime" ? 45 : minute,
      second: status === "halftime" ? 2699 : (minute - 1) * 60 + 30,
    });
  const when = (time: Rule["time"], state: LiveState) => holds({ time, value: 0 }, state);
  it("MinuteAt, BeforeMinute, AfterMinute, MinuteRange on the displayed minute", () => {
    expect(when({ kind: "MinuteAt", minute: 63 }, at(63))).toBe(true);
    expect(when({ kind: "MinuteAt", minute: 63 }, at(64))).toBe(false);
    expect(when({ kind: "BeforeMinute", minute: 30 }, at(29))).toBe(true);
    expect(when({ kind: "BeforeMinute", minute: 30 }, at(30))).toBe(false);
    expect(when({ kind: "AfterMinute", minute: 60 }, at(61))).toBe(true);
    expect(when({ kind: "AfterMinute", minute: 60 }, at(60))).toBe(false);
    expect(when({ kind: "MinuteRange", minute: 20, toMinute: 30 }, at(20))).toBe(true);
    expect(when({ kind: "MinuteRange", minute: 20, toMinute: 30 }, at(30))).toBe(true);
    expect(when({ kind: "MinuteRange", minute: 20, toMinute: 30 }, at(31))).toBe(false);
    expect(when({ kind: "MinuteRange", minute: 20, toMinute: 30 }, at(19))).toBe(false);
  });
  it("AtHalfTime, During1stHalf, During2ndHalf", () => {
    expect(when({ kind: "AtHalfTime" }, at(45, "halftime"))).toBe(true);
    expect(when({ kind: "AtHalfTime" }, at(45))).toBe(false);
    expect(when({ kind: "During1stHalf" }, at(45))).toBe(true);
    expect(when({ kind: "During1stHalf" }, at(45, "halftime"))).toBe(false);
    expect(when({ kind: "During1stHalf" }, at(46))).toBe(false);
    expect(when({ kind: "During2ndHalf" }, at(46))).toBe(true);
    expect(when({ kind: "During2ndHalf" }, at(45))).toBe(false);
    expect(when({ kind: "During2ndHalf" }, at(45, "halftime"))).toBe(false);
    // the break shows minute 45: minute conditions read it
    expect(when({ kind: "MinuteAt", minute: 45 }, at(45, "halftime"))).toBe(true);
  });
  it("hold only in play", () => {
    const upcoming = live({ status: "upcoming", minute: null, second: null, homeScore: null, awayScore: null });
    expect(when({ kind: "BeforeMinute", minute: 90 }, upcoming)).toBe(false);
    expect(when({ kind: "During1stHalf" }, upcoming)).toBe(false);
  });
  it("the time category's minute", () => {
    expect(
      holds({ category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 63 }),
    ).toBe(true);
    expect(holds({ category: "time", stat: "minute", target: "Match", comparator: "GreaterThan", value: 63 })).toBe(
      false,
    );
  });
});

describe("numeric mode", () => {
  it("divides, adds and subtracts a second counter, for its own target", () => {
    const da = { stat: "dangerousAttacks" };
    expect(
      holds({
        ...da,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
        comparator: "GreaterEqualThan",
        value: 2,
      }),
    ).toBe(true);
    expect(
      holds({
        ...da,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
        comparator: "GreaterThan",
        value: 2,
      }),
    ).toBe(false);
    expect(
      holds({
        stat: "corners",
        numeric: { op: "add", stat: "shots", withTarget: "Home" },
        comparator: "EqualTo",
        value: 18,
      }),
    ).toBe(true);
    expect(
      holds({
        stat: "shots",
        numeric: { op: "sub", stat: "shots", withTarget: "Away" },
        comparator: "EqualTo",
        value: 8,
      }),
    ).toBe(true);
    expect(
      holds({
        stat: "shotsOnGoal",
        target: "HomeOrAway",
        numeric: { op: "div", stat: "shots", withTarget: "HomeOrAway" },
        comparator: "LessThan",
        value: 0.3,
      }),
    ).toBe(true);
    expect(
      holds({
        stat: "corners",
        target: "WinningTeam",
        numeric: { op: "sub", stat: "corners", withTarget: "LoosingTeam" },
        comparator: "EqualTo",
        value: 4,
      }),
    ).toBe(true);
    expect(
      holds({
        stat: "total.corners",
        target: "Match",
        numeric: { op: "div", stat: "total.goals", withTarget: "Match" },
        comparator: "EqualTo",
        value: 8,
      }),
    ).toBe(true);
  });
  it("x / 0 is infinite with x's sign; 0 / 0 and an absent counter are unknown", () => {
    const zero = live({}, { redCards: 0 }, { redCards: 0, corners: 0 });
    expect(
      holds(
        {
          stat: "corners",
          numeric: { op: "div", stat: "corners", withTarget: "Away" },
          comparator: "GreaterThan",
          value: 1000,
        },
        zero,
      ),
    ).toBe(true);
    expect(
      holds(
        {
          stat: "redCards",
          numeric: { op: "div", stat: "redCards", withTarget: "Away" },
          comparator: "GreaterEqualThan",
          value: 0,
        },
        zero,
      ),
    ).toBe(false);
    expect(
      holds(
        {
          stat: "goalMargin",
          target: "Away",
          numeric: { op: "div", stat: "corners", withTarget: "Away" },
          comparator: "LessThan",
          value: -1000,
        },
        zero,
      ),
    ).toBe(true);
    const absent = live({}, { attacks: null }, {});
    expect(
      holds(
        {
          stat: "attacks",
          numeric: { op: "div", stat: "corners", withTarget: "Away" },
          comparator: "GreaterThan",
          value: 0,
        },
        live({}, {}, { corners: 0 }),
      ),
    ).toBe(true);
    expect(
      holds(
        {
          stat: "attacks",
          numeric: { op: "div", stat: "corners", withTarget: "Away" },
          comparator: "GreaterThan",
          value: 0,
        },
        live({}, { attacks: null }, { corners: 0 }),
      ),
    ).toBe(false);
    expect(
      holds(
        {
          stat: "attacks",
          numeric: { op: "add", stat: "corners", withTarget: "Away" },
          comparator: "GreaterThan",
          value: 0,
        },
        absent,
      ),
    ).toBe(false);
  });
});

describe("odds, probabilities and pre-match statistics", () => {
  const o = { category: "odds" as const };
  it("PreMatch (the default) reads the pre-match prices; LiveMatch the live line", () => {
    expect(holds({ ...o, stat: "win", comparator: "EqualTo", value: 1.5 })).toBe(true);
    expect(holds({ ...o, stat: "win", oddsMarket: "PreMatch", comparator: "EqualTo", value: 1.5 })).toBe(true);
    expect(holds({ ...o, stat: "win", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 1.2 })).toBe(true);
    expect(
      holds({ ...o, stat: "win", target: "Away", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 13 }),
    ).toBe(true);
    expect(
      holds({ ...o, stat: "draw", target: "Match", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 5.5 }),
    ).toBe(true);
    expect(
      holds({ ...o, stat: "over25", target: "Match", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 2.6 }),
    ).toBe(true);
    expect(
      holds({ ...o, stat: "under25", target: "Match", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 1.45 }),
    ).toBe(true);
    expect(
      holds({ ...o, stat: "bttsYes", target: "Match", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 2.9 }),
    ).toBe(true);
    expect(
      holds({ ...o, stat: "bttsNo", target: "Match", oddsMarket: "LiveMatch", comparator: "EqualTo", value: 1.38 }),
    ).toBe(true);
    expect(holds({ ...o, stat: "over25", target: "Match", comparator: "EqualTo", value: 1.8 })).toBe(true);
    expect(
      holds({ ...o, stat: "win", target: "Favorite", oddsMarket: "LiveMatch", comparator: "LessThan", value: 1.3 }),
    ).toBe(true);
  });
  it("live odds between the first and the second minute only", () => {
    const r = { ...o, stat: "win", oddsMarket: "LiveMatch" as const, comparator: "LessThan" as const, value: 2 };
    expect(holds({ ...r, firstMinute: 60, secondMinute: 70 })).toBe(true);
    expect(holds({ ...r, firstMinute: 63, secondMinute: 63 })).toBe(true);
    expect(holds({ ...r, firstMinute: 64 })).toBe(false);
    expect(holds({ ...r, secondMinute: 62 })).toBe(false);
    expect(holds({ ...r, firstMinute: 10 }, live({ odds: null }))).toBe(false);
  });
  it("probabilities and pre-match statistics of the fixture's row", () => {
    expect(holds({ category: "probabilities", stat: "final.win", comparator: "GreaterThan", value: 60 })).toBe(true);
    expect(
      holds({ category: "probabilities", stat: "final.win", comparator: "GreaterThan", value: 60 }, live(), 1),
    ).toBe(false);
    expect(
      holds({ category: "probabilities", stat: "final.draw", target: "Match", comparator: "EqualTo", value: 24 }),
    ).toBe(true);
    expect(
      holds({ category: "preMatchStats", stat: "rank", target: "Underdog", comparator: "GreaterEqualThan", value: 15 }),
    ).toBe(true);
    expect(
      holds(
        { category: "preMatchStats", stat: "rank", target: "Underdog", comparator: "GreaterEqualThan", value: 0 },
        live(),
        -1,
      ),
    ).toBe(false);
  });
  it("a filter holds when all its rules hold", () => {
    const a = rule({ id: "a" });
    const b = rule({
      id: "b",
      category: "odds",
      stat: "win",
      oddsMarket: "LiveMatch",
      comparator: "DecreasedOf",
      value: 10,
    });
    const c = rule({
      id: "c",
      time: { kind: "During2ndHalf" },
      stat: "dangerousAttacks",
      numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
      comparator: "GreaterEqualThan",
      value: 2,
    });
    expect(holds([a, b, c])).toBe(true);
    expect(holds([a, b, { ...c, value: 2.5 }])).toBe(false);
    expect(holds([])).toBe(false);
  });
});

describe("what a filter reads and when it can hold", () => {
  it("reads: counters, the score, the clock, the live prices", () => {
    expect(ruleDeps(rule({}))).not.toBe(0);
    expect(ruleDeps(rule({ stat: "goals" }))).toBe(DEP.score);
    expect(ruleDeps(rule({ target: "WinningTeam" })) & DEP.score).toBe(DEP.score);
    expect(ruleDeps(rule({ time: { kind: "AtHalfTime" } })) & DEP.clock).toBe(DEP.clock);
    expect(ruleDeps(rule({ category: "odds", stat: "win", oddsMarket: "LiveMatch" }))).toBe(DEP.odds);
    expect(ruleDeps(rule({ category: "odds", stat: "win", oddsMarket: "LiveMatch", firstMinute: 3 }))).toBe(
      DEP.odds | DEP.clock,
    );
    expect(ruleDeps(rule({ category: "odds", stat: "win" }))).toBe(0);
    expect(ruleDeps(rule({ category: "preMatchStats", stat: "rank" }))).toBe(0);
  });
  it("changes: a new minute or status, score, a counter, a price; the seconds alone are no change", () => {
    const a = live();
    expect(changedDeps(a, { ...a, second: a.second! + 5 })).toBe(0);
    expect(changedDeps(a, { ...a, minute: 64 })).toBe(DEP.clock);
    expect(changedDeps(a, { ...a, homeScore: 2 })).toBe(DEP.score);
    expect(changedDeps(a, { ...a, odds: { ...a.odds!, draw: 6 } })).toBe(DEP.odds);
    expect(changedDeps(a, { ...a, odds: { ...a.odds!, minute: 64 } })).toBe(0);
    expect(changedDeps(a, { ...a, home: { ...a.home, corners: 7 } })).toBe(ruleDeps(rule({})));
    expect(changedDeps(a, { ...a, home: { ...a.home, fouls: 9 } })).toBe(0);
    expect(changedDeps(null, a)).not.toBe(0);
  });
  it("time windows: the clock slots where every time condition can hold", () => {
    const w = filterWindow([
      rule({ time: { kind: "AfterMinute", minute: 60 } }),
      rule({ time: { kind: "BeforeMinute", minute: 70 } }),
    ]);
    const open = [...w.keys()].filter((i) => w[i] === 1);
    expect(open).toEqual([61, 62, 63, 64, 65, 66, 67, 68, 69]);
    const half = filterWindow([rule({ time: { kind: "AtHalfTime" } })]);
    expect([...half.keys()].filter((i) => half[i] === 1)).toEqual([91]);
    expect(slotOf(live())).toBe(63);
    expect(slotOf(live({ status: "halftime", minute: 45 }))).toBe(91);
  });
});

describe("live picks", () => {
  it("price the desired outcome on the live 1X2 line; none for _ht, none/all, or a suspended price", () => {
    const odds = live().odds;
    expect(livePickOdds("home", 0, odds)).toBe(1.2);
    expect(livePickOdds("draw", 0, odds)).toBe(5.5);
    expect(livePickOdds("away", 0, odds)).toBe(13);
    expect(livePickOdds("favorite_wins", 0, odds)).toBe(1.2);
    expect(livePickOdds("favorite_wins", 1, odds)).toBe(13);
    expect(livePickOdds("favorite_wins_home", 0, odds)).toBe(1.2);
    expect(livePickOdds("favorite_wins_home", 1, odds)).toBeNull();
    expect(livePickOdds("favorite_wins_away", 1, odds)).toBe(13);
    expect(livePickOdds("underdog_wins", 0, odds)).toBe(13);
    expect(livePickOdds("underdog_wins_home", 1, odds)).toBe(1.2);
    expect(livePickOdds("underdog_wins_away", 0, odds)).toBe(13);
    expect(livePickOdds("favorite_wins", -1, odds)).toBeNull();
    expect(livePickOdds("home_ht", 0, odds)).toBeNull();
    expect(livePickOdds("none", 0, odds)).toBeNull();
    expect(livePickOdds("all", 0, odds)).toBeNull();
    expect(livePickOdds("home", 0, { ...odds!, home: null })).toBeNull();
    expect(livePickOdds("home", 0, null)).toBeNull();
  });
  it("alert content: minute, score, every counter the source has, live odds", () => {
    const c = liveAlertContent(
      { home: "Arsenal", away: "Chelsea", kickoff: "2026-11-21T15:00:00.000Z" },
      live({}, { corners: 6 }, { corners: null }),
    );
    expect(c.minute).toBe(63);
    expect(c.score).toEqual({ home: 1, away: 0 });
    expect(c.stats).toMatchObject({
      dangerousAttacks: { home: 40, away: 20 },
      shotsOnTarget: { home: 5, away: 1 },
      shotsOffTarget: { home: 7, away: 3 },
    });
    expect(c.stats?.corners, "one side without the counter").toBeUndefined();
    expect(c.odds1x2Live).toEqual({ home: 1.2, draw: 5.5, away: 13 });
  });
});
