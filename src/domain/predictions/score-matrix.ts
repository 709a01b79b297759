/** Score matrices: P(home goals = i, away goals = j) for i, j in 0..MAX_GOALS. */
export const MAX_GOALS = 10;
const SIZE = MAX_GOALS + 1;

export type ScoreMatrix = Float64Array; // row-major, index i * SIZE + j

export function poissonPmf(lambda: number): Float64Array {
  const p = new Float64Array(SIZE);
  p[0] = Math.exp(-lambda);
  for (let k = 1; k < SIZE; k++) p[k] = (p[k - 1]! * lambda) / k;
  return p;
}

/**
 * Independent Poisson goals with the Dixon-Coles correction of the four low scores (rho < 0 makes
 * 0-0 and 1-1 likelier), renormalised so that the truncated matrix sums to 1.
 */
export function scoreMatrix(lambdaHome: number, lambdaAway: number, rho = 0): ScoreMatrix {
  const h = poissonPmf(lambdaHome);
  const a = poissonPmf(lambdaAway);
  const m = new Float64Array(SIZE * SIZE);
  let total = 0;
  for (let i = 0; i < SIZE; i++) {
    for (let j = 0; j < SIZE; j++) {
      let p = h[i]! * a[j]!;
      if (rho !== 0 && i < 2 && j < 2) {
        if (i === 0 && j === 0) p *= 1 - lambdaHome * lambdaAway * rho;
        else if (i === 0 && j === 1) p *= 1 + lambdaHome * rho;
        else if (i === 1 && j === 0) p *= 1 + lambdaAway * rho;
        else p *= 1 - rho;
      }
      m[i * SIZE + j] = Math.max(p, 0);
      total += m[i * SIZE + j]!;
    }
  }
  for (let k = 0; k < m.length; k++) m[k]! /= total;
  return m;
}

export function cell(m: ScoreMatrix, home: number, away: number): number {
  return m[home * SIZE + away]!;
}

/** Sum of the cells where the predicate holds. */
export function sumWhere(m: ScoreMatrix, predicate: (home: number, away: number) => boolean): number {
  let s = 0;
  for (let i = 0; i < SIZE; i++) for (let j = 0; j < SIZE; j++) if (predicate(i, j)) s += m[i * SIZE + j]!;
  return s;
}

/** Distribution of a count (corners): P(total = k), k = 0..max, from a Poisson of the given mean. */
export function poissonDistribution(mean: number, max: number): Float64Array {
  const p = new Float64Array(max + 1);
  p[0] = Math.exp(-mean);
  let total = p[0];
  for (let k = 1; k <= max; k++) {
    p[k] = (p[k - 1]! * mean) / k;
    total += p[k]!;
  }
  for (let k = 0; k <= max; k++) p[k]! /= total;
  return p;
}
