import { type ScoreMatrix, poissonDistribution, sumWhere } from "./score-matrix.ts";

/**
 * Every market the site shows, each a probability read from a score matrix (or the corner
 * distribution), so that they agree: P(1)+P(X)+P(2) = 1, P(over) = 1 - P(under), and so on.
 */
export interface MatchMatrices {
  fullTime: ScoreMatrix;
  firstHalf: ScoreMatrix;
  secondHalf: ScoreMatrix;
  /** P(total corners = k); null where the league has no corner counts */
  corners: Float64Array | null;
}

export type Markets = Record<string, number>;

export const GOAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5] as const;
export const HALF_LINES = [0.5, 1.5, 2.5] as const;
export const TEAM_LINES = [0.5, 1.5, 2.5] as const;
export const CORNER_LINES = [7.5, 8.5, 9.5, 10.5] as const;

const lineKey = (line: number) => String(line * 10).padStart(2, "0"); // 2.5 -> "25", 0.5 -> "05"

function resultMarkets(m: ScoreMatrix, prefix: string, out: Markets) {
  out[`${prefix}1`] = sumWhere(m, (h, a) => h > a);
  out[`${prefix}X`] = sumWhere(m, (h, a) => h === a);
  out[`${prefix}2`] = sumWhere(m, (h, a) => h < a);
}

function totals(m: ScoreMatrix, prefix: string, lines: readonly number[], out: Markets) {
  for (const line of lines) {
    const over = sumWhere(m, (h, a) => h + a > line);
    out[`${prefix}O${lineKey(line)}`] = over;
    out[`${prefix}U${lineKey(line)}`] = 1 - over;
  }
}

function btts(m: ScoreMatrix, prefix: string, out: Markets) {
  const gg = sumWhere(m, (h, a) => h > 0 && a > 0);
  out[`${prefix}GG`] = gg;
  out[`${prefix}NG`] = 1 - gg;
}

/**
 * Keys: `1 X 2`, `1X 12 X2`, `GG NG`, `O25 U25` (0.5..5.5), `HT_1 HT_X HT_2`, `HT_O05..HT_U25`,
 * `2H_O05..2H_U25`, `HT_GG HT_NG 2H_GG 2H_NG`, `H_O15` (home team total), `A_U05`…,
 * `1/GG X/NG …`, `1/O25 2/U25 …`, `C_O95 C_U95 …` (corners).
 */
export function marketsFrom(mx: MatchMatrices): Markets {
  const out: Markets = {};
  const ft = mx.fullTime;
  resultMarkets(ft, "", out);
  out["1X"] = out["1"]! + out.X!;
  out["12"] = out["1"]! + out["2"]!;
  out.X2 = out.X! + out["2"]!;
  btts(ft, "", out);
  totals(ft, "", GOAL_LINES, out);
  for (const line of TEAM_LINES) {
    const home = sumWhere(ft, (h) => h > line);
    const away = sumWhere(ft, (_h, a) => a > line);
    out[`H_O${lineKey(line)}`] = home;
    out[`H_U${lineKey(line)}`] = 1 - home;
    out[`A_O${lineKey(line)}`] = away;
    out[`A_U${lineKey(line)}`] = 1 - away;
  }
  const result = (h: number, a: number) => (h > a ? "1" : h === a ? "X" : "2");
  for (const r of ["1", "X", "2"]) {
    out[`${r}/GG`] = sumWhere(ft, (h, a) => result(h, a) === r && h > 0 && a > 0);
    out[`${r}/NG`] = sumWhere(ft, (h, a) => result(h, a) === r && !(h > 0 && a > 0));
    out[`${r}/O25`] = sumWhere(ft, (h, a) => result(h, a) === r && h + a > 2.5);
    out[`${r}/U25`] = sumWhere(ft, (h, a) => result(h, a) === r && h + a < 2.5);
  }
  resultMarkets(mx.firstHalf, "HT_", out);
  totals(mx.firstHalf, "HT_", HALF_LINES, out);
  btts(mx.firstHalf, "HT_", out);
  totals(mx.secondHalf, "2H_", HALF_LINES, out);
  btts(mx.secondHalf, "2H_", out);
  if (mx.corners) {
    for (const line of CORNER_LINES) {
      let over = 0;
      for (let k = Math.ceil(line); k < mx.corners.length; k++) over += mx.corners[k]!;
      out[`C_O${lineKey(line)}`] = over;
      out[`C_U${lineKey(line)}`] = 1 - over;
    }
  }
  return out;
}

/** The corner distribution used by the markets: a Poisson of the expected total. */
export function cornerDistribution(expectedTotal: number): Float64Array {
  return poissonDistribution(expectedTotal, 40);
}
