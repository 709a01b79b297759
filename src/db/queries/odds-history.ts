import type { Pool } from "pg";
import { oddsVisibleSql } from "./price-visibility.ts";

/**
 * Records the pre-match prices a sync saw at `seenAt` (its own clock, so driven clocks and replays stamp what they
 * saw): for every fixture kicking off after `seenAt`, each published opening row of `odds` becomes a history row
 * when its prices or line differ from that fixture, bookmaker and market's latest row, or when it has none yet.
 * One statement for the whole set; returns the rows added.
 */
export async function recordOddsHistory(pool: Pool, seenAt: Date): Promise<number> {
  const result = await pool.query(
    `INSERT INTO odds_history (fixture_id, bookmaker_id, market, seen_at, line, price_home, price_draw, price_away)
     SELECT o.fixture_id, o.bookmaker_id, o.market, $1, o.line, o.price_home, o.price_draw, o.price_away
       FROM odds o JOIN fixtures f ON f.id = o.fixture_id
       LEFT JOIN LATERAL (
         SELECT h.line, h.price_home, h.price_draw, h.price_away FROM odds_history h
          WHERE h.fixture_id = o.fixture_id AND h.bookmaker_id = o.bookmaker_id AND h.market = o.market
          ORDER BY h.seen_at DESC LIMIT 1
       ) last ON true
      WHERE NOT o.closing AND f.kickoff > $1 AND ${oddsVisibleSql("o", "f.kickoff", "$1")}
        AND (last.price_home IS NULL
             OR (last.line, last.price_home, last.price_draw, last.price_away)
                IS DISTINCT FROM (o.line, o.price_home, o.price_draw, o.price_away))
     ON CONFLICT DO NOTHING`,
    [seenAt],
  );
  return result.rowCount ?? 0;
}

/**
 * The closing price of a match that has kicked off by `now` is the last price a sync saw before its kick-off, per
 * bookmaker and market, until the results file brings the provider's closing column (its import writes over these
 * rows; a closing row it wrote first is kept). Looks at the last three days' kick-offs; returns the rows added.
 */
export async function closeFromLastSeen(pool: Pool, now: Date): Promise<number> {
  const result = await pool.query(
    `INSERT INTO odds (fixture_id, bookmaker_id, market, closing, line, price_home, price_draw, price_away)
     SELECT DISTINCT ON (h.fixture_id, h.bookmaker_id, h.market)
            h.fixture_id, h.bookmaker_id, h.market, true, h.line, h.price_home, h.price_draw, h.price_away
       FROM fixtures f JOIN odds_history h ON h.fixture_id = f.id AND h.seen_at < f.kickoff
      WHERE f.kickoff <= $1 AND f.kickoff > $1::timestamptz - interval '3 days'
      ORDER BY h.fixture_id, h.bookmaker_id, h.market, h.seen_at DESC
     ON CONFLICT DO NOTHING`,
    [now],
  );
  return result.rowCount ?? 0;
}

export interface PriceHistoryRow {
  bookmaker: string;
  bookmakerName: string;
  market: string;
  seenAt: Date;
  line: number | null;
  priceHome: number;
  priceDraw: number | null;
  priceAway: number;
}

/** A fixture's recorded prices seen by `now`, by market and bookmaker, oldest first. */
export async function priceHistoryOf(pool: Pool, fixtureId: number, now: Date): Promise<PriceHistoryRow[]> {
  const result = await pool.query<PriceHistoryRow>(
    `SELECT b.code AS bookmaker, b.name AS "bookmakerName", h.market, h.seen_at AS "seenAt", h.line,
            h.price_home AS "priceHome", h.price_draw AS "priceDraw", h.price_away AS "priceAway"
       FROM odds_history h JOIN bookmakers b ON b.id = h.bookmaker_id
      WHERE h.fixture_id = $1 AND h.seen_at <= $2
      ORDER BY h.market, b.code, h.seen_at`,
    [fixtureId, now],
  );
  return result.rows;
}
