/**
 * Grading of alert picks (pure): a pick is won, lost or void once its match has ended. The judgement of a
 * desired outcome (did "favourite wins" happen?) is a yes, a no, or "cannot say" (null); `gradeOf` turns it
 * into the pick's grade. `judgeOutcome` judges the SPEC §3 desired outcomes and the simple market selections
 * that the bots pick (1, X, 2, double chance, goal lines, BTTS); a scanner with its own outcomes passes its own
 * judgement to `gradeOf`.
 */

import { type OutcomeFacts, type PickMoment, goalOutcomeSpec, judgeGoalOutcome } from "../scanner/goal-outcomes.ts";

export type PickGrade = "won" | "lost" | "void";
export type PickStatus = "pending" | PickGrade;
export type Side = "home" | "away";

/**
 * A finished match's scores; null where the data has none (a half-time score missing, a match abandoned). The goal
 * outcomes also read its corner totals and goal order (OutcomeFacts).
 */
export type FinalScore = OutcomeFacts;

/** true → won, false → lost, null (the outcome cannot be judged: no result, no favourite, no outcome) → void. */
export function gradeOf(judgement: boolean | null): PickGrade {
  if (judgement === null) return "void";
  return judgement ? "won" : "lost";
}

/** The favourite of a match from its pre-match 1X2 odds: the lower price; none on equal prices or without odds. */
export function favouriteOf(homeOdd: number | null | undefined, awayOdd: number | null | undefined): Side | null {
  if (!homeOdd || !awayOdd || homeOdd <= 1 || awayOdd <= 1 || homeOdd === awayOdd) return null;
  return homeOdd < awayOdd ? "home" : "away";
}

const SELECTIONS: Record<string, (h: number, a: number) => boolean> = {
  "1": (h, a) => h > a,
  X: (h, a) => h === a,
  "2": (h, a) => h < a,
  "1X": (h, a) => h >= a,
  "12": (h, a) => h !== a,
  X2: (h, a) => h <= a,
  GG: (h, a) => h > 0 && a > 0,
  NG: (h, a) => h === 0 || a === 0,
};

function lineJudgement(selection: string, h: number, a: number): boolean | null {
  const m = /^([OU])(\d)(\d)$/.exec(selection);
  if (!m) return null;
  const line = Number(m[2]) + Number(m[3]) / 10;
  return m[1] === "O" ? h + a > line : h + a < line;
}

/**
 * Judges a desired outcome against a finished match. Outcomes: none and all (nothing to judge: void), home,
 * draw, away, favorite_wins, favorite_wins_home (the favourite is the home team and wins), favorite_wins_away,
 * underdog_wins, underdog_wins_home, underdog_wins_away, each also with `_ht` (judged on the half-time score);
 * and the market selections 1, X, 2, 1X, 12, X2, GG, NG, O05…U45 (full time; `_ht` for the first half); and the
 * goal outcomes of the scanners (goal-outcomes.ts), those relative to the alert judged from `pick` on.
 */
export function judgeOutcome(
  outcome: string,
  score: FinalScore,
  favourite: Side | null,
  pick: PickMoment | null = null,
): boolean | null {
  const goal = goalOutcomeSpec(outcome);
  if (goal) return judgeGoalOutcome(goal, score, pick);
  const ht = outcome.endsWith("_ht");
  const base = ht ? outcome.slice(0, -3) : outcome;
  const h = ht ? score.htHome : score.ftHome;
  const a = ht ? score.htAway : score.ftAway;
  if (h === null || a === null) return null;
  const winner: Side | "draw" = h > a ? "home" : h < a ? "away" : "draw";
  switch (base) {
    case "none":
    case "all":
      return null;
    case "home":
      return winner === "home";
    case "draw":
      return winner === "draw";
    case "away":
      return winner === "away";
  }
  const fav = /^(favorite|underdog)_wins(?:_(home|away))?$/.exec(base);
  if (fav) {
    if (favourite === null) return null;
    const team: Side = fav[1] === "favorite" ? favourite : favourite === "home" ? "away" : "home";
    if (fav[2] && fav[2] !== team) return false;
    return winner === team;
  }
  const selection = base.toUpperCase();
  const plain = SELECTIONS[selection];
  if (plain) return plain(h, a);
  return lineJudgement(selection, h, a);
}
