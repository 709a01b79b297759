import type { Pool } from "pg";
import { inTransaction } from "../client.ts";
export { readState, writeState } from "./state.ts";
import { OPENING_PRICE_BOOKMAKERS, type SweepMatch } from "../../domain/predictions/walk-forward.ts";
import type { ModelPrediction } from "../../domain/predictions/ratings.ts";
import { oddsVisibleSql } from "./price-visibility.ts";

type Queryable = Pool;

export interface OpeningPrices {
  bookmaker: string;
  x12?: [number, number, number];
  ou25?: [number, number];
}

/**
 * Every fixture in kick-off order as the sweep may see it at `now`: results, corners, shots and closing
 * prices only for matches that have ended (kick-off + 105 minutes), and the pre-match (opening) prices of
 * the others only once they exist (`oddsVisibleSql`).
 */
export async function sweepInputs(
  db: Queryable,
  now: Date,
  from: Date | null = null,
): Promise<Array<SweepMatch & { prices: OpeningPrices | null }>> {
  const [fixtures, odds] = await Promise.all([
    db.query(
      `SELECT f.id, c.code AS country, l.source_key AS league, l.tier, s.name AS season, f.home_team_id, f.away_team_id,
              f.kickoff, (f.kickoff + interval '105 minutes' <= $1) AS finished,
              f.ft_home, f.ft_away, f.ht_home, f.ht_away,
              hs.corners AS corners_home, aws.corners AS corners_away,
              hs.shots_on_target AS sot_home, aws.shots_on_target AS sot_away
         FROM fixtures f
         JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id JOIN seasons s ON s.id = f.season_id
         LEFT JOIN fixture_stats hs ON hs.fixture_id = f.id AND hs.side = 'H'
         LEFT JOIN fixture_stats aws ON aws.fixture_id = f.id AND aws.side = 'A'
        WHERE $2::timestamptz IS NULL OR f.kickoff >= $2
        ORDER BY f.kickoff, f.id`,
      [now, from],
    ),
    db.query<{
      fixture_id: number;
      market: string;
      closing: boolean;
      code: string;
      price_home: number;
      price_draw: number | null;
      price_away: number;
    }>(
      `SELECT DISTINCT ON (o.fixture_id, o.market, o.closing) o.fixture_id, o.market, o.closing, b.code, o.price_home, o.price_draw, o.price_away
         FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id JOIN fixtures f ON f.id = o.fixture_id
        WHERE o.market IN ('1x2', 'ou25') AND b.code = ANY($1::text[])
          AND ${oddsVisibleSql("o", "f.kickoff", "$2")} AND (NOT o.closing OR f.kickoff + interval '105 minutes' <= $2)
          AND ($3::timestamptz IS NULL OR f.kickoff >= $3)
        ORDER BY o.fixture_id, o.market, o.closing, array_position($1::text[], b.code)`,
      [[...OPENING_PRICE_BOOKMAKERS], now, from],
    ),
  ]);
  const opening = new Map<number, OpeningPrices>();
  const closing = new Map<number, OpeningPrices>();
  for (const o of odds.rows) {
    const byFixture = o.closing ? closing : opening;
    let p = byFixture.get(o.fixture_id);
    if (!p) {
      p = { bookmaker: o.code };
      byFixture.set(o.fixture_id, p);
    }
    if (o.market === "1x2" && o.price_draw !== null) p.x12 = [o.price_home, o.price_draw, o.price_away];
    if (o.market === "ou25") p.ou25 = [o.price_home, o.price_away];
  }
  const oddsOf = (p: OpeningPrices | null) =>
    p ? { ...(p.x12 ? { x12: p.x12 } : {}), ...(p.ou25 ? { ou25: p.ou25 } : {}) } : null;
  return fixtures.rows.map((r) => {
    const p = opening.get(r.id) ?? null;
    return {
      fixtureId: r.id,
      country: r.country,
      leagueKey: r.league,
      tier: r.tier,
      season: r.season,
      homeId: r.home_team_id,
      awayId: r.away_team_id,
      kickoffMs: r.kickoff.getTime(),
      result:
        r.finished && r.ft_home !== null
          ? {
              ftHome: r.ft_home,
              ftAway: r.ft_away,
              htHome: r.ht_home,
              htAway: r.ht_away,
              cornersHome: r.corners_home,
              cornersAway: r.corners_away,
              shotsOnTargetHome: r.sot_home,
              shotsOnTargetAway: r.sot_away,
            }
          : null,
      openingOdds: oddsOf(p),
      closingOdds: oddsOf(closing.get(r.id) ?? null),
      prices: p,
    };
  });
}

/**
 * A checksum of what `sweepInputs` reads for the fixtures kicking off before `before` (their teams, league,
 * season, scores, statistics and 1X2 / O/U 2.5 prices): equal checksums mean a sweep kept through them still holds.
 * Every writer is covered (the sync, a manual import, an operator's fix), not only the ones that report changes.
 */
export async function sweepChecksum(db: Queryable, before: Date, now: Date): Promise<string> {
  const { rows } = await db.query<{ fixtures: string; stats: string; odds: string }>(
    `SELECT (SELECT count(*) || ':' || coalesce(sum(f.id::bigint * 7 + f.home_team_id * 3 + f.away_team_id * 5
                    + f.league_id * 11 + f.season_id * 13 + coalesce(f.ft_home, -1) * 17 + coalesce(f.ft_away, -1) * 19
                    + coalesce(f.ht_home, -1) * 23 + coalesce(f.ht_away, -1) * 29 + extract(epoch FROM f.kickoff)::bigint), 0)
               FROM fixtures f WHERE f.kickoff < $1) AS fixtures,
            (SELECT count(*) || ':' || coalesce(sum(coalesce(st.corners, -1) * 3 + coalesce(st.shots_on_target, -1) * 7), 0)
               FROM fixture_stats st JOIN fixtures f ON f.id = st.fixture_id WHERE f.kickoff < $1) AS stats,
            (SELECT count(*) || ':' || coalesce(sum(o.price_home + coalesce(o.price_draw, 0) * 3 + o.price_away * 7), 0)
               FROM odds o JOIN fixtures f ON f.id = o.fixture_id
              WHERE f.kickoff < $1 AND o.market IN ('1x2', 'ou25') AND ${oddsVisibleSql("o", "f.kickoff", "$2")}) AS odds`,
    [before, now],
  );
  const r = rows[0]!;
  return `${r.fixtures}|${r.stats}|${r.odds}`;
}

export interface PredictionRow {
  fixtureId: number;
  modelVersion: string;
  model: ModelPrediction;
  final: ModelPrediction;
  market: unknown;
  marketWeight: number;
  pHome: number;
  pDraw: number;
  pAway: number;
  pOver25: number;
}

/** Upserts predictions; unchanged rows are not rewritten. Returns how many rows changed. */
export async function writePredictions(db: Queryable, rows: PredictionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.query(
    `INSERT INTO predictions (fixture_id, model_version, model, final, market, market_weight, p_home, p_draw, p_away, p_over25)
     SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::jsonb[], $5::jsonb[], $6::real[], $7::real[], $8::real[], $9::real[], $10::real[])
     ON CONFLICT (fixture_id) DO UPDATE SET model_version = EXCLUDED.model_version, model = EXCLUDED.model, final = EXCLUDED.final,
        market = EXCLUDED.market, market_weight = EXCLUDED.market_weight, p_home = EXCLUDED.p_home, p_draw = EXCLUDED.p_draw,
        p_away = EXCLUDED.p_away, p_over25 = EXCLUDED.p_over25, computed_at = now()
     WHERE (predictions.model_version, predictions.model, predictions.final, predictions.market)
        IS DISTINCT FROM (EXCLUDED.model_version, EXCLUDED.model, EXCLUDED.final, EXCLUDED.market)`,
    [
      rows.map((r) => r.fixtureId),
      rows.map((r) => r.modelVersion),
      rows.map((r) => JSON.stringify(r.model)),
      rows.map((r) => JSON.stringify(r.final)),
      rows.map((r) => (r.market === null ? null : JSON.stringify(r.market))),
      rows.map((r) => r.marketWeight),
      rows.map((r) => r.pHome),
      rows.map((r) => r.pDraw),
      rows.map((r) => r.pAway),
      rows.map((r) => r.pOver25),
    ],
  );
  return result.rowCount ?? 0;
}

export async function predictionCoverage(
  db: Queryable,
  version: string,
  before: Date | null = null,
): Promise<{ fixtures: number; predicted: number }> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM fixtures WHERE $2::timestamptz IS NULL OR kickoff < $2)::int AS fixtures,
            (SELECT count(*) FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
              WHERE p.model_version = $1 AND ($2::timestamptz IS NULL OR f.kickoff < $2))::int AS predicted`,
    [version, before],
  );
  return rows[0];
}

export async function predictionsFor(db: Queryable, fixtureIds: number[]): Promise<Map<number, PredictionRow>> {
  if (fixtureIds.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT fixture_id AS "fixtureId", model_version AS "modelVersion", model, final, market, market_weight AS "marketWeight",
            p_home AS "pHome", p_draw AS "pDraw", p_away AS "pAway", p_over25 AS "pOver25"
       FROM predictions WHERE fixture_id = ANY($1::int[])`,
    [fixtureIds],
  );
  return new Map(rows.map((r) => [r.fixtureId, r as PredictionRow]));
}

export interface AccuracyRow {
  leagueId: number;
  kind: number;
  picks: number;
  hits: number;
  probabilitySum: number;
  logLossSum: number;
}

export async function replaceAccuracy(db: Pool, rows: AccuracyRow[]): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query("DELETE FROM prediction_accuracy");
    await client.query(
      `INSERT INTO prediction_accuracy (league_id, kind, picks, hits, probability_sum, log_loss_sum)
       SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[], $4::int[], $5::real[], $6::real[])`,
      [
        rows.map((r) => r.leagueId),
        rows.map((r) => r.kind),
        rows.map((r) => r.picks),
        rows.map((r) => r.hits),
        rows.map((r) => r.probabilitySum),
        rows.map((r) => r.logLossSum),
      ],
    );
  });
}

/** Played fixtures with their stored predictions, for accuracy: only matches that have ended by `now`. */
export async function playedWithPredictions(db: Queryable, now: Date) {
  const { rows } = await db.query<{
    fixture_id: number;
    league_id: number;
    final: ModelPrediction;
    ft_home: number;
    ft_away: number;
    ht_home: number | null;
    ht_away: number | null;
    corners: number | null;
  }>(
    `SELECT p.fixture_id, f.league_id, p.final, f.ft_home, f.ft_away, f.ht_home, f.ht_away,
            (SELECT sum(corners)::int FROM fixture_stats s WHERE s.fixture_id = f.id HAVING count(corners) = 2) AS corners
       FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
      WHERE f.kickoff + interval '105 minutes' <= $1 AND f.ft_home IS NOT NULL`,
    [now],
  );
  return rows;
}

export async function accuracyByLeague(db: Queryable) {
  const { rows } = await db.query<AccuracyRow & { leagueName: string; countryName: string }>(
    `SELECT a.league_id AS "leagueId", a.kind, a.picks, a.hits, a.probability_sum AS "probabilitySum", a.log_loss_sum AS "logLossSum",
            l.name AS "leagueName", c.name AS "countryName"
       FROM prediction_accuracy a JOIN leagues l ON l.id = a.league_id JOIN countries c ON c.id = l.country_id
      ORDER BY c.name, l.tier, l.name, a.kind`,
  );
  return rows;
}

/** Played fixtures before `before` whose final 1X2 probabilities are nearest to the given ones. */
export async function similarFixtureIds(
  db: Queryable,
  probs: { pHome: number; pDraw: number; pAway: number },
  before: Date,
  excludeId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ fixture_id: number }>(
    `SELECT p.fixture_id FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
      WHERE f.kickoff + interval '105 minutes' <= $4 AND f.ft_home IS NOT NULL AND p.fixture_id <> $5
        AND p.p_home BETWEEN $1 - 0.05 AND $1 + 0.05
      ORDER BY (p.p_home - $1) ^ 2 + (p.p_draw - $2) ^ 2 + (p.p_away - $3) ^ 2, f.kickoff DESC
      LIMIT $6`,
    [probs.pHome, probs.pDraw, probs.pAway, before, excludeId, limit],
  );
  return rows.map((r) => r.fixture_id);
}

export interface LeagueProbabilityRow {
  leagueId: number;
  leagueName: string;
  countryName: string;
  season: string;
  matches: number;
  played: number;
  pHome: number;
  pDraw: number;
  pAway: number;
  pOver25: number;
  homeRate: number | null;
  drawRate: number | null;
  awayRate: number | null;
  over25Rate: number | null;
}

/** Mean predicted probabilities per league for its newest season, next to what happened in the matches played by `now`. */
export async function probabilitiesByLeague(db: Queryable, now: Date): Promise<LeagueProbabilityRow[]> {
  const { rows } = await db.query<LeagueProbabilityRow>(
    `WITH newest AS (SELECT DISTINCT ON (league_id) league_id, id FROM seasons ORDER BY league_id, name DESC),
          m AS (SELECT f.league_id, p.*, (f.kickoff + interval '105 minutes' <= $1 AND f.ft_home IS NOT NULL) AS played,
                       f.ft_home, f.ft_away
                  FROM fixtures f JOIN newest n ON n.id = f.season_id JOIN predictions p ON p.fixture_id = f.id)
     SELECT l.id AS "leagueId", l.name AS "leagueName", c.name AS "countryName", s.name AS season,
            count(*)::int AS matches, count(*) FILTER (WHERE played)::int AS played,
            avg(m.p_home)::real AS "pHome", avg(m.p_draw)::real AS "pDraw", avg(m.p_away)::real AS "pAway",
            avg(m.p_over25)::real AS "pOver25",
            (avg((m.ft_home > m.ft_away)::int) FILTER (WHERE played))::real AS "homeRate",
            (avg((m.ft_home = m.ft_away)::int) FILTER (WHERE played))::real AS "drawRate",
            (avg((m.ft_home < m.ft_away)::int) FILTER (WHERE played))::real AS "awayRate",
            (avg((m.ft_home + m.ft_away > 2)::int) FILTER (WHERE played))::real AS "over25Rate"
       FROM m JOIN leagues l ON l.id = m.league_id JOIN countries c ON c.id = l.country_id
       JOIN newest n ON n.league_id = l.id JOIN seasons s ON s.id = n.id
      GROUP BY l.id, c.name, s.name ORDER BY c.name, l.tier, l.name`,
    [now],
  );
  return rows;
}
