import { type MarketKey, type Markets, isPremiumMarket } from "./markets.ts";

/**
 * A prediction kind of SPEC §3: a code, a key and the market outcomes it chooses between. Whether it is premium
 * is not written here: a kind is premium when one of its outcomes is (FREE_MARKETS in markets.ts), which
 * gives SPEC §4's codes 6–18.
 */
function kind<const C extends number, const K extends string, const O extends readonly MarketKey[]>(
  code: C,
  key: K,
  outcomes: O,
) {
  return { code, key, outcomes, premium: outcomes.some(isPremiumMarket) };
}

export const KINDS = [
  kind(1, "o_x_t", ["1", "X", "2"]),
  kind(2, "gg_ng", ["GG", "NG"]),
  kind(3, "uo_25", ["O25", "U25"]),
  kind(4, "double_chance", ["1X", "12", "X2"]),
  kind(6, "uo_15", ["O15", "U15"]),
  kind(7, "uo_35", ["O35", "U35"]),
  kind(9, "uo_ht_05", ["HT_O05", "HT_U05"]),
  kind(10, "uo_ht_15", ["HT_O15", "HT_U15"]),
  kind(11, "uo_ft_05", ["2H_O05", "2H_U05"]),
  kind(12, "uo_ft_15", ["2H_O15", "2H_U15"]),
  kind(13, "btts_ht", ["HT_GG", "HT_NG"]),
  kind(14, "btts_ft", ["2H_GG", "2H_NG"]),
  kind(15, "corners_75", ["C_O75", "C_U75"]),
  kind(16, "corners_85", ["C_O85", "C_U85"]),
  kind(17, "corners_95", ["C_O95", "C_U95"]),
  kind(18, "corners_105", ["C_O105", "C_U105"]),
] as const;

export type Kind = (typeof KINDS)[number];
/** The codes of the kinds (best bets, 0, is not a kind of its own: it picks among kinds 1–3). */
export type KindCode = Kind["code"];
/** The outcome keys of the kinds: a union derived from KINDS, so a pick's outcome is never an arbitrary string. */
export type KindOutcome = Kind["outcomes"][number];

export interface KindInfo {
  code: KindCode;
  key: Kind["key"];
  outcomes: readonly KindOutcome[];
  premium: boolean;
}

/**
 * What the accuracy table was computed for: when a kind is added, removed or changes its outcomes, the
 * pipeline recomputes the table (src/services/predictions-pipeline.ts).
 */
export const KINDS_SIGNATURE = KINDS.map((k) => `${k.code}:${k.outcomes.join(",")}`).join(";");

export const BEST_BETS_CODE = 0;
/** Best bets choose among the kinds whose outcomes have comparable prices: 1X2, BTTS, O/U 2.5. */
const BEST_BET_KINDS = new Set<number>([1, 2, 3]);

export interface Pick {
  kind: number;
  outcome: KindOutcome;
  probability: number;
  fairOdds: number;
  /** the bookmaker's pre-match price, where the data has one for this market */
  odds: number | null;
  /** expected value of a unit stake at `odds` */
  ev: number | null;
  /** for a best bet (kind 0): the kind it was chosen from */
  fromKind?: number;
}

/** Pre-match prices by outcome key (1, X, 2, O25, U25). */
export type OutcomePrices = Partial<Record<MarketKey, number>>;

export function pickFor(kind: KindInfo, markets: Markets, prices: OutcomePrices): Pick | null {
  let best: KindOutcome | null = null;
  for (const outcome of kind.outcomes) {
    if (markets[outcome] === undefined) return null;
    if (best === null || markets[outcome]! > markets[best]!) best = outcome;
  }
  if (best === null) return null;
  const probability = markets[best]!;
  const odds = prices[best] ?? null;
  return {
    kind: kind.code,
    outcome: best,
    probability,
    fairOdds: 1 / probability,
    odds,
    ev: odds === null ? null : probability * odds - 1,
  };
}

/** The pick of every kind (kind 0 is the best bet: the most probable pick among 1X2, BTTS and O/U 2.5). */
export function picksOf(markets: Markets, prices: OutcomePrices, includePremium: boolean): Pick[] {
  const picks: Pick[] = [];
  for (const kind of KINDS) {
    if (kind.premium && !includePremium) continue;
    const pick = pickFor(kind, markets, prices);
    if (pick) picks.push(pick);
  }
  const best = picks
    .filter((p) => BEST_BET_KINDS.has(p.kind))
    .reduce<Pick | null>((a, b) => (a === null || b.probability > a.probability ? b : a), null);
  if (best) picks.unshift({ ...best, kind: BEST_BETS_CODE, fromKind: best.kind });
  return picks;
}

export interface PlayedFacts {
  ftHome: number;
  ftAway: number;
  htHome: number | null;
  htAway: number | null;
  corners: number | null;
}

/** Whether an outcome key came true; null when the data cannot tell (no half-time score, no corners). */
/** `outcome` is a MarketKey or any other outcome code of the same grammar (team statistics use a few more: `2H_1`, `C_O115`). */
export function outcomeHappened(outcome: MarketKey | (string & {}), r: PlayedFacts): boolean | null {
  const [prefix, rest] = outcome.includes("_") ? (outcome.split("_", 2) as [string, string]) : ["", outcome];
  if (prefix === "C") {
    if (r.corners === null) return null;
    return overUnder(rest, r.corners);
  }
  let home = r.ftHome;
  let away = r.ftAway;
  if (prefix === "HT" || prefix === "2H") {
    if (r.htHome === null || r.htAway === null) return null;
    home = prefix === "HT" ? r.htHome : r.ftHome - r.htHome;
    away = prefix === "HT" ? r.htAway : r.ftAway - r.htAway;
  }
  if (prefix === "H" || prefix === "A") return overUnder(rest, prefix === "H" ? r.ftHome : r.ftAway);
  switch (rest) {
    case "1":
      return home > away;
    case "X":
      return home === away;
    case "2":
      return home < away;
    case "1X":
      return home >= away;
    case "12":
      return home !== away;
    case "X2":
      return home <= away;
    case "GG":
      return home > 0 && away > 0;
    case "NG":
      return !(home > 0 && away > 0);
    default:
      return overUnder(rest, home + away);
  }
}

function overUnder(code: string, total: number): boolean | null {
  const m = /^([OU])(\d+)$/.exec(code);
  if (!m) return null;
  const line = Number(m[2]) / 10;
  return m[1] === "O" ? total > line : total < line;
}

export interface DayPick extends Pick {
  fixtureId: number;
}

export interface BetOfTheDay {
  double: DayPick[];
  totalOdds: number | null;
  risk: DayPick | null;
}

/**
 * Bet of the Day. Double: the two most probable best bets of different fixtures priced at 1.25 or
 * more (a double of near-certainties pays nothing). Risk: the priced 1X2 or O/U pick with the highest
 * expected value among prices of 2.50 or more with a probability of at least 30%.
 */
export function betOfTheDay<P extends DayPick>(
  bestBets: P[],
  priced: P[],
): BetOfTheDay & { double: P[]; risk: P | null } {
  const double = bestBets
    .filter((p) => p.odds !== null && p.odds >= 1.25)
    .sort((a, b) => b.probability - a.probability)
    .slice(0, 2);
  const risk =
    priced
      .filter(
        (p) =>
          p.odds !== null && p.odds >= 2.5 && p.probability >= 0.3 && !double.some((d) => d.fixtureId === p.fixtureId),
      )
      .sort((a, b) => b.ev! - a.ev!)[0] ?? null;
  return {
    double: double.length === 2 ? double : [],
    totalOdds: double.length === 2 ? Math.round(double[0]!.odds! * double[1]!.odds! * 100) / 100 : null,
    risk,
  };
}
