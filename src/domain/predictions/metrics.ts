/** Scores of probabilistic forecasts against outcomes. */

const EPS = 1e-12;

/** Ranked probability score for an ordered 3-way outcome (home, draw, away); 0 is perfect. */
export function rps(p: readonly number[], outcome: number): number {
  let cumP = 0;
  let cumO = 0;
  let s = 0;
  for (let k = 0; k < p.length - 1; k++) {
    cumP += p[k]!;
    cumO += k === outcome ? 1 : 0;
    s += (cumP - cumO) ** 2;
  }
  return s / (p.length - 1);
}

export function logLoss(p: readonly number[], outcome: number): number {
  return -Math.log(Math.max(p[outcome]!, EPS));
}

export interface ReliabilityBin {
  from: number;
  to: number;
  n: number;
  predicted: number;
  observed: number;
}

/** Expected calibration error over every (probability, happened) pair, in equal-width bins. */
export function calibration(pairs: Array<[number, boolean]>, bins = 10): { ece: number; table: ReliabilityBin[] } {
  const table: ReliabilityBin[] = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    n: 0,
    predicted: 0,
    observed: 0,
  }));
  for (const [p, happened] of pairs) {
    const bin = table[Math.min(bins - 1, Math.floor(p * bins))]!;
    bin.n++;
    bin.predicted += p;
    bin.observed += happened ? 1 : 0;
  }
  let ece = 0;
  for (const bin of table) {
    if (bin.n === 0) continue;
    bin.predicted /= bin.n;
    bin.observed /= bin.n;
    ece += (bin.n / pairs.length) * Math.abs(bin.predicted - bin.observed);
  }
  return { ece, table };
}
