import type { Pool, PoolClient } from "pg";
import type { ModelPrediction } from "../../domain/predictions/ratings.ts";
import type { Quote } from "../../domain/valuebets/picks.ts";
import { oddsVisibleFromSql, oddsVisibleSql } from "./price-visibility.ts";

export interface ValueCandidate {
  fixtureId: number;
  kickoff: Date;
  final: ModelPrediction;
  quotes: Quote[];
  /** when the last of these quotes came to exist (oddsVisibleFromSql), null without any */
  pricedFrom: Date | null;
}

/**
 * Fixtures kicking off in [from, to) with their stored (walk-forward) prediction and every bookmaker's
 * pre-match prices of 1X2 and O/U 2.5 that exist at `now`. Closing prices are never read here.
 */
export async function valueCandidates(
  pool: Pool | PoolClient,
  from: Date,
  to: Date,
  now: Date,
): Promise<ValueCandidate[]> {
  const { rows } = await pool.query<{
    id: number;
    kickoff: Date;
    final: ModelPrediction;
    quotes: Array<{ b: string; m: string; h: number; d: number | null; a: number }> | null;
    pricedFrom: Date | null;
  }>(
    `SELECT f.id, f.kickoff, p.final, q.quotes, q.priced_from AS "pricedFrom"
       FROM fixtures f JOIN predictions p ON p.fixture_id = f.id
       LEFT JOIN LATERAL (
         SELECT json_agg(json_build_object('b', b.code, 'm', o.market, 'h', o.price_home, 'd', o.price_draw, 'a', o.price_away)) AS quotes,
                max(${oddsVisibleFromSql("o", "f.kickoff")}) AS priced_from
           FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
          WHERE o.fixture_id = f.id AND NOT o.closing AND o.market IN ('1x2', 'ou25') AND ${oddsVisibleSql("o", "f.kickoff", "$3")}
       ) q ON true
      WHERE f.kickoff >= $1 AND f.kickoff < $2
      ORDER BY f.kickoff, f.id`,
    [from, to, now],
  );
  return rows.map((r) => ({
    fixtureId: r.id,
    kickoff: r.kickoff,
    final: r.final,
    pricedFrom: r.pricedFrom,
    quotes: (r.quotes ?? []).flatMap((q): Quote[] => {
      if (q.m === "1x2") return q.d === null ? [] : [{ bookmaker: q.b, market: "x12", prices: [q.h, q.d, q.a] }];
      return [{ bookmaker: q.b, market: "ou25", prices: [q.h, q.a] }];
    }),
  }));
}

export interface ValuePickWrite {
  fixtureId: number;
  bookmakerCountry: number;
  market: string;
  outcome: string;
  bookmaker: string;
  price: number;
  probability: number;
  ev: number;
  pickedAt: Date;
}

/** Records picks; one per fixture, market and country, so a pick found again later is not recorded twice. */
export async function insertValuePicks(
  pool: Pool | PoolClient,
  picks: ValuePickWrite[],
): Promise<Array<{ id: number; fixtureId: number; bookmakerCountry: number }>> {
  if (picks.length === 0) return [];
  const { rows } = await pool.query<{ id: number; fixture_id: number; bookmaker_country: number }>(
    `INSERT INTO value_picks (fixture_id, bookmaker_country, market, outcome, bookmaker, price, probability, ev, picked_at)
     SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::real[], $7::real[], $8::real[], $9::timestamptz[])
     ON CONFLICT ON CONSTRAINT value_picks_once DO NOTHING
     RETURNING id, fixture_id, bookmaker_country`,
    [
      picks.map((p) => p.fixtureId),
      picks.map((p) => p.bookmakerCountry),
      picks.map((p) => p.market),
      picks.map((p) => p.outcome),
      picks.map((p) => p.bookmaker),
      picks.map((p) => p.price),
      picks.map((p) => p.probability),
      picks.map((p) => p.ev),
      picks.map((p) => p.pickedAt),
    ],
  );
  return rows.map((r) => ({ id: r.id, fixtureId: r.fixture_id, bookmakerCountry: r.bookmaker_country }));
}

export interface ValuePickRow {
  id: number;
  fixtureId: number;
  bookmakerCountry: number;
  kickoff: Date;
  leagueId: number;
  leagueName: string;
  countryName: string;
  homeTeam: string;
  awayTeam: string;
  market: string;
  outcome: string;
  bookmaker: string;
  price: number;
  probability: number;
  ev: number;
  pickedAt: Date;
  /** full-time score, only once the match has ended */
  ftHome: number | null;
  ftAway: number | null;
  /** Pinnacle's closing prices of the pick's market, only once the match has kicked off */
  closing: number[] | null;
}

const PICK_COLUMNS = `v.id, v.fixture_id AS "fixtureId", v.bookmaker_country AS "bookmakerCountry", f.kickoff, l.id AS "leagueId", l.name AS "leagueName", c.name AS "countryName",
            ht.name AS "homeTeam", at.name AS "awayTeam", v.market, v.outcome, v.bookmaker, v.price, v.probability, v.ev,
            v.picked_at AS "pickedAt",
            CASE WHEN f.kickoff + interval '105 minutes' <= $1 THEN f.ft_home END AS "ftHome",
            CASE WHEN f.kickoff + interval '105 minutes' <= $1 THEN f.ft_away END AS "ftAway",
            (SELECT CASE WHEN o.market = '1x2' THEN ARRAY[o.price_home, o.price_draw, o.price_away] ELSE ARRAY[o.price_home, o.price_away] END
               FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
              WHERE o.fixture_id = f.id AND o.closing AND b.code = 'PS' AND ${oddsVisibleSql("o", "f.kickoff", "$1")}
                AND o.market = CASE WHEN v.market = 'x12' THEN '1x2' ELSE 'ou25' END
              LIMIT 1) AS closing
       FROM value_picks v
       JOIN fixtures f ON f.id = v.fixture_id
       JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams ht ON ht.id = f.home_team_id JOIN teams at ON at.id = f.away_team_id`;

/**
 * Picks of a bookmaker country taken at or before `now`, in the order they were taken; results and closing
 * prices only as far as they are known at `now`. `upcoming` keeps only fixtures not yet kicked off.
 */
export async function valuePicksOf(pool: Pool, country: number, now: Date, upcoming = false): Promise<ValuePickRow[]> {
  const { rows } = await pool.query<ValuePickRow>(
    `SELECT ${PICK_COLUMNS}
      WHERE v.bookmaker_country = $2 AND v.picked_at <= $1 AND ($3::boolean IS FALSE OR f.kickoff > $1)
      ORDER BY v.picked_at, f.kickoff, v.id`,
    [now, country, upcoming],
  );
  return rows;
}

export async function valuePicksByIds(pool: Pool, ids: number[], now: Date): Promise<ValuePickRow[]> {
  const { rows } = await pool.query<ValuePickRow>(`SELECT ${PICK_COLUMNS} WHERE v.id = ANY($2::int[]) ORDER BY v.id`, [
    now,
    ids,
  ]);
  return rows;
}

/** Members (running subscription) who asked for value-bet alerts and chose this bookmaker country (default: the world). */
export async function valueBetRecipients(pool: Pool, country: number, now: Date): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT u.id FROM users u
      WHERE u.value_bet_notifications_enabled
        AND COALESCE(NULLIF(u.preferences->>'bookmakerCountry', '')::int, -1) = $1
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.current_period_end > $2)
      ORDER BY u.id`,
    [country, now],
  );
  return rows.map((r) => r.id);
}

/** Members (running subscription) who asked for the bots' messages (the trend bot speaks through the value-bet bot). */
export async function trendBotRecipients(pool: Pool, now: Date): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT u.id FROM users u
      WHERE u.value_bet_notifications_enabled
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id AND s.current_period_end > $1)
      ORDER BY u.id`,
    [now],
  );
  return rows.map((r) => r.id);
}
