import type { Pool } from "pg";
import { BOOKMAKER_NAMES } from "../../domain/football-data/columns.ts";
import type { OddsQuote } from "../../domain/football-data/record.ts";
import { UPSERT_PRICES } from "./price-visibility.ts";

/**
 * The current pre-match prices a provider other than football-data.co.uk reads (SportMonks), written as the
 * importer writes a fixtures file's: the opening (not closing) row of `odds` per fixture, bookmaker and market
 * holds the latest price. The history of changes is then `recordOddsHistory`'s (./odds-history.ts).
 */

export interface CurrentQuote extends OddsQuote {
  fixtureId: number;
}

/** Upcoming fixtures of these leagues (source keys) kicking off between the two moments, for matching. */
export async function storedFixturesBetween(pool: Pool, leagueKeys: string[], from: Date, to: Date) {
  const { rows } = await pool.query<{
    id: number;
    leagueKey: string;
    homeTeamId: number;
    awayTeamId: number;
    kickoff: Date;
  }>(
    `SELECT f.id, l.source_key AS "leagueKey", f.home_team_id AS "homeTeamId", f.away_team_id AS "awayTeamId",
            f.kickoff
       FROM fixtures f JOIN leagues l ON l.id = f.league_id
      WHERE l.source_key = ANY($1::text[]) AND f.kickoff BETWEEN $2 AND $3 AND f.ft_home IS NULL`,
    [leagueKeys, from, to],
  );
  return rows.map((r) => ({ ...r, kickoffMs: r.kickoff.getTime() }));
}

/**
 * Writes the quotes read at `seenAt` (bookmakers created as needed; a price exists from the first sync that saw it);
 * returns how many rows of `odds` were added or changed.
 */
export async function writeCurrentOdds(pool: Pool, quotes: CurrentQuote[], seenAt: Date): Promise<number> {
  if (quotes.length === 0) return 0;
  const codes = [...new Set(quotes.map((q) => q.bookmaker))];
  await pool.query(
    `INSERT INTO bookmakers (code, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (code) DO NOTHING`,
    [codes, codes.map((c) => BOOKMAKER_NAMES[c] ?? c)],
  );
  const result = await pool.query(
    `INSERT INTO odds (fixture_id, bookmaker_id, market, closing, line, price_home, price_draw, price_away, seen_from)
     SELECT q.fixture_id, b.id, q.market, false, q.line, q.home, q.draw, q.away, $8
       FROM unnest($1::int[], $2::text[], $3::text[], $4::real[], $5::real[], $6::real[], $7::real[])
            AS q(fixture_id, code, market, line, home, draw, away)
       JOIN bookmakers b ON b.code = q.code
     ON CONFLICT (fixture_id, bookmaker_id, market, closing) DO UPDATE SET ${UPSERT_PRICES}`,
    [
      quotes.map((q) => q.fixtureId),
      quotes.map((q) => q.bookmaker),
      quotes.map((q) => q.market),
      quotes.map((q) => q.line),
      quotes.map((q) => q.prices[0]),
      quotes.map((q) => q.prices[1]),
      quotes.map((q) => q.prices[2]),
      seenAt,
    ],
  );
  return result.rowCount ?? 0;
}
