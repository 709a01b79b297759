import { describe, expect, it } from "vitest";
import { MAX_LIVE_PRICE, fitOddsModel, liveOdds } from "../../src/domain/live/odds.ts";
import { stateAt } from "../../src/domain/live/replay.ts";
import { COUNTERS, HALF_SECONDS, MATCH_SECONDS } from "../../src/domain/live/state.ts";
import { KIND, type ReplayInput, type Timeline, buildReplayTimeline } from "../../src/domain/live/timeline.ts";
import {
  type BacktestMatch,
  type LiveBacktestJudge,
  downsample,
  firstMoment,
  liveJudge,
  relevantKinds,
  runLiveBacktest,
} from "../../src/domain/scanner/live-backtest.ts";
import { LiveCursor } from "../../src/domain/scanner/live-cursor.ts";
import type { Score } from "../../src/domain/scanner/outcomes.ts";
import type { DesiredOutcome, Rule } from "../../src/domain/scanner/rules.ts";

const ALL_KNOWN = (1 << COUNTERS.length) - 1;
const MODEL = fitOddsModel({ home: 1.8, draw: 3.6, away: 4.5, over25: 1.9, under25: 1.95 })!;

/** A hand-made timeline: [second, kind, side (0 home, 1 away)] in any order. */
function timeline(fixtureId: number, events: Array<[number, number, number]>): Timeline {
  const sorted = [...events].sort((a, b) => a[0] - b[0] || a[1] * 2 + a[2] - (b[1] * 2 + b[2]));
  return {
    fixtureId,
    known: ALL_KNOWN,
    estimated: 0,
    seconds: Uint16Array.from(sorted.map((e) => e[0])),
    codes: Uint8Array.from(sorted.map((e) => e[1] * 2 + e[2])),
  };
}

const min = (m: number, s = 0) => (m - 1) * 60 + s;
const score = (ftHome: number, ftAway: number, htHome = 0, htAway = 0): Score => ({ ftHome, ftAway, htHome, htAway });

function match(t: Timeline, s: Score, extra: Partial<BacktestMatch<number>> = {}): BacktestMatch<number> {
  return {
    fixtureId: t.fixtureId,
    leagueId: 7,
    kickoff: t.fixtureId * 1000,
    timeline: t,
    model: MODEL,
    favorite: 0,
    score: s,
    context: -1,
    ...extra,
  };
}

/** A judge over the cursor itself: the predicate reads the live state directly; the odd is the home price. */
function judge(matches: (s: LiveCursor) => boolean, kinds = relevantKinds([])): LiveBacktestJudge<LiveCursor, number> {
  return {
    matches,
    stateOf: (c) => c,
    quoteOf: (_s, c) => ({ odds: c.odds?.home ?? null, probability: null, beyondCap: false }),
    kinds,
  };
}

// Home shots on target at 10', 30', 59'30", 61'; a home goal at 70'; an away shot at 20'.
const base = timeline(1, [
  [min(10), KIND.shotOn, 0],
  [min(20), KIND.shotOff, 1],
  [min(30), KIND.shotOn, 0],
  [min(59, 30), KIND.shotOn, 0],
  [min(61), KIND.shotOn, 0],
  [min(70), KIND.goal, 0],
  [min(70), KIND.shotOn, 0],
]);

describe("live backtest: the cursor is the live state", () => {
  const inputs: ReplayInput[] = [
    {
      fixtureId: 4242,
      result: { htHome: 1, htAway: 1, ftHome: 3, ftAway: 1 },
      home: { shots: 17, shotsOnTarget: 7, corners: 8, fouls: 11, yellowCards: 2, redCards: 0 },
      away: { shots: 9, shotsOnTarget: 3, corners: 4, fouls: 14, yellowCards: 3, redCards: 1 },
      maxSubstitutions: 5,
    },
    {
      fixtureId: 77,
      result: { htHome: 0, htAway: 2, ftHome: 1, ftAway: 2 },
      home: null,
      away: null,
      maxSubstitutions: 3,
    },
  ];
  it.each(inputs)("agrees with stateAt at every moment of fixture $fixtureId", (input) => {
    const tl = buildReplayTimeline(input);
    const cursor = new LiveCursor();
    cursor.reset(tl, MODEL);
    for (let second = 0; second < MATCH_SECONDS; second += 13) {
      cursor.advance(second);
      cursor.at(second, "live");
      const expected = stateAt(tl, "live", second, MODEL);
      expect(cursor.snapshot()).toEqual(expected);
      if (second <= HALF_SECONDS - 1 && second + 13 > HALF_SECONDS - 1) {
        cursor.advance(HALF_SECONDS - 1);
        cursor.at(HALF_SECONDS - 1, "halftime");
        expect(cursor.snapshot()).toEqual(stateAt(tl, "halftime", HALF_SECONDS - 1, MODEL));
      }
    }
  });
});

describe("live backtest: the first moment all rules hold", () => {
  it("picks at minute 60 with that minute's live odd when the rule first holds at 60", () => {
    // Three home shots on target happen by 59'30"; "after minute 59" (from 60 on) and ≥ 3 shots first holds at 60'00".
    const rule = (s: LiveCursor) => s.minute! >= 60 && s.home.shotsOnTarget! >= 3;
    const result = runLiveBacktest([match(base, score(1, 0))], judge(rule), "home");
    expect(result.picks).toHaveLength(1);
    const pick = result.picks[0]!;
    expect([pick.minute, pick.second, pick.homeScore, pick.awayScore, pick.halftime]).toEqual([
      60,
      min(60),
      0,
      0,
      false,
    ]);
    const expected = liveOdds(MODEL, { second: min(60), homeScore: 0, awayScore: 0, homeReds: 0, awayReds: 0 }).home;
    expect(pick.odds).toBe(expected);
    // Not the kick-off price, not the price after the 70th-minute goal.
    expect(pick.odds).not.toBe(
      liveOdds(MODEL, { second: 0, homeScore: 0, awayScore: 0, homeReds: 0, awayReds: 0 }).home,
    );
    expect(pick.grade).toBe("won");
  });

  it("picks at the second of the event that makes the rules hold, and once per match", () => {
    const result = runLiveBacktest(
      [match(base, score(1, 0))],
      judge((s) => s.home.shotsOnTarget! >= 3, relevantKinds([rule({ stat: "shotsOnGoal" })])),
      "home",
    );
    expect(result.picks.map((p) => [p.minute, p.second])).toEqual([[59, min(59, 30)]]);
  });

  it("sees the score change at the goal's second", () => {
    const result = runLiveBacktest(
      [match(base, score(1, 0))],
      judge((s) => s.homeScore! > s.awayScore!),
      "home",
    );
    const pick = result.picks[0]!;
    expect([pick.minute, pick.homeScore, pick.awayScore]).toEqual([70, 1, 0]);
    expect(pick.odds).toBe(
      liveOdds(MODEL, { second: min(70), homeScore: 1, awayScore: 0, homeReds: 0, awayReds: 0 }).home,
    );
  });

  it("checks the half-time break as its own moment", () => {
    const result = runLiveBacktest(
      [match(base, score(1, 0))],
      judge((s) => s.status === "halftime"),
      "home",
    );
    expect(result.picks.map((p) => [p.minute, p.second, p.halftime])).toEqual([[45, HALF_SECONDS - 1, true]]);
  });

  it("uses nothing from after the moment of the pick", () => {
    const rule = (s: LiveCursor) => s.minute! >= 60 && s.home.shotsOnTarget! >= 3;
    const before = runLiveBacktest([match(base, score(1, 0))], judge(rule), "home").picks[0]!;
    // Another future: from 60'01" on the match goes the other way (away goals, a home red card, more shots).
    const cut = base.seconds.findIndex((s) => s > min(60));
    const future = timeline(1, [
      ...Array.from(
        base.seconds.slice(0, cut),
        (s, i) => [s, base.codes[i]! >> 1, base.codes[i]! & 1] as [number, number, number],
      ),
      [min(60, 1), KIND.goal, 1],
      [min(60, 30), KIND.red, 0],
      [min(75), KIND.goal, 1],
      [min(80), KIND.shotOn, 0],
    ]);
    const after = runLiveBacktest([match(future, score(0, 2))], judge(rule), "home").picks[0]!;
    expect({ ...after, grade: null, score: null }).toEqual({ ...before, grade: null, score: null });
    expect(after.grade).toBe("lost");
  });

  it("the events a filter cannot see do not change its picks (only fewer moments are checked)", () => {
    const tl = buildReplayTimeline({
      fixtureId: 4242,
      result: { htHome: 1, htAway: 1, ftHome: 3, ftAway: 1 },
      home: { shots: 17, shotsOnTarget: 7, corners: 8, fouls: 11, yellowCards: 2, redCards: 0 },
      away: { shots: 9, shotsOnTarget: 3, corners: 4, fouls: 14, yellowCards: 3, redCards: 1 },
      maxSubstitutions: 5,
    });
    const predicate = (s: LiveCursor) => s.home.corners! + s.away.corners! >= 5 && (s.odds?.away ?? 0) > 3;
    const narrow = runLiveBacktest(
      [match(tl, score(3, 1))],
      judge(predicate, relevantKinds([rule({ stat: "total.corners", target: "Match" })])),
      "home",
    );
    const all = runLiveBacktest([match(tl, score(3, 1))], judge(predicate, (1 << 14) - 1), "home");
    expect(narrow.picks).toEqual(all.picks);
    expect(narrow.picks).toHaveLength(1);
  });

  it("a filter that never holds makes no pick but the match counts as analysed", () => {
    const result = runLiveBacktest(
      [match(base, score(1, 0))],
      judge(() => false),
      "home",
    );
    expect(result.picks).toEqual([]);
    expect(result.analysed).toBe(1);
    expect(result.figures).toMatchObject({ picks: 0, successRate: null, roi: null });
  });
});

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  category: "liveStats",
  stat: "goals",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 0,
  ...r,
});

describe("live backtest: relevant events", () => {
  it("always includes goals and red cards; adds what the counters are made of", () => {
    const has = (mask: number, kind: number) => (mask & (1 << kind)) !== 0;
    const corners = relevantKinds([rule({ stat: "corners" })]);
    expect([
      has(corners, KIND.goal),
      has(corners, KIND.red),
      has(corners, KIND.corner),
      has(corners, KIND.foul),
      has(corners, KIND.attack),
    ]).toEqual([true, true, true, false, false]);
    expect(has(relevantKinds([rule({ stat: "possession" })]), KIND.attack)).toBe(true);
    expect(
      has(
        relevantKinds([
          rule({ stat: "dangerousAttacks", numeric: { op: "div", stat: "shotsOnGoal", withTarget: "Away" } }),
        ]),
        KIND.shotOnOnly,
      ),
    ).toBe(true);
    expect(relevantKinds([rule({ category: "odds", stat: "win", oddsMarket: "LiveMatch" })])).toBe(
      corners & ~(1 << KIND.corner),
    );
  });
});

describe("live backtest: grading and figures", () => {
  const goalAt60 = timeline(5, [[min(60), KIND.goal, 0]]);
  const cases: Array<[DesiredOutcome, Score, number, string]> = [
    ["home", score(2, 1, 0, 1), 0, "won"],
    ["away", score(2, 1, 0, 1), 0, "lost"],
    ["draw", score(1, 1), 0, "won"],
    ["favorite_wins", score(0, 1), 1, "won"],
    ["favorite_wins", score(0, 1), -1, "void"],
    ["favorite_wins_home", score(0, 1), 1, "lost"],
    ["underdog_wins", score(0, 1), 0, "won"],
    ["underdog_wins_away", score(2, 0), 0, "lost"],
    ["home_ht", score(2, 1, 0, 1), 0, "lost"],
    ["away_ht", score(2, 1, 0, 1), 0, "won"],
    ["draw_ht", { ftHome: 1, ftAway: 1, htHome: null, htAway: null }, 0, "void"],
  ];
  it.each(cases)("%s with %j (favourite %i) is %s", (outcome, s, favorite, expected) => {
    const result = runLiveBacktest(
      [match(goalAt60, s, { favorite })],
      judge((c) => c.minute === 50),
      outcome,
    );
    expect(result.picks[0]!.grade).toBe(expected);
  });

  it("adds up the alerts module's figures, per league too, with an equity curve", () => {
    const list = [
      match(timeline(11, []), score(1, 0), { leagueId: 1 }),
      match(timeline(12, []), score(0, 1), { leagueId: 1 }),
      match(timeline(13, []), score(2, 0), { leagueId: 2 }),
      match(timeline(14, []), score(0, 0), { leagueId: 2, model: null }),
    ];
    const result = runLiveBacktest(
      list,
      judge((c) => c.minute === 10),
      "home",
    );
    const price = liveOdds(MODEL, { second: min(10), homeScore: 0, awayScore: 0, homeReds: 0, awayReds: 0 }).home!;
    expect(result.figures).toMatchObject({
      picks: 4,
      won: 2,
      lost: 2,
      stakes: 3,
      meanOdd: price,
      meanWinningOdd: price,
    });
    expect(result.figures.successRate).toBe(0.5);
    expect(result.figures.roi).toBeCloseTo((2 * price - 3) / 3, 10);
    expect(result.picks[3]!.odds).toBeNull();
    expect(result.leagues.map((l) => [l.leagueId, l.analysed, l.figures.picks, l.figures.won])).toEqual([
      [1, 2, 2, 1],
      [2, 2, 2, 1],
    ]);
    expect(result.equity).toEqual([price - 1, price - 2, 2 * price - 3].map((x) => Math.round(x * 100) / 100));
  });

  it("leaves picks priced above the in-play cap out of the ROI, and counts them", () => {
    // Home trailing 0-2 at 75' (two away goals): the home price is beyond the cap, so the pick has no odd.
    const trailing = (id: number) =>
      timeline(id, [
        [min(20), KIND.goal, 1],
        [min(40), KIND.goal, 1],
      ]);
    const list = [
      match(trailing(21), score(3, 2)), // the comeback: won, but at no price a market offered
      match(trailing(22), score(0, 2)),
      match(timeline(23, [[min(20), KIND.goal, 1]]), score(2, 1)), // only one down: priced, won
    ];
    const result = runLiveBacktest(
      list,
      liveJudge(
        [{ id: "m", category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 75 }],
        "home",
        null,
      ),
      "home",
    );
    const byId = new Map(result.picks.map((p) => [p.fixtureId, p]));
    expect(byId.get(21)).toMatchObject({ minute: 75, odds: null, beyondCap: true, grade: "won" });
    expect(byId.get(22)).toMatchObject({ odds: null, beyondCap: true, grade: "lost" });
    const priced = byId.get(23)!;
    expect(priced.beyondCap).toBe(false);
    expect(priced.odds).not.toBeNull();
    expect(priced.odds!).toBeLessThanOrEqual(MAX_LIVE_PRICE);
    expect(result.beyondCap).toBe(2);
    // Only the priced pick is staked: ROI = its odd − 1, not inflated by the comeback.
    expect(result.figures).toMatchObject({ picks: 3, won: 2, lost: 1, stakes: 1 });
    expect(result.figures.roi).toBeCloseTo(priced.odds! - 1, 10);
  });

  it("downsamples a long curve to its points, keeping the end", () => {
    const curve = Array.from({ length: 1000 }, (_, i) => i);
    const out = downsample(curve, 200);
    expect(out).toHaveLength(200);
    expect(out.at(-1)).toBe(999);
  });
});

describe("live backtest: the live scanner's compiled rules", () => {
  const r = (x: Partial<Rule>): Rule => ({
    id: "r",
    category: "liveStats",
    stat: "shotsOnGoal",
    target: "Home",
    comparator: "GreaterEqualThan",
    value: 3,
    ...x,
  });
  it("a rule after minute 59 with three home shots on target picks at 60 with the live home odd", () => {
    const rules = [
      r({}),
      r({
        id: "t",
        category: "time",
        stat: "minute",
        target: "Match",
        comparator: "GreaterEqualThan",
        value: 0,
        time: { kind: "AfterMinute", minute: 59 },
      }),
    ];
    const result = runLiveBacktest([match(base, score(1, 0))], liveJudge(rules, "home", null), "home");
    expect(result.picks.map((p) => [p.minute, p.second])).toEqual([[60, min(60)]]);
    expect(result.picks[0]!.odds).toBe(
      liveOdds(MODEL, { second: min(60), homeScore: 0, awayScore: 0, homeReds: 0, awayReds: 0 }).home,
    );
  });

  it("live odds rules read the price of the moment; half-time outcomes have no live price", () => {
    // The home price drops below 1.5 only once the home side leads (70').
    const rules = [r({ category: "odds", stat: "win", comparator: "LessThan", value: 1.5, oddsMarket: "LiveMatch" })];
    const result = runLiveBacktest([match(base, score(1, 0))], liveJudge(rules, "home", null), "home");
    expect(result.picks.map((p) => [p.minute, p.homeScore])).toEqual([[70, 1]]);
    expect(result.picks[0]!.odds).toBeLessThan(1.5);
    const ht = runLiveBacktest([match(base, score(1, 0))], liveJudge(rules, "home_ht", null), "home_ht");
    expect(ht.picks[0]!.odds).toBeNull();
  });

  it("AtHalfTime holds only in the break; a window closed elsewhere skips the other minutes", () => {
    const rules = [r({ value: 1, time: { kind: "AtHalfTime" } })];
    const result = runLiveBacktest([match(base, score(1, 0))], liveJudge(rules, "draw", null), "draw");
    expect(result.picks.map((p) => [p.minute, p.halftime])).toEqual([[45, true]]);
    const never = runLiveBacktest(
      [match(base, score(1, 0))],
      liveJudge([r({ value: 3, time: { kind: "AtHalfTime" } })], "draw", null),
      "draw",
    );
    expect(never.picks).toEqual([]);
  });

  it("a window of minutes 80-90 sees the counters of then", () => {
    const rules = [r({ value: 4, time: { kind: "MinuteRange", minute: 80, toMinute: 90 } })];
    const result = runLiveBacktest([match(base, score(1, 0))], liveJudge(rules, "home", null), "home");
    expect(result.picks.map((p) => [p.minute, p.second])).toEqual([[80, min(80)]]);
  });
});

describe("live backtest: the shortcuts agree with checking every second", () => {
  const r = (id: string, x: Partial<Rule>): Rule => ({
    id,
    category: "liveStats",
    stat: "shotsOnGoal",
    target: "Home",
    comparator: "GreaterEqualThan",
    value: 3,
    ...x,
  });
  const filters: Rule[][] = [
    [r("a", {}), r("b", { stat: "corners", target: "Away", value: 2, time: { kind: "During2ndHalf" } })],
    [
      r("a", {
        stat: "dangerousAttacks",
        target: "Home",
        value: 1.1,
        numeric: { op: "div", stat: "dangerousAttacks", withTarget: "Away" },
      }),
      r("b", { stat: "possession", value: 51, time: { kind: "MinuteRange", minute: 20, toMinute: 70 } }),
    ],
    [r("a", { stat: "drawing", target: "Match", comparator: "EqualTo", value: 1, time: { kind: "AtHalfTime" } })],
    [
      r("a", {
        category: "odds",
        stat: "win",
        target: "Home",
        comparator: "GreaterThan",
        value: 2.5,
        oddsMarket: "LiveMatch",
        firstMinute: 30,
        secondMinute: 75,
      }),
    ],
    [
      r("a", {
        category: "odds",
        stat: "over25",
        target: "Match",
        comparator: "GreaterThan",
        value: 2.5,
        oddsMarket: "LiveMatch",
      }),
      r("b", { stat: "total.shots", target: "Match", value: 8 }),
    ],
    [
      r("a", { stat: "yellowCards", target: "HomeOrAway", value: 2 }),
      r("b", { category: "time", stat: "minute", target: "Match", comparator: "LessThan", value: 80 }),
    ],
    [
      r("a", { stat: "goalMargin", target: "WinningTeam", value: 1 }),
      r("b", { stat: "shots", target: "LoosingTeam", value: 6, time: { kind: "AfterMinute", minute: 50 } }),
    ],
  ];
  const timelines = Array.from({ length: 40 }, (_, i) =>
    buildReplayTimeline({
      fixtureId: 9000 + i,
      result: {
        htHome: i % 2,
        htAway: (i >> 1) % 2,
        ftHome: (i % 2) + (i % 3),
        ftAway: ((i >> 1) % 2) + (i % 4 === 0 ? 1 : 0),
      },
      home:
        i % 5 === 4
          ? null
          : {
              shots: 8 + (i % 9),
              shotsOnTarget: 3 + (i % 4),
              corners: 2 + (i % 7),
              fouls: 10,
              yellowCards: i % 4,
              redCards: i % 11 === 0 ? 1 : 0,
            },
      away:
        i % 5 === 4
          ? null
          : {
              shots: 6 + (i % 7),
              shotsOnTarget: 2 + (i % 3),
              corners: 1 + (i % 5),
              fouls: 12,
              yellowCards: (i + 1) % 4,
              redCards: 0,
            },
      maxSubstitutions: 5,
    }),
  );
  it.each(filters.map((f, i) => [i, f] as const))("filter %i: the same picks at the same second", (_i, rules) => {
    const judgeOf = liveJudge(rules, "home", null);
    const list = timelines.map((tl, i) => match(tl, score(1, 0), { favorite: i % 3 === 0 ? 1 : 0 }));
    const fast = runLiveBacktest(list, judgeOf, "home").picks.map((p) => [p.fixtureId, p.second, p.halftime, p.odds]);
    // Every second of play, the state rebuilt from scratch; the break once.
    const slow: Array<[number, number, boolean, number | null]> = [];
    for (const m of list) {
      for (let second = 0; second < MATCH_SECONDS; second++) {
        const live = judgeOf.matches({ live: stateAt(m.timeline, "live", second, MODEL), row: -1 });
        const brk =
          second === HALF_SECONDS - 1 &&
          judgeOf.matches({ live: stateAt(m.timeline, "halftime", second, MODEL), row: -1 });
        if (live || brk) {
          const state = stateAt(m.timeline, live ? "live" : "halftime", second, MODEL);
          slow.push([
            m.fixtureId,
            second,
            !live,
            judgeOf.quoteOf({ live: state, row: -1 }, state as LiveCursor, m.favorite).odds,
          ]);
          break;
        }
      }
    }
    expect(fast).toEqual(slow);
    expect(slow.length).toBeGreaterThan(0);
  });
});

describe("firstMoment", () => {
  it("stops with the cursor at the moment", () => {
    const cursor = new LiveCursor();
    cursor.reset(base, MODEL);
    expect(firstMoment(cursor, cursor, (s) => s.homeScore === 1, relevantKinds([]))).toBe(true);
    expect(cursor.second).toBe(min(70));
    expect(cursor.events.map((e) => e.type)).toEqual(["goal"]);
  });
});
