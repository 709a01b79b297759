/** Odds display formats of SPEC §9: 1 decimal (2 decimals), 2 fractional, 3 American moneyline. */
export type OddsFormat = 1 | 2 | 3;
export const DEFAULT_ODDS_FORMAT: OddsFormat = 1;

export function isOddsFormat(value: unknown): value is OddsFormat {
  return value === 1 || value === 2 || value === 3;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The fraction n/d closest to odds - 1 with a denominator up to 100. */
export function fractional(odds: number): string {
  const target = odds - 1;
  let best = { n: Math.round(target), d: 1, error: Math.abs(target - Math.round(target)) };
  for (let d = 2; d <= 100 && best.error > 1e-9; d++) {
    const n = Math.round(target * d);
    const error = Math.abs(target - n / d);
    if (error < best.error - 1e-12) best = { n, d, error };
  }
  const g = gcd(best.n, best.d) || 1;
  return `${best.n / g}/${best.d / g}`;
}

/** 2.0 or more: +(100 × (odds − 1)); below 2.0: −(100 / (odds − 1)); exactly 1 counts as 1.01. */
export function american(odds: number): string {
  const o = odds === 1 ? 1.01 : odds;
  if (o >= 2) return `+${Math.round(100 * (o - 1))}`;
  return `-${Math.round(100 / (o - 1))}`;
}

/**
 * Decimal odds take the decimal separator of `localeTag` ("2,29" in German, beside "43,7 %"), so that one page
 * never mixes two; without a tag, "2.29".
 */
export function formatOdds(odds: number, format: OddsFormat, localeTag?: string): string {
  if (format === 2) return fractional(odds);
  if (format === 3) return american(odds);
  if (!localeTag) return odds.toFixed(2);
  return new Intl.NumberFormat(localeTag, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(odds);
}
