import { MAX_GOALS, type ScoreMatrix, poissonDistribution } from "./score-matrix.ts";

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

type OverUnder = "O" | "U";
type Result = "1" | "X" | "2";
type GoalLine = "05" | "15" | "25" | "35" | "45" | "55";
type HalfLine = "05" | "15" | "25";
type TeamLine = "05" | "15" | "25";
type CornerLine = "75" | "85" | "95" | "105";

/**
 * Every market outcome the site computes, as a union: `1 X 2`, `1X 12 X2`, `GG NG`, `O25 U25` (0.5..5.5),
 * `H_O15` (home team total), `A_U05`…, `1/GG X/NG …`, `1/O25 2/U25 …`, `HT_1 HT_X HT_2`, `HT_O05..HT_U25`,
 * `2H_O05..2H_U25`, `HT_GG HT_NG 2H_GG 2H_NG`, `C_O95 C_U95 …` (corners). A typo in a key is a type error.
 */
export type MarketKey =
  | Result
  | "1X"
  | "12"
  | "X2"
  | "GG"
  | "NG"
  | `${OverUnder}${GoalLine}`
  | `${"H" | "A"}_${OverUnder}${TeamLine}`
  | `${Result}/${"GG" | "NG" | "O25" | "U25"}`
  | `HT_${Result}`
  | `${"HT" | "2H"}_${OverUnder}${HalfLine}`
  | `${"HT" | "2H"}_${"GG" | "NG"}`
  | `C_${OverUnder}${CornerLine}`;

/** Probabilities by market outcome; corner outcomes are missing where the league has no corner counts. */
export type Markets = Partial<Record<MarketKey, number>>;

/**
 * THE declaration of what is free (SPEC §3 free events, §4 and §6): the outcomes of the free prediction kinds
 * (1X2, both teams to score, under/over 2.5, double chance) and the free events that belong to no premium kind
 * (half-time 1X2, 1X2 with both teams to score, 1X2 with under/over 2.5). Every other outcome is premium:
 * the outcomes of the premium kinds 6–18 (under/over 1.5 and 3.5, the halves, corners) and SPEC §3's premium
 * events. Kinds, the machine's and the advanced filter's events, team statistics and trends all derive
 * their premium status from this list, so a probability hidden on one page is hidden on every page and
 * endpoint (tests/db/premium-events.test.ts walks every one of them).
 */
export const FREE_MARKETS = [
  "1",
  "X",
  "2",
  "1X",
  "12",
  "X2",
  "GG",
  "NG",
  "O25",
  "U25",
  "HT_1",
  "HT_X",
  "HT_2",
  "1/GG",
  "1/NG",
  "X/GG",
  "X/NG",
  "2/GG",
  "2/NG",
  "1/O25",
  "1/U25",
  "X/O25",
  "X/U25",
  "2/O25",
  "2/U25",
] as const satisfies readonly MarketKey[];
const FREE = new Set<string>(FREE_MARKETS);

/** Premium unless declared free; an outcome code beyond MarketKey (a team statistic's `2H_1`) is premium too. */
export function isPremiumMarket(key: MarketKey | (string & {})): boolean {
  return !FREE.has(key);
}

/** The markets a caller may see: all of them for premium members, the free ones otherwise. */
export function visibleMarkets(markets: Markets, premium: boolean): Markets {
  if (premium) return markets;
  return Object.fromEntries(Object.entries(markets).filter(([key]) => FREE.has(key))) as Markets;
}

export const GOAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5] as const;
export const HALF_LINES = [0.5, 1.5, 2.5] as const;
export const TEAM_LINES = [0.5, 1.5, 2.5] as const;
export const CORNER_LINES = [7.5, 8.5, 9.5, 10.5] as const;

const lineKey = (line: number) => String(line * 10).padStart(2, "0"); // 2.5 -> "25", 0.5 -> "05"

const SIZE = MAX_GOALS + 1;

interface MatrixSummary {
  home: number;
  draw: number;
  away: number;
  gg: number;
  /** P(total goals = k) */
  total: Float64Array;
  /** P(home goals = k), P(away goals = k) */
  homeGoals: Float64Array;
  awayGoals: Float64Array;
  /** by result (0 home, 1 draw, 2 away): P(result and both scored), P(result and over 2.5) */
  resultGg: [number, number, number];
  resultOver25: [number, number, number];
}

/** One pass over a matrix gathers everything the markets need (pages compute these per request). */
function summarise(m: ScoreMatrix): MatrixSummary {
  const s: MatrixSummary = {
    home: 0,
    draw: 0,
    away: 0,
    gg: 0,
    total: new Float64Array(2 * SIZE),
    homeGoals: new Float64Array(SIZE),
    awayGoals: new Float64Array(SIZE),
    resultGg: [0, 0, 0],
    resultOver25: [0, 0, 0],
  };
  for (let i = 0; i < SIZE; i++) {
    for (let j = 0; j < SIZE; j++) {
      const p = m[i * SIZE + j]!;
      const r = i > j ? 0 : i === j ? 1 : 2;
      if (r === 0) s.home += p;
      else if (r === 1) s.draw += p;
      else s.away += p;
      s.total[i + j]! += p;
      s.homeGoals[i]! += p;
      s.awayGoals[j]! += p;
      if (i > 0 && j > 0) {
        s.gg += p;
        s.resultGg[r] += p;
      }
      if (i + j > 2) s.resultOver25[r] += p;
    }
  }
  return s;
}

function overLine(dist: Float64Array, line: number): number {
  let over = 0;
  for (let k = Math.ceil(line); k < dist.length; k++) over += dist[k]!;
  return over;
}

function totals(s: MatrixSummary, prefix: string, lines: readonly number[], out: Record<string, number>) {
  for (const line of lines) {
    const over = overLine(s.total, line);
    out[`${prefix}O${lineKey(line)}`] = over;
    out[`${prefix}U${lineKey(line)}`] = 1 - over;
  }
}

function btts(s: MatrixSummary, prefix: string, out: Record<string, number>) {
  out[`${prefix}GG`] = s.gg;
  out[`${prefix}NG`] = 1 - s.gg;
}

/** Every market of `MarketKey` from the matrices (corners only with a corner distribution). */
export function marketsFrom(mx: MatchMatrices): Markets {
  // Keys are built from the lines; tests/unit/prediction-markets.test.ts checks they are exactly MarketKey's.
  const out: Record<string, number> = {};
  const ft = summarise(mx.fullTime);
  out["1"] = ft.home;
  out.X = ft.draw;
  out["2"] = ft.away;
  out["1X"] = ft.home + ft.draw;
  out["12"] = ft.home + ft.away;
  out.X2 = ft.draw + ft.away;
  btts(ft, "", out);
  totals(ft, "", GOAL_LINES, out);
  for (const line of TEAM_LINES) {
    const home = overLine(ft.homeGoals, line);
    const away = overLine(ft.awayGoals, line);
    out[`H_O${lineKey(line)}`] = home;
    out[`H_U${lineKey(line)}`] = 1 - home;
    out[`A_O${lineKey(line)}`] = away;
    out[`A_U${lineKey(line)}`] = 1 - away;
  }
  const results = [ft.home, ft.draw, ft.away];
  (["1", "X", "2"] as const).forEach((r, i) => {
    out[`${r}/GG`] = ft.resultGg[i]!;
    out[`${r}/NG`] = results[i]! - ft.resultGg[i]!;
    out[`${r}/O25`] = ft.resultOver25[i]!;
    out[`${r}/U25`] = results[i]! - ft.resultOver25[i]!;
  });
  const ht = summarise(mx.firstHalf);
  out.HT_1 = ht.home;
  out.HT_X = ht.draw;
  out.HT_2 = ht.away;
  totals(ht, "HT_", HALF_LINES, out);
  btts(ht, "HT_", out);
  const sh = summarise(mx.secondHalf);
  totals(sh, "2H_", HALF_LINES, out);
  btts(sh, "2H_", out);
  if (mx.corners) {
    for (const line of CORNER_LINES) {
      const over = overLine(mx.corners, line);
      out[`C_O${lineKey(line)}`] = over;
      out[`C_U${lineKey(line)}`] = 1 - over;
    }
  }
  return out as Markets;
}

/** The corner distribution used by the markets: a Poisson of the expected total. */
export function cornerDistribution(expectedTotal: number): Float64Array {
  return poissonDistribution(expectedTotal, 40);
}
