import { MAX_GOALS } from "./score-matrix.ts";

export interface GoalParams {
  home: number;
  away: number;
  rho: number;
}

export interface MarketTargets {
  /** de-vigged market 1X2 probabilities known before kick-off */
  x12?: [number, number, number];
  /** de-vigged market P(over 2.5) known before kick-off */
  over25?: number;
}

const SIZE = MAX_GOALS + 1;
const ph = new Float64Array(SIZE);
const pa = new Float64Array(SIZE);

/** P(1), P(2) and P(over 2.5) of a Dixon-Coles matrix, without allocating: this runs millions of times. */
export function headlineProbs(home: number, away: number, rho: number): { home: number; away: number; over: number } {
  ph[0] = Math.exp(-home);
  pa[0] = Math.exp(-away);
  for (let k = 1; k < SIZE; k++) {
    ph[k] = (ph[k - 1]! * home) / k;
    pa[k] = (pa[k - 1]! * away) / k;
  }
  let pHome = 0;
  let pAway = 0;
  let under = 0;
  let total = 0;
  for (let i = 0; i < SIZE; i++) {
    for (let j = 0; j < SIZE; j++) {
      let p = ph[i]! * pa[j]!;
      if (i < 2 && j < 2) {
        if (i === 0 && j === 0) p *= 1 - home * away * rho;
        else if (i === 0) p *= 1 + home * rho;
        else if (j === 0) p *= 1 + away * rho;
        else p *= 1 - rho;
      }
      total += p;
      if (i > j) pHome += p;
      else if (i < j) pAway += p;
      if (i + j < 3) under += p;
    }
  }
  return { home: pHome / total, away: pAway / total, over: 1 - under / total };
}

/**
 * The goal expectations that reproduce the market: supremacy is set by P(1) - P(2), the total by
 * P(over 2.5); a missing market keeps the model's value for that dimension.
 */
export function marketGoals(model: GoalParams, market: MarketTargets): GoalParams {
  const base = headlineProbs(model.home, model.away, model.rho);
  const targetSup = market.x12 ? market.x12[0] - market.x12[2] : base.home - base.away;
  const targetOver = market.over25 ?? base.over;
  let total = model.home + model.away;
  let sup = model.home - model.away;
  // Alternating bisections; both quantities are monotone in their own parameter.
  for (let round = 0; round < 3; round++) {
    let lo = -total + 0.02;
    let hi = total - 0.02;
    for (let i = 0; i < 18; i++) {
      const mid = (lo + hi) / 2;
      const p = headlineProbs((total + mid) / 2, (total - mid) / 2, model.rho);
      if (p.home - p.away < targetSup) lo = mid;
      else hi = mid;
    }
    sup = (lo + hi) / 2;
    let tlo = Math.abs(sup) + 0.04;
    let thi = 9;
    for (let i = 0; i < 18; i++) {
      const mid = (tlo + thi) / 2;
      const p = headlineProbs((mid + sup) / 2, (mid - sup) / 2, model.rho);
      if (p.over < targetOver) tlo = mid;
      else thi = mid;
    }
    total = (tlo + thi) / 2;
  }
  return { home: (total + sup) / 2, away: (total - sup) / 2, rho: model.rho };
}

/** Geometric pooling of model and market goal expectations: weight w on the market. */
export function poolGoals(model: GoalParams, market: GoalParams, w: number): GoalParams {
  return {
    home: Math.exp((1 - w) * Math.log(model.home) + w * Math.log(market.home)),
    away: Math.exp((1 - w) * Math.log(model.away) + w * Math.log(market.away)),
    rho: model.rho,
  };
}
