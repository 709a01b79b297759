/**
 * Value bets: a bookmaker's pre-match price above our fair price by a margin. A pick is one outcome of one
 * market of one fixture, taken at the best price that a bookmaker licensed in the member's country offers.
 */
import { AGGREGATE_BOOKMAKERS, commissionOf, netPrice } from "../bookmakers.ts";

export const VALUE_MARKETS = { x12: ["1", "X", "2"], ou25: ["O25", "U25"] } as const;
export type ValueMarket = keyof typeof VALUE_MARKETS;
export type ValueOutcome = (typeof VALUE_MARKETS)[ValueMarket][number];

export interface Quote {
  bookmaker: string;
  market: ValueMarket;
  /** prices in the order of VALUE_MARKETS[market] */
  prices: number[];
}

export interface ValueRule {
  /** expected value of a unit stake at the taken price net of commission: p × net price − 1 */
  minEv: number;
  /** no long shots: our probability of the outcome */
  minProbability: number;
}

/**
 * Fixed on the 2019/20–2022/23 seasons only (`npm run bench:value-bets` with VALUE_FIT=1); the evaluated seasons
 * 2023/24–2025/26 never chose it.
 */
export const DEFAULT_VALUE_RULE: ValueRule = { minEv: 0.03, minProbability: 0.35 };

export interface ValuePick {
  market: ValueMarket;
  outcome: ValueOutcome;
  bookmaker: string;
  /** the price quoted (an exchange's price before its commission) */
  price: number;
  /** what a winning unit stake returns: the price net of the exchange's commission on net winnings */
  netPrice: number;
  /** the commission on net winnings (0 for a bookmaker) */
  commission: number;
  probability: number;
  fairOdds: number;
  ev: number;
}

/**
 * At most one pick per market: the outcome and bookmaker with the highest expected value that passes the rule.
 * Aggregates (market average and maximum) are no price a member can take. An exchange's price is judged net of
 * its commission (`commission(code)`, by default Betfair Exchange's standard 5%): a price that beats our fair odds
 * only before commission is no value bet.
 */
export function valuePicks(
  fair: Partial<Record<ValueOutcome, number>>,
  quotes: Quote[],
  rule: ValueRule,
  bookmakerAllowed: (code: string) => boolean = () => true,
  commission: (code: string) => number = (code) => commissionOf(code),
): ValuePick[] {
  const picks: ValuePick[] = [];
  for (const market of Object.keys(VALUE_MARKETS) as ValueMarket[]) {
    let best: ValuePick | null = null;
    for (const quote of quotes) {
      if (quote.market !== market || AGGREGATE_BOOKMAKERS.has(quote.bookmaker) || !bookmakerAllowed(quote.bookmaker))
        continue;
      VALUE_MARKETS[market].forEach((outcome, k) => {
        const probability = fair[outcome];
        const price = quote.prices[k];
        if (probability === undefined || price === undefined || !(price > 1) || probability < rule.minProbability)
          return;
        const c = commission(quote.bookmaker);
        const net = netPrice(price, c);
        const ev = probability * net - 1;
        if (ev >= rule.minEv && (best === null || ev > best.ev)) {
          best = {
            market,
            outcome,
            bookmaker: quote.bookmaker,
            price,
            netPrice: net,
            commission: c,
            probability,
            fairOdds: 1 / probability,
            ev,
          };
        }
      });
    }
    if (best) picks.push(best);
  }
  return picks;
}

/** Whether an outcome happened, from the full-time score. */
export function outcomeWon(outcome: ValueOutcome, ftHome: number, ftAway: number): boolean {
  switch (outcome) {
    case "1":
      return ftHome > ftAway;
    case "X":
      return ftHome === ftAway;
    case "2":
      return ftHome < ftAway;
    case "O25":
      return ftHome + ftAway > 2.5;
    case "U25":
      return ftHome + ftAway < 2.5;
  }
}
