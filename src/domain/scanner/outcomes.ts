import type { DesiredOutcome } from "./rules.ts";

/**
 * Judging a pick by its filter's desired outcome (SPEC §3). `favorite` is the side the pre-match odds made the
 * favourite (0 home, 1 away, -1 unknown). The favourite/underdog outcomes "_home"/"_away" bet only where that team
 * plays at home / away: elsewhere the pick is void (no bet), as is a pick whose score is unknown. The "_ht"
 * variants are judged on the half-time score.
 */
export type Grade = "won" | "lost" | "void";

export interface Score {
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
}

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

export function isHalfTime(outcome: DesiredOutcome): boolean {
  return outcome.endsWith("_ht");
}

export function grade(outcome: DesiredOutcome, score: Score, favorite: number): Grade {
  const side = backedSide(outcome, favorite);
  if (side < 0) return "void";
  const ht = isHalfTime(outcome);
  const home = ht ? score.htHome : score.ftHome;
  const away = ht ? score.htAway : score.ftAway;
  if (home === null || away === null) return "void";
  const result = home > away ? 0 : home < away ? 1 : 2;
  return result === side ? "won" : "lost";
}
