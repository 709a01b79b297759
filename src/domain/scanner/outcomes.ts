import { gradeOf, judgeOutcome } from "../alerts/grading.ts";
import type { OutcomeFacts, PickMoment } from "./goal-outcomes.ts";
import type { DesiredOutcome } from "./rules.ts";

/**
 * Judging a pick by its filter's desired outcome (SPEC §3). `favorite` is the side the pre-match odds made the
 * favourite (0 home, 1 away, -1 unknown). The favourite/underdog outcomes "_home"/"_away" back that team only where
 * it plays at home / away: elsewhere the pick has no backed side (no odds) and is judged lost, as the alerts
 * module judges it; a pick whose score or favourite is unknown is void. The "_ht" variants are judged on the
 * half-time score.
 */
export type Grade = "won" | "lost" | "void";

export type Score = OutcomeFacts;

/** The side the outcome backs (0 home, 1 away, 2 draw), or -1 when the pick is no bet. */
export function backedSide(outcome: DesiredOutcome, favorite: number): number {
  const base = outcome.endsWith("_ht") ? outcome.slice(0, -3) : outcome;
  switch (base) {
    case "home":
      return 0;
    case "away":
      return 1;
    case "draw":
      return 2;
    case "favorite_wins":
      return favorite;
    case "favorite_wins_home":
      return favorite === 0 ? 0 : -1;
    case "favorite_wins_away":
      return favorite === 1 ? 1 : -1;
    case "underdog_wins":
      return favorite < 0 ? -1 : 1 - favorite;
    case "underdog_wins_home":
      return favorite === 1 ? 0 : -1;
    case "underdog_wins_away":
      return favorite === 0 ? 1 : -1;
    default:
      return -1;
  }
}

/** The judgement is the alerts module's (src/domain/alerts/grading.ts), so that backtests and alerts grade alike. */
export function grade(outcome: DesiredOutcome, score: Score, favorite: number, pick: PickMoment | null = null): Grade {
  return gradeOf(judgeOutcome(outcome, score, favorite === 0 ? "home" : favorite === 1 ? "away" : null, pick));
}
