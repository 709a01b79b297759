import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterFigures } from "../../src/domain/alerts/figures.ts";
import { gradeOf, judgeOutcome } from "../../src/domain/alerts/grading.ts";
import { MAX_LIVE_PRICE, fitOddsModel, liveOdds } from "../../src/domain/live/odds.ts";
import { COUNTERS, HALF_SECONDS } from "../../src/domain/live/state.ts";
import { KIND, type Timeline, goalSidesOf } from "../../src/domain/live/timeline.ts";
import { decodeTimeline, encodeTimeline } from "../../src/domain/live/timeline-bytes.ts";
import { GOAL_OUTCOMES, outcomePriced } from "../../src/domain/scanner/goal-outcomes.ts";
import { liveGoalQuote } from "../../src/domain/scanner/goal-quotes.ts";
import {
  type LiveBacktestJudge,
  type LiveBacktestPick,
  runLiveBacktest,
} from "../../src/domain/scanner/live-backtest.ts";
import type { LiveCursor } from "../../src/domain/scanner/live-cursor.ts";
import { inFirstHalf, livePickQuote } from "../../src/domain/scanner/live-pick.ts";
import type { Score } from "../../src/domain/scanner/outcomes.ts";
import type { DesiredOutcome } from "../../src/domain/scanner/rules.ts";
import { filterSchema } from "../../src/domain/scanner/schema.ts";

const MODEL = fitOddsModel({ home: 1.8, draw: 3.6, away: 4.5, over25: 1.9, under25: 1.95 })!;
const ALL_KNOWN = (1 << COUNTERS.length) - 1;
const min = (m: number, s = 0) => (m - 1) * 60 + s;

/** A hand-made timeline of [second, kind, side] events. */
function timeline(events: Array<[number, number, number]>): Timeline {
  const sorted = [...events].sort((a, b) => a[0] - b[0]);
  return {
    fixtureId: 1,
    known: ALL_KNOWN,
    estimated: 0,
    seconds: Uint16Array.from(sorted.map((e) => e[0])),
    codes: Uint8Array.from(sorted.map((e) => e[1] * 2 + e[2])),
  };
}

/** The scores a timeline's goals make (half time: goals before the second half's first second). */
function scoreOf(t: Timeline, corners: [number | null, number | null] = [null, null]): Score {
  const s = { ftHome: 0, ftAway: 0, htHome: 0, htAway: 0, cornersHome: corners[0], cornersAway: corners[1] };
  t.codes.forEach((code, i) => {
    if (code >> 1 !== KIND.goal) return;
    const home = (code & 1) === 0;
    if (home) s.ftHome++;
    else s.ftAway++;
    if (t.seconds[i]! < HALF_SECONDS) {
      if (home) s.htHome++;
      else s.htAway++;
    }
  });
  return s;
}

/** The backtest's grade of a pick made at the first moment from `fromSecond` on (status live, or the break). */
function backtestPick(t: Timeline, outcome: DesiredOutcome, fromSecond: number, s = scoreOf(t)): LiveBacktestPick {
  const judge: LiveBacktestJudge<LiveCursor, number> = {
    matches: (c) => c.second !== null && c.second >= fromSecond,
    stateOf: (c) => c,
    quoteOf: (_s, c, favorite) => livePickQuote(outcome, favorite, c),
    kinds: ~0,
  };
  const match = { fixtureId: 1, leagueId: 1, kickoff: 0, timeline: t, model: MODEL, favorite: 0, score: s, context: 0 };
  // A pick is expected (undefined where no moment is left after fromSecond: the property test skips those).
  return runLiveBacktest([match], judge, outcome).picks[0] as LiveBacktestPick;
}

describe("goal outcomes are judged", () => {
  it("from the score at the alert: a goal in the same second as the alert is already in it", () => {
    const t = timeline([[min(70), KIND.goal, 0]]);
    const pick = backtestPick(t, "goal_after", min(70));
    expect([pick.homeScore, pick.awayScore]).toEqual([1, 0]);
    expect(pick.grade).toBe("lost");
    expect(backtestPick(t, "no_goal_after", min(70)).grade).toBe("won");
    // A minute earlier the goal is still to come.
    expect(backtestPick(t, "goal_after", min(69)).grade).toBe("won");
  });

  it("with first-half added time in the half-time score, and first-half outcomes void after the break", () => {
    const t = timeline([[HALF_SECONDS - 1, KIND.goal, 1]]);
    expect(backtestPick(t, "goal_before_ht", min(44)).grade).toBe("won");
    expect(backtestPick(t, "ht_over_0.5", min(44)).grade).toBe("won");
    expect(backtestPick(t, "goal_before_ht", HALF_SECONDS).grade).toBe("void");
    expect(backtestPick(t, "ht_under_0.5", HALF_SECONDS + 60).grade).toBe("void");
  });

  it("unmoved by a red card, and the next scorer from the order of the goals", () => {
    const t = timeline([
      [min(20), KIND.red, 0],
      [min(50), KIND.goal, 0],
      [min(75), KIND.goal, 1],
      [min(80), KIND.goal, 0],
    ]);
    expect(backtestPick(t, "next_goal_home", min(30)).grade).toBe("won");
    expect(backtestPick(t, "next_goal_away", min(60)).grade).toBe("won");
    expect(backtestPick(t, "next_goal_home", min(60)).grade).toBe("lost");
    expect(backtestPick(t, "btts_yes", min(30)).grade).toBe("won");
    expect(backtestPick(t, "over_2.5", min(30)).grade).toBe("won");
    expect(backtestPick(t, "double_x2", min(30)).grade).toBe("lost");
    expect(backtestPick(t, "next_goal_home", min(85)).grade).toBe("lost");
  });

  it("in a match without goals, and corners only with counts", () => {
    const t = timeline([[min(10), KIND.corner, 0]]);
    for (const [outcome, grade] of [
      ["goal_after", "lost"],
      ["no_goal_after", "won"],
      ["next_goal_away", "lost"],
      ["btts_no", "won"],
      ["under_0.5", "won"],
      ["double_12", "lost"],
      ["corners_over_7.5", "void"],
    ] as const)
      expect(backtestPick(t, outcome, min(5)).grade, outcome).toBe(grade);
    const counted = scoreOf(t, [6, 3]);
    expect(backtestPick(t, "corners_over_8.5", min(5), counted).grade).toBe("won");
    expect(backtestPick(t, "corners_under_8.5", min(5), counted).grade).toBe("lost");
  });

  it("void for a live-only outcome without the moment of its alert", () => {
    const facts = { ftHome: 1, ftAway: 0, htHome: 0, htAway: 0 };
    expect(judgeOutcome("goal_after", facts, null)).toBeNull();
    expect(judgeOutcome("over_0.5", facts, null)).toBe(true);
  });
});

describe("the backtest and the alert grade alike", () => {
  // The alert path: the pick's stored score and half, the match's stored timeline, as the grading job reads them.
  const alertGrade = (t: Timeline, outcome: string, pick: LiveBacktestPick, firstHalf: boolean) => {
    const stored = decodeTimeline(1, encodeTimeline(t));
    const facts = { ...scoreOf(t), goalSides: outcome.startsWith("next_goal") ? goalSidesOf(stored) : null };
    return gradeOf(judgeOutcome(outcome, facts, "home", { home: pick.homeScore, away: pick.awayScore, firstHalf }));
  };

  it("on random matches and alert moments (fast-check)", () => {
    const goal = fc.tuple(fc.integer({ min: 0, max: 5399 }), fc.integer({ min: 0, max: 1 }));
    fc.assert(
      fc.property(
        fc.array(goal, { maxLength: 7 }),
        fc.integer({ min: 0, max: 5399 }),
        fc.constantFrom(...GOAL_OUTCOMES.filter((o) => !o.startsWith("corners"))),
        (goals, from, outcome) => {
          const t = timeline(goals.map(([s, side]) => [s, KIND.goal, side]));
          const pick = backtestPick(t, outcome, from);
          if (!pick) return; // no moment left to check after `from`
          const firstHalf = !pick.halftime && pick.second < HALF_SECONDS;
          expect(pick.grade).toBe(alertGrade(t, outcome, pick, firstHalf));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("goal outcomes are quoted", () => {
  const odds = (second: number, homeScore = 0, awayScore = 0) =>
    liveOdds(MODEL, { second, homeScore, awayScore, homeReds: 0, awayReds: 0 });

  it("with model probabilities that fall as time runs out, and prices within the in-play cap", () => {
    const at = (second: number) =>
      liveGoalQuote("goal_after", odds(second), { homeScore: 0, awayScore: 0, firstHalf: second < HALF_SECONDS })!;
    const early = at(min(10));
    const late = at(min(85));
    expect(early.probability!).toBeGreaterThan(late.probability!);
    for (const q of [early, late]) {
      expect(q.odds!).toBeGreaterThanOrEqual(1.01);
      expect(q.odds!).toBeLessThanOrEqual(MAX_LIVE_PRICE);
      // The price carries a margin: its implied probability is above the model's.
      expect(1 / q.odds!).toBeGreaterThan(q.probability!);
    }
    const home = liveGoalQuote("next_goal_home", odds(min(60)), { homeScore: 0, awayScore: 0, firstHalf: false })!;
    const away = liveGoalQuote("next_goal_away", odds(min(60)), { homeScore: 0, awayScore: 0, firstHalf: false })!;
    const any = liveGoalQuote("goal_after", odds(min(60)), { homeScore: 0, awayScore: 0, firstHalf: false })!;
    expect(home.probability! + away.probability!).toBeLessThanOrEqual(1);
    expect(home.probability! + away.probability!).toBeGreaterThan(any.probability! - 0.1);
    expect(home.probability!).toBeGreaterThan(away.probability!);
  });

  it("the goal lines as the live over/under line prices them, none once settled or after the break", () => {
    const o = odds(min(30), 1, 0);
    const q = liveGoalQuote("over_2.5", o, { homeScore: 1, awayScore: 0, firstHalf: true })!;
    expect(q.odds).toBe(o.overUnder.find((l) => l.line === 2.5)!.over);
    expect(liveGoalQuote("over_0.5", o, { homeScore: 1, awayScore: 0, firstHalf: true })!.odds).toBeNull();
    expect(
      liveGoalQuote("goal_before_ht", odds(HALF_SECONDS + 60), { homeScore: 0, awayScore: 0, firstHalf: false }),
    ).toEqual({ odds: null, probability: null, beyondCap: false });
    expect(liveGoalQuote("corners_over_9.5", o, { homeScore: 1, awayScore: 0, firstHalf: true })!.odds).toBeNull();
    expect(outcomePriced("live", "corners_over_9.5")).toBe(false);
    expect(outcomePriced("preMatch", "over_3.5")).toBe(false);
    expect(outcomePriced("preMatch", "under_2.5")).toBe(true);
    expect(inFirstHalf({ second: 100, status: "live" })).toBe(true);
  });
});

describe("who may want what", () => {
  it("a pre-match filter cannot want an outcome relative to a live alert; a live one can", () => {
    const filter = { name: "Late goal", desiredOutcome: "goal_after" };
    expect(filterSchema("preMatch").safeParse(filter).success).toBe(false);
    expect(filterSchema("live").safeParse(filter).success).toBe(true);
    expect(filterSchema("preMatch").safeParse({ ...filter, desiredOutcome: "corners_over_9.5" }).success).toBe(true);
  });
});

describe("edge figures", () => {
  it("hit rate minus the mean probability, with a 95% interval, and the shrunk edge as the score", () => {
    const picks = [
      { status: "won" as const, odds: null, probability: 0.5 },
      { status: "won" as const, odds: null, probability: 0.5 },
      { status: "lost" as const, odds: null, probability: 0.5 },
      { status: "void" as const, odds: null, probability: 0.9 },
      { status: "won" as const, odds: null, probability: null },
    ];
    const f = filterFigures(picks, "edge");
    expect(f.modelPicks).toBe(3);
    expect(f.meanProbability).toBeCloseTo(0.5);
    expect(f.edge).toBeCloseTo(1 / 6);
    // deviations 0.5, 0.5, −0.5: sample variance 1/3
    expect(f.edgeHigh! - f.edge!).toBeCloseTo(1.96 * Math.sqrt(1 / 3 / 3));
    expect(f.score).toBeCloseTo(0.5 / 53 - 0.05);
    expect(f.roi).toBeNull();
  });
});
