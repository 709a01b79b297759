import type { Pool } from "pg";

export interface FixtureRow {
  id: number;
  kickoff: Date;
  leagueId: number;
  leagueName: string;
  leagueTier: number;
  countryId: number;
  countryName: string;
  countryCode: string;
  seasonName: string;
  homeTeamId: number;
  homeTeamName: string;
  awayTeamId: number;
  awayTeamName: string;
  /** Null unless the match has kicked off by `now`: the database never hands out a result from the future. */
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
}

export interface FixtureRange {
  from: Date;
  to: Date;
  leagueIds?: number[];
  now: Date;
  limit: number;
}

export async function fixturesInRange(pool: Pool, range: FixtureRange): Promise<FixtureRow[]> {
  const result = await pool.query<FixtureRow>(
    `SELECT f.id, f.kickoff, l.id AS "leagueId", l.name AS "leagueName", l.tier AS "leagueTier",
            c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode", s.name AS "seasonName",
            h.id AS "homeTeamId", h.name AS "homeTeamName", a.id AS "awayTeamId", a.name AS "awayTeamName",
            CASE WHEN f.kickoff <= $3 THEN f.ht_home END AS "htHome",
            CASE WHEN f.kickoff <= $3 THEN f.ht_away END AS "htAway",
            CASE WHEN f.kickoff <= $3 THEN f.ft_home END AS "ftHome",
            CASE WHEN f.kickoff <= $3 THEN f.ft_away END AS "ftAway"
       FROM fixtures f
       JOIN leagues l ON l.id = f.league_id
       JOIN countries c ON c.id = l.country_id
       JOIN seasons s ON s.id = f.season_id
       JOIN teams h ON h.id = f.home_team_id
       JOIN teams a ON a.id = f.away_team_id
      WHERE f.kickoff >= $1 AND f.kickoff < $2
        AND ($4::int[] IS NULL OR f.league_id = ANY($4::int[]))
      ORDER BY f.kickoff, c.name, l.tier, l.name, f.id
      LIMIT $5`,
    [range.from, range.to, range.now, range.leagueIds?.length ? range.leagueIds : null, range.limit],
  );
  return result.rows;
}

export interface LeagueRow {
  id: number;
  name: string;
  tier: number;
  countryId: number;
  countryName: string;
  countryCode: string;
  fixtures: number;
  lastKickoff: Date | null;
}

export async function leaguesWithCountries(pool: Pool): Promise<LeagueRow[]> {
  const result = await pool.query<LeagueRow>(
    `SELECT l.id, l.name, l.tier, c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode",
            count(f.id)::int AS fixtures, max(f.kickoff) AS "lastKickoff"
       FROM leagues l JOIN countries c ON c.id = l.country_id LEFT JOIN fixtures f ON f.league_id = l.id
      GROUP BY l.id, c.id ORDER BY c.name, l.tier, l.name`,
  );
  return result.rows;
}

export interface DatasetCounts {
  fixtures: number;
  leagues: number;
  teams: number;
  odds: number;
  files: number;
}

export async function datasetCounts(pool: Pool): Promise<DatasetCounts> {
  const result = await pool.query<DatasetCounts>(
    `SELECT (SELECT count(*) FROM fixtures)::int AS fixtures, (SELECT count(*) FROM leagues)::int AS leagues,
            (SELECT count(*) FROM teams)::int AS teams,
            (SELECT reltuples::bigint FROM pg_class WHERE relname = 'odds')::int AS odds,
            (SELECT count(*) FROM imported_files)::int AS files`,
  );
  return result.rows[0]!;
}
