/**
 * A filter's result figures (SPEC §3 Live filter: picks, success rate, mean odd, mean odd of winning picks, ROI,
 * score), pure. Stakes: one unit on every won or lost pick that has an odd; a void pick returns its stake and so
 * counts in neither stakes nor returns; a pending pick is not settled yet.
 */
import type { PickStatus } from "./grading.ts";

export interface FigurePick {
  status: PickStatus;
  /** the odd at notification; null when the market had none */
  odds: number | null;
}

export interface FilterFigures {
  /** every pick the filter made, pending and void included */
  picks: number;
  won: number;
  lost: number;
  void: number;
  pending: number;
  /** won ÷ (won + lost), 0–1; null before the first settled pick */
  successRate: number | null;
  /** mean odd at notification of the picks that have one (all statuses) */
  meanOdd: number | null;
  /** mean odd of the won picks that have one */
  meanWinningOdd: number | null;
  /** settled (won or lost) picks with an odd: the unit stakes */
  stakes: number;
  /** what the won stakes paid back (odd × 1 each) */
  returns: number;
  /** (returns − stakes) ÷ stakes; null without stakes */
  roi: number | null;
  /** the ranking score: ROI shrunk towards the prior (see SCORE_PRIOR) */
  score: number;
}

/**
 * How filters are ranked: a Bayesian (shrunk) ROI. The filter's profit is pooled with PICKS prior picks at
 * the bookmaker-margin ROI of −5%, as a posterior mean would be under a normal prior worth 50 picks:
 *   score = (returns − stakes + PICKS × ROI) ÷ (stakes + PICKS).
 * Two lucky picks at odds 3 score (4 − 2.5) ÷ 52 = 0.029, below 100 picks at a 10% ROI ((10 − 2.5) ÷ 150 = 0.05):
 * a filter climbs only with many picks. A filter with no settled pick scores the prior, −0.05.
 */
export const SCORE_PRIOR = { PICKS: 50, ROI: -0.05 } as const;

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);

export function filterFigures(picks: readonly FigurePick[]): FilterFigures {
  let won = 0;
  let lost = 0;
  let voided = 0;
  let pending = 0;
  let stakes = 0;
  let returns = 0;
  const odds: number[] = [];
  const winningOdds: number[] = [];
  for (const pick of picks) {
    const hasOdd = pick.odds !== null && Number.isFinite(pick.odds) && pick.odds > 1;
    if (hasOdd) odds.push(pick.odds!);
    if (pick.status === "won") {
      won += 1;
      if (hasOdd) {
        winningOdds.push(pick.odds!);
        stakes += 1;
        returns += pick.odds!;
      }
    } else if (pick.status === "lost") {
      lost += 1;
      if (hasOdd) stakes += 1;
    } else if (pick.status === "void") voided += 1;
    else pending += 1;
  }
  const profit = returns - stakes;
  return {
    picks: picks.length,
    won,
    lost,
    void: voided,
    pending,
    successRate: won + lost === 0 ? null : won / (won + lost),
    meanOdd: mean(odds),
    meanWinningOdd: mean(winningOdds),
    stakes,
    returns,
    roi: stakes === 0 ? null : profit / stakes,
    score: (profit + SCORE_PRIOR.PICKS * SCORE_PRIOR.ROI) / (stakes + SCORE_PRIOR.PICKS),
  };
}
