/**
 * The goal, both-teams-to-score, double-chance and corner outcomes of both scanners, and the live outcomes that
 * are relative to the moment of the alert (a goal after it, the next scorer). Pure: the catalogue, what each
 * outcome needs, and its judgement against a finished match.
 */

export const FULL_TIME_GOAL_OUTCOMES = [
  "over_0.5",
  "over_1.5",
  "over_2.5",
  "over_3.5",
  "over_4.5",
  "over_5.5",
  "under_0.5",
  "under_1.5",
  "under_2.5",
  "under_3.5",
  "under_4.5",
  "under_5.5",
  "btts_yes",
  "btts_no",
  "double_1x",
  "double_x2",
  "double_12",
] as const;
export const HALF_TIME_GOAL_OUTCOMES = ["ht_over_0.5", "ht_over_1.5", "ht_under_0.5", "ht_under_1.5"] as const;
export const CORNER_OUTCOMES = [
  "corners_over_7.5",
  "corners_over_8.5",
  "corners_over_9.5",
  "corners_over_10.5",
  "corners_under_7.5",
  "corners_under_8.5",
  "corners_under_9.5",
  "corners_under_10.5",
] as const;
/** Judged from the moment of the alert on: live filters only. */
export const LIVE_ONLY_OUTCOMES = [
  "goal_after",
  "no_goal_after",
  "next_goal_home",
  "next_goal_away",
  "goal_before_ht",
] as const;

export const GOAL_OUTCOMES = [
  ...FULL_TIME_GOAL_OUTCOMES,
  ...HALF_TIME_GOAL_OUTCOMES,
  ...CORNER_OUTCOMES,
  ...LIVE_ONLY_OUTCOMES,
] as const;

export type GoalOutcomeSpec =
  | { family: "total" | "htTotal" | "corners"; over: boolean; line: number }
  | { family: "btts"; yes: boolean }
  | { family: "double"; sides: "1x" | "x2" | "12" }
  | { family: "goalAfter" | "noGoalAfter" | "goalBeforeHt" }
  | { family: "nextGoal"; side: "home" | "away" };

const SPECS: ReadonlyMap<string, GoalOutcomeSpec> = new Map(
  GOAL_OUTCOMES.map((o): [string, GoalOutcomeSpec] => {
    const total = /^(ht_|corners_)?(over|under)_(\d+\.5)$/.exec(o);
    if (total)
      return [
        o,
        {
          family: total[1] === "ht_" ? "htTotal" : total[1] === "corners_" ? "corners" : "total",
          over: total[2] === "over",
          line: Number(total[3]),
        },
      ];
    if (o === "btts_yes" || o === "btts_no") return [o, { family: "btts", yes: o === "btts_yes" }];
    if (o.startsWith("double_")) return [o, { family: "double", sides: o.slice(7) as "1x" | "x2" | "12" }];
    if (o === "next_goal_home" || o === "next_goal_away")
      return [o, { family: "nextGoal", side: o.slice(10) as "home" }];
    const family = ({ goal_after: "goalAfter", no_goal_after: "noGoalAfter", goal_before_ht: "goalBeforeHt" } as const)[
      o as "goal_after"
    ];
    return [o, { family }];
  }),
);

/** What a goal outcome is, or null for any other outcome (the match-result ones of SPEC §3, the bots' selections). */
export function goalOutcomeSpec(outcome: string): GoalOutcomeSpec | null {
  return SPECS.get(outcome) ?? null;
}

export function isLiveOnlyOutcome(outcome: string): boolean {
  return (LIVE_ONLY_OUTCOMES as readonly string[]).includes(outcome);
}

export const OUTCOME_GROUPS = ["result", "halfTimeResult", "goals", "halfTimeGoals", "corners", "afterAlert"] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUPS)[number];

/** Where an outcome sits in the forms' lists; null for none and all (no outcome). */
export function outcomeGroup(outcome: string): OutcomeGroup | null {
  if (outcome === "none" || outcome === "all") return null;
  const spec = goalOutcomeSpec(outcome);
  if (!spec) return outcome.endsWith("_ht") ? "halfTimeResult" : "result";
  switch (spec.family) {
    case "htTotal":
      return "halfTimeGoals";
    case "corners":
      return "corners";
    case "goalAfter":
    case "noGoalAfter":
    case "nextGoal":
    case "goalBeforeHt":
      return "afterAlert";
    default:
      return "goals";
  }
}

/**
 * Whether a scanner's picks of an outcome carry a price a bettor could have taken, so that its figures are ranked
 * by ROI; otherwise by the edge over our model. Live: the in-play model prices every outcome but corners and the
 * half-time results. Pre-match: the match results (1X2 opening prices), the data's over/under 2.5 prices and the
 * double chance made of the 1X2 prices; no other goal line has a published price.
 */
export function outcomePriced(kind: "live" | "preMatch", outcome: string): boolean {
  const spec = goalOutcomeSpec(outcome);
  if (!spec) return kind === "preMatch" || !outcome.endsWith("_ht");
  if (spec.family === "corners") return false;
  if (kind === "live") return true;
  return spec.family === "double" || (spec.family === "total" && spec.line === 2.5);
}

/** The score when the alert was raised, and whether that moment was in the first half's play (not the break). */
export interface PickMoment {
  home: number;
  away: number;
  firstHalf: boolean;
}

/** What judging a goal outcome reads of a finished match; null (or absent) where the data has none. */
export interface OutcomeFacts {
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
  cornersHome?: number | null;
  cornersAway?: number | null;
  /** the scorers of the match's goals in order, "h"/"a" each (from its timeline) */
  goalSides?: string | null;
}

/** The side of the first goal after the pick: from the goal order when known, else from the scores if one-sided. */
function nextScorer(facts: OutcomeFacts, pick: PickMoment, ftHome: number, ftAway: number): "home" | "away" | null {
  const before = pick.home + pick.away;
  const order = facts.goalSides;
  if (order && order.length === ftHome + ftAway) return order[before] === "h" ? "home" : "away";
  const homeAfter = ftHome - pick.home;
  const awayAfter = ftAway - pick.away;
  if (awayAfter === 0) return "home";
  if (homeAfter === 0) return "away";
  return null;
}

/**
 * Judges a goal outcome: true (won), false (lost), null (void: the data lacks what the outcome needs, or a
 * first-half outcome backed after the break, or a live-only outcome without the moment of its alert).
 */
export function judgeGoalOutcome(spec: GoalOutcomeSpec, facts: OutcomeFacts, pick: PickMoment | null): boolean | null {
  const { ftHome: h, ftAway: a } = facts;
  switch (spec.family) {
    case "total":
      if (h === null || a === null) return null;
      return spec.over ? h + a > spec.line : h + a < spec.line;
    case "htTotal": {
      if (facts.htHome === null || facts.htAway === null || (pick && !pick.firstHalf)) return null;
      const t = facts.htHome + facts.htAway;
      return spec.over ? t > spec.line : t < spec.line;
    }
    case "corners": {
      const ch = facts.cornersHome;
      const ca = facts.cornersAway;
      if (ch === null || ch === undefined || ca === null || ca === undefined) return null;
      return spec.over ? ch + ca > spec.line : ch + ca < spec.line;
    }
    case "btts":
      if (h === null || a === null) return null;
      return spec.yes === (h > 0 && a > 0);
    case "double":
      if (h === null || a === null) return null;
      return spec.sides === "1x" ? h >= a : spec.sides === "x2" ? h <= a : h !== a;
  }
  if (!pick || h === null || a === null || h < pick.home || a < pick.away) return null;
  const more = h + a > pick.home + pick.away;
  switch (spec.family) {
    case "goalAfter":
      return more;
    case "noGoalAfter":
      return !more;
    case "goalBeforeHt":
      if (!pick.firstHalf || facts.htHome === null || facts.htAway === null) return null;
      return facts.htHome + facts.htAway > pick.home + pick.away;
    case "nextGoal": {
      if (!more) return false;
      const scorer = nextScorer(facts, pick, h, a);
      return scorer === null ? null : scorer === spec.side;
    }
  }
}
