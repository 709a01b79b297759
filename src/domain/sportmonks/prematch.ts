import type { OddsQuote } from "../football-data/record.ts";

/**
 * SportMonks Football API v3 pre-match data in our terms, for the two sides that speak it: the real-mode sync
 * reads it (src/services/sync/sportmonks.ts) and the offline stand-in writes it (../standin/sportmonks-fixtures.ts),
 * so ids cannot drift apart. Only what maps to something we store is listed: an unlisted league, bookmaker or
 * market is left out, never guessed.
 */

/**
 * SportMonks league ids (entities/league) → football-data.co.uk division codes, our leagues' source keys. The top
 * divisions (8, 82, 384, 564, 301, 72, 208, 462, 600, 501) agree with a public list of v3 ids; the second divisions
 * and Greece are unchecked against a live account. A wrong id cannot create anything: its fixtures' team names match
 * none of that division's teams and health lists them (sources.sportmonks: unmatchedTeams, unmatchedFixtures).
 */
export const SPORTMONKS_LEAGUES: Record<number, string> = {
  8: "E0",
  9: "E1",
  12: "E2",
  14: "E3",
  501: "SC0",
  82: "D1",
  85: "D2",
  384: "I1",
  387: "I2",
  564: "SP1",
  567: "SP2",
  301: "F1",
  304: "F2",
  72: "N1",
  208: "B1",
  462: "P1",
  600: "T1",
  325: "G1",
};

/** SportMonks bookmaker ids (odds/bookmakers) → our bookmaker codes (football-data.co.uk's column prefixes). */
export const SPORTMONKS_BOOKMAKERS: Record<number, string> = {
  2: "B365",
  9: "BFD",
  15: "BF",
  21: "BV",
  23: "CL",
  70: "PS",
};

/** Pre-match market ids: full-time result ("Match Winner") and goals over/under (its `total` is the line). */
export const PREMATCH_MARKETS = { result: 1, overUnder: 80 } as const;

/** One pre-match odd as SportMonks lists it (odds/pre-match/fixtures/{id}, or a fixture's `odds` include). */
export interface SmOdd {
  fixture_id: number;
  market_id: number;
  bookmaker_id: number;
  label: string;
  value: string;
  total?: string | null;
  stopped?: boolean;
}

/** The result's labels: the documentation shows both "1"/"X"/"2" and "Home"/"Draw"/"Away". */
const RESULT_SLOTS: Record<string, 0 | 1 | 2> = { "1": 0, home: 0, x: 1, draw: 1, "2": 2, away: 2 };
const TOTAL_SLOTS: Record<string, 0 | 2> = { over: 0, under: 2 };

/**
 * A fixture's odds as our opening (pre-match, current) quotes: 1x2 and over/under 2.5 per mapped bookmaker, only
 * where every selection has a price (a stopped line or a half-listed market tells nothing about the price).
 */
export function prematchQuotes(odds: readonly SmOdd[]): OddsQuote[] {
  const quotes = new Map<string, OddsQuote>();
  for (const odd of odds) {
    const bookmaker = SPORTMONKS_BOOKMAKERS[odd.bookmaker_id];
    const price = Number(odd.value);
    if (!bookmaker || odd.stopped || !Number.isFinite(price) || price <= 1) continue;
    const label = odd.label.toLowerCase();
    let market: "1x2" | "ou25";
    let slot: 0 | 1 | 2 | undefined;
    if (odd.market_id === PREMATCH_MARKETS.result) {
      market = "1x2";
      slot = RESULT_SLOTS[label];
    } else if (odd.market_id === PREMATCH_MARKETS.overUnder && Number(odd.total) === 2.5) {
      market = "ou25";
      slot = TOTAL_SLOTS[label];
    } else continue;
    if (slot === undefined) continue;
    const key = `${bookmaker}|${market}`;
    const quote = quotes.get(key) ?? { bookmaker, market, closing: false, line: null, prices: [null, null, null] };
    quote.prices[slot] = price;
    quotes.set(key, quote);
  }
  return [...quotes.values()].filter(
    (q) => q.prices[0] !== null && q.prices[2] !== null && (q.market === "ou25" || q.prices[1] !== null),
  );
}
