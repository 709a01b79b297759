import { type Markets, cornerDistribution, marketsFrom } from "./markets.ts";
import type { ModelPrediction } from "./ratings.ts";
import { scoreMatrix } from "./score-matrix.ts";

/** Every market of a fixture from its goal (and corner) expectations. */
export function marketsOf(p: ModelPrediction): Markets {
  const secondShare = 1 - p.htShare;
  return marketsFrom({
    fullTime: scoreMatrix(p.home, p.away, p.rho),
    firstHalf: scoreMatrix(p.home * p.htShare, p.away * p.htShare),
    secondHalf: scoreMatrix(p.home * secondShare, p.away * secondShare),
    corners: p.corners === null ? null : cornerDistribution(p.corners),
  });
}
