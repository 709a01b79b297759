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
  /** our model's probability of the outcome at the alert; null (or absent) without one */
  probability?: number | null;
}

/** The edge figures of a filter or a backtest, and what its figures rest on. */
export interface EdgeFigureValues {
  /** settled picks with a model probability: what the edge is measured on */
  modelPicks: number;
  /** mean model probability at the alert of those picks, 0–1; null without any */
  meanProbability: number | null;
  /** their hit rate minus their mean probability (how much more often the outcome came than the model said) */
  edge: number | null;
  /** 95% interval of the edge (normal approximation of the mean of hit − probability) */
  edgeLow: number | null;
  edgeHigh: number | null;
  /**
   * what ranks the filter: "roi" where its outcome has a price a bettor could have taken, "edge" where it has none
   * (corners, most pre-match goal lines): then `score` is the shrunk edge (see EDGE_PRIOR_PICKS)
   */
  basis: FigureBasis;
}

export interface FilterFigures extends EdgeFigureValues {
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
  /** the ranking score: ROI shrunk towards the prior (see SCORE_PRIOR), or the shrunk edge */
  score: number;
}

export type FigureBasis = "roi" | "edge";

/**
 * The edge of a filter without prices is shrunk towards 0 (a calibrated model has no edge) with the weight of this
 * many picks, as the ROI is: a few lucky picks do not rank a filter first. Its score is that shrunk edge added to
 * the ROI prior, so that filters without evidence of either kind rank together.
 */
export const EDGE_PRIOR_PICKS = 50;

/**
 * How filters are ranked: a Bayesian (shrunk) ROI. The filter's profit is pooled with PICKS prior picks at
 * the bookmaker-margin ROI of −5%, as a posterior mean would be under a normal prior worth 50 picks:
 *   score = (returns − stakes + PICKS × ROI) ÷ (stakes + PICKS).
 * Two lucky picks at odds 3 score (4 − 2.5) ÷ 52 = 0.029, below 100 picks at a 10% ROI ((10 − 2.5) ÷ 150 = 0.05):
 * a filter climbs only with many picks. A filter with no settled pick scores the prior, −0.05.
 */
export const SCORE_PRIOR = { PICKS: 50, ROI: -0.05 } as const;

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);

/** Edge figures of the settled picks that carry a model probability (`sum`: of hit − probability, for the score). */
export function edgeFigures(picks: readonly FigurePick[]) {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let probSum = 0;
  for (const pick of picks) {
    const p = pick.probability;
    if (p === null || p === undefined || !Number.isFinite(p) || (pick.status !== "won" && pick.status !== "lost"))
      continue;
    const d = (pick.status === "won" ? 1 : 0) - p;
    n += 1;
    sum += d;
    sumSq += d * d;
    probSum += p;
  }
  if (n === 0) return { modelPicks: 0, meanProbability: null, edge: null, edgeLow: null, edgeHigh: null, sum: 0 };
  const edge = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * edge * edge) / (n - 1)) : 0.25;
  const half = 1.96 * Math.sqrt(variance / n);
  return { modelPicks: n, meanProbability: probSum / n, edge, edgeLow: edge - half, edgeHigh: edge + half, sum };
}

export function filterFigures(picks: readonly FigurePick[], basis: FigureBasis = "roi"): FilterFigures {
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
  const { sum: edgeSum, ...edge } = edgeFigures(picks);
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
    ...edge,
    basis,
    score:
      basis === "edge"
        ? edgeSum / (edge.modelPicks + EDGE_PRIOR_PICKS) + SCORE_PRIOR.ROI
        : (profit + SCORE_PRIOR.PICKS * SCORE_PRIOR.ROI) / (stakes + SCORE_PRIOR.PICKS),
  };
}
