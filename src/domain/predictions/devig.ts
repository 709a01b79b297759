/** Removing the bookmaker's margin from a set of prices of one market. */

/** Proportional (multiplicative) method: implied probabilities scaled to sum to 1. */
export function devigProportional(prices: number[]): number[] {
  const implied = prices.map((p) => 1 / p);
  const total = implied.reduce((a, b) => a + b, 0);
  return implied.map((p) => p / total);
}

/**
 * Power method: p_i = (1/price_i)^k with k chosen so that they sum to 1. It takes more margin off
 * long shots than favourites, matching the favourite–longshot bias of real prices.
 */
export function devigPower(prices: number[]): number[] {
  const implied = prices.map((p) => 1 / p);
  const sum = (k: number) => implied.reduce((s, p) => s + p ** k, 0);
  let lo = 0.5;
  let hi = 2;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) > 1) lo = mid;
    else hi = mid;
  }
  const k = (lo + hi) / 2;
  const probs = implied.map((p) => p ** k);
  const total = probs.reduce((a, b) => a + b, 0);
  return probs.map((p) => p / total);
}

export function overround(prices: number[]): number {
  return prices.reduce((s, p) => s + 1 / p, 0) - 1;
}
