import type { MarketKey, Markets } from "../predictions/markets.ts";
import { marketsOf } from "../predictions/probabilities.ts";
import { goalOutcomeSpec } from "../scanner/goal-outcomes.ts";
import { backedSide } from "../scanner/outcomes.ts";
import type { DesiredOutcome } from "../scanner/rules.ts";
import type { FeatureStore } from "./feature-store.ts";

/**
 * What a pre-match pick of an outcome is taken at: the opening price a bettor could have had (the 1X2 of the
 * backed side, the data's over/under 2.5 prices, and a double chance made of two 1X2 prices: the stake split
 * between both so that either pays the same), the closing price for the closing line value, and our final
 * prediction's probability of the outcome (walk-forward: stored before kick-off). Every other goal line has no
 * published price: hit rate and edge only.
 */
export interface PrematchQuote {
  /** 0 home, 1 away, 2 draw for the match-result outcomes; -1 otherwise */
  side: number;
  odds: number | null;
  closingOdds: number | null;
  probability: number | null;
}

const lineKey = (line: number) => String(line * 10).padStart(2, "0");
const RESULT_KEYS = ["1", "2", "X"] as const;

/** The prediction market of an outcome (markets.ts keys), or null where none is computed. */
function marketOf(outcome: DesiredOutcome, side: number): MarketKey | null {
  const spec = goalOutcomeSpec(outcome);
  if (!spec) {
    if (side < 0) return null;
    return (outcome.endsWith("_ht") ? `HT_${RESULT_KEYS[side]}` : RESULT_KEYS[side]) as MarketKey;
  }
  switch (spec.family) {
    case "total":
      return `${spec.over ? "O" : "U"}${lineKey(spec.line)}` as MarketKey;
    case "htTotal":
      return `HT_${spec.over ? "O" : "U"}${lineKey(spec.line)}` as MarketKey;
    case "corners":
      return `C_${spec.over ? "O" : "U"}${lineKey(spec.line)}` as MarketKey;
    case "btts":
      return spec.yes ? "GG" : "NG";
    case "double":
      return ({ "1x": "1X", x2: "X2", "12": "12" } as const)[spec.sides];
    default:
      return null;
  }
}

const price = (x: number) => (Number.isNaN(x) || x <= 1 ? null : x);
/** Backing both of two selections at these prices, stakes in proportion so that either returns the same. */
const dutch = (a: number | null, b: number | null) => (a === null || b === null ? null : 1 / (1 / a + 1 / b));

function pricesOf(store: FeatureStore, row: number, outcome: DesiredOutcome, side: number) {
  const spec = goalOutcomeSpec(outcome);
  if (!spec) {
    if (side < 0 || outcome.endsWith("_ht")) return { odds: null, closingOdds: null };
    return { odds: price(store.openingPrice(row, side)), closingOdds: price(store.closingPrice(row, side)) };
  }
  if (spec.family === "total" && spec.line === 2.5) {
    const stat = spec.over ? "over25" : "under25";
    return { odds: price(store.openingMatchPrice(row, stat)), closingOdds: price(store.closing[stat][row]!) };
  }
  if (spec.family === "double") {
    const [a, b] = spec.sides === "1x" ? [0, 2] : spec.sides === "x2" ? [2, 1] : [0, 1];
    const open = (s: number) => price(store.openingPrice(row, s));
    const close = (s: number) => price(store.closingPrice(row, s));
    return { odds: dutch(open(a), open(b)), closingOdds: dutch(close(a), close(b)) };
  }
  return { odds: null, closingOdds: null };
}

/** The quote of a feature row's match for an outcome. */
export function prematchQuote(store: FeatureStore, row: number, outcome: DesiredOutcome): PrematchQuote {
  const side = goalOutcomeSpec(outcome) ? -1 : backedSide(outcome, store.favorite[row]!);
  const key = marketOf(outcome, side);
  const prediction = key ? store.finals.get(row) : null;
  const markets: Markets | null = prediction ? marketsOf(prediction) : null;
  const p = markets && key ? markets[key] : undefined;
  return {
    side,
    ...pricesOf(store, row, outcome, side),
    probability: p === undefined || !Number.isFinite(p) ? null : p,
  };
}
