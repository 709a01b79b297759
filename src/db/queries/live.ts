import type { Pool } from "pg";
import { oddsVisibleSql } from "./price-visibility.ts";

/** What the replay needs to build a fixture's timeline and its live odds (the raw result: callers mask by time). */
export interface ReplaySourceRow {
  id: number;
  kickoff: Date;
  seasonId: number;
  seasonName: string;
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
  /** [shots, shotsOnTarget, fouls, corners, yellowCards, redCards] per side, null when the file has none */
  homeStats: Array<number | null> | null;
  awayStats: Array<number | null> | null;
  /** closing 1X2 prices of the preferred bookmaker (Pinnacle, else the market average, else Bet365, else any) */
  close1x2: [number, number, number] | null;
  /** closing over/under 2.5 prices of the preferred bookmaker */
  closeOu25: [number, number] | null;
}

/** The replay's source of fixtures; the closing prices (the in-play model's anchor) only once kicked off at `now` (`$1`). */
const sourceSelect = `
  SELECT f.id, f.kickoff, f.season_id AS "seasonId", s.name AS "seasonName",
         f.ht_home AS "htHome", f.ht_away AS "htAway", f.ft_home AS "ftHome", f.ft_away AS "ftAway",
         (SELECT ARRAY[st.shots, st.shots_on_target, st.fouls, st.corners, st.yellow_cards, st.red_cards]::int[]
            FROM fixture_stats st WHERE st.fixture_id = f.id AND st.side = 'H') AS "homeStats",
         (SELECT ARRAY[st.shots, st.shots_on_target, st.fouls, st.corners, st.yellow_cards, st.red_cards]::int[]
            FROM fixture_stats st WHERE st.fixture_id = f.id AND st.side = 'A') AS "awayStats",
         (SELECT ARRAY[o.price_home, o.price_draw, o.price_away]::float8[] FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
           WHERE o.fixture_id = f.id AND o.market = '1x2' AND o.closing AND o.price_draw IS NOT NULL AND ${oddsVisibleSql("o", "f.kickoff", "$1")}
           ORDER BY CASE b.code WHEN 'PS' THEN 0 WHEN 'Avg' THEN 1 WHEN 'B365' THEN 2 ELSE 3 END, b.code LIMIT 1) AS "close1x2",
         (SELECT ARRAY[o.price_home, o.price_away]::float8[] FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
           WHERE o.fixture_id = f.id AND o.market = 'ou25' AND o.closing AND ${oddsVisibleSql("o", "f.kickoff", "$1")}
           ORDER BY CASE b.code WHEN 'PS' THEN 0 WHEN 'Avg' THEN 1 WHEN 'B365' THEN 2 ELSE 3 END, b.code LIMIT 1) AS "closeOu25"
    FROM fixtures f JOIN seasons s ON s.id = f.season_id`;

export async function replaySources(pool: Pool, ids: number[], now: Date): Promise<ReplaySourceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<ReplaySourceRow>(`${sourceSelect} WHERE f.id = ANY($2::int[])`, [now, ids]);
  return rows;
}

/** Ids and kick-offs of the fixtures being played at `now` (kicked off less than 105 minutes ago, with a result). */
export async function fixturesPlayingAt(pool: Pool, now: Date): Promise<Array<{ id: number; kickoff: Date }>> {
  const { rows } = await pool.query<{ id: number; kickoff: Date }>(
    `SELECT id, kickoff FROM fixtures
      WHERE kickoff <= $1 AND kickoff > $1 - interval '105 minutes' AND ft_home IS NOT NULL ORDER BY kickoff, id`,
    [now],
  );
  return rows;
}

export interface LiveFixtureInfoRow {
  id: number;
  kickoff: Date;
  leagueId: number;
  leagueName: string;
  leagueTier: number;
  countryName: string;
  countryCode: string;
  homeTeamId: number;
  homeTeamName: string;
  awayTeamId: number;
  awayTeamName: string;
}

/** Names of fixtures (no result columns). */
export async function liveFixtureInfo(pool: Pool, ids: number[]): Promise<LiveFixtureInfoRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<LiveFixtureInfoRow>(
    `SELECT f.id, f.kickoff, l.id AS "leagueId", l.name AS "leagueName", l.tier AS "leagueTier",
            c.name AS "countryName", c.code AS "countryCode",
            h.id AS "homeTeamId", h.name AS "homeTeamName", a.id AS "awayTeamId", a.name AS "awayTeamName"
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE f.id = ANY($1::int[])`,
    [ids],
  );
  return rows;
}

/**
 * Upserts the given states and removes the stored states of fixtures no longer live, in one statement each;
 * with `shards`, only among the fixtures of those shards (src/domain/scale/shards.ts): a worker never
 * removes the states of another worker's fixtures.
 */
export async function saveLiveStates(
  pool: Pool,
  changed: Array<{ fixtureId: number; second: number | null; state: unknown }>,
  liveIds: number[],
  scope: { shards: number[]; shardCount: number } | null = null,
): Promise<void> {
  if (changed.length > 0) {
    await pool.query(
      `INSERT INTO live_states (fixture_id, second, state, updated_at)
       SELECT * , now() FROM unnest($1::int[], $2::int[], $3::jsonb[])
       ON CONFLICT (fixture_id) DO UPDATE SET second = EXCLUDED.second, state = EXCLUDED.state, updated_at = now()`,
      [changed.map((c) => c.fixtureId), changed.map((c) => c.second), changed.map((c) => JSON.stringify(c.state))],
    );
  }
  await pool.query(
    // The shard of a fixture as src/domain/scale/shards.ts computes it.
    `DELETE FROM live_states WHERE NOT (fixture_id = ANY($1::int[]))
       AND ($2::int[] IS NULL OR ((((fixture_id::bigint * 2654435761) & 4294967295) * $3::int) >> 32)::int = ANY($2::int[]))`,
    [liveIds, scope?.shards ?? null, scope?.shardCount ?? 1],
  );
}

export async function readLiveStates(
  pool: Pool,
): Promise<Array<{ fixtureId: number; state: unknown; updatedAt: Date }>> {
  const { rows } = await pool.query<{ fixtureId: number; state: unknown; updatedAt: Date }>(
    `SELECT fixture_id AS "fixtureId", state, updated_at AS "updatedAt" FROM live_states ORDER BY fixture_id`,
  );
  return rows;
}

export async function saveTimelines(
  pool: Pool,
  rows: Array<{ fixtureId: number; seasonId: number; source: string; events: Uint8Array }>,
): Promise<void> {
  if (rows.length === 0) return;
  await pool.query(
    `INSERT INTO live_timelines (fixture_id, season_id, source, events)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::bytea[])
     ON CONFLICT (fixture_id) DO UPDATE SET season_id = EXCLUDED.season_id, source = EXCLUDED.source, events = EXCLUDED.events, built_at = now()`,
    [
      rows.map((r) => r.fixtureId),
      rows.map((r) => r.seasonId),
      rows.map((r) => r.source),
      rows.map((r) => Buffer.from(r.events)),
    ],
  );
}

/** Stored timelines of fixtures that had ended by `now`. */
export async function storedTimelines(
  pool: Pool,
  where: { fixtureId?: number; seasonId?: number },
  now: Date,
): Promise<Array<{ fixtureId: number; events: Buffer }>> {
  const { rows } = await pool.query<{ fixtureId: number; events: Buffer }>(
    `SELECT t.fixture_id AS "fixtureId", t.events FROM live_timelines t JOIN fixtures f ON f.id = t.fixture_id
      WHERE ($1::int IS NULL OR t.fixture_id = $1) AND ($2::int IS NULL OR t.season_id = $2)
        AND f.kickoff + interval '105 minutes' <= $3 ORDER BY t.fixture_id`,
    [where.fixtureId ?? null, where.seasonId ?? null, now],
  );
  return rows;
}

/** Played fixtures that have ended by `now` and have no stored timeline yet, newest first. */
export async function fixturesWithoutTimeline(pool: Pool, now: Date, limit: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT f.id FROM fixtures f
      WHERE f.kickoff + interval '105 minutes' <= $1 AND f.ft_home IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM live_timelines t WHERE t.fixture_id = f.id)
      ORDER BY f.kickoff DESC LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Kick-off of a fixture and whether it has a result (null: no such fixture). */
export async function fixtureKickoff(
  pool: Pool,
  id: number,
): Promise<{ kickoff: Date; played: boolean; seasonId: number } | null> {
  const { rows } = await pool.query<{ kickoff: Date; played: boolean; seasonId: number }>(
    `SELECT kickoff, ft_home IS NOT NULL AS played, season_id AS "seasonId" FROM fixtures WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Fixtures kicking off in [from, to) with their team names: for matching a provider's fixtures to ours. */
export async function fixturesBetween(
  pool: Pool,
  from: Date,
  to: Date,
): Promise<Array<{ id: number; kickoff: Date; home: string; away: string }>> {
  const { rows } = await pool.query<{ id: number; kickoff: Date; home: string; away: string }>(
    `SELECT f.id, f.kickoff, h.name AS home, a.name AS away
       FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE f.kickoff >= $1 AND f.kickoff < $2`,
    [from, to],
  );
  return rows;
}
