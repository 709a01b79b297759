import type { Pool } from "pg";

/**
 * What both scanners show of fixtures and leagues: briefs of the matches of picks, names for a result's rows, the
 * leagues a filter can name, and the fixtures a live filter watches.
 */

/** Names for the rows of a result: fixtures' teams and leagues. */
export async function namesOf(pool: Pool, teamIds: number[], leagueIds: number[]) {
  const [teams, leagues] = await Promise.all([
    pool.query<{ id: number; name: string }>(`SELECT id, name FROM teams WHERE id = ANY($1::int[])`, [teamIds]),
    pool.query<{ id: number; name: string; country: string }>(
      `SELECT l.id, l.name, c.name AS country FROM leagues l JOIN countries c ON c.id = l.country_id WHERE l.id = ANY($1::int[])`,
      [leagueIds],
    ),
  ]);
  return {
    teams: new Map(teams.rows.map((t) => [t.id, t.name])),
    leagues: new Map(leagues.rows.map((l) => [l.id, { name: l.name, country: l.country }])),
  };
}

export async function allLeagues(pool: Pool): Promise<Array<{ id: number; name: string; country: string }>> {
  const { rows } = await pool.query<{ id: number; name: string; country: string }>(
    `SELECT l.id, l.name, c.name AS country FROM leagues l JOIN countries c ON c.id = l.country_id ORDER BY c.name, l.tier, l.name`,
  );
  return rows;
}

/** A fixture as a list names it: kick-off, league, country and teams. */
export interface WatchedFixture {
  id: number;
  kickoff: Date;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
}

/** ...and its full-time score once the match has ended. */
export interface FixtureBrief extends WatchedFixture {
  ftHome: number | null;
  ftAway: number | null;
}

/** Teams, league and (once ended by `now`) the score of fixtures, for lists of picks and matches. */
export async function fixtureBriefs(pool: Pool, ids: number[], now: Date): Promise<Map<number, FixtureBrief>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<FixtureBrief>(
    `SELECT f.id, f.kickoff, f.league_id AS "leagueId", l.name AS league, c.name AS country, h.name AS home, a.name AS away,
            CASE WHEN f.kickoff + interval '105 minutes' <= $2 THEN f.ft_home END AS "ftHome",
            CASE WHEN f.kickoff + interval '105 minutes' <= $2 THEN f.ft_away END AS "ftAway"
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE f.id = ANY($1::int[])`,
    [ids, now],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Fixtures of the leagues (all when empty) kicking off in (from, to], soonest first. */
export async function fixturesKickingOff(
  pool: Pool,
  leagueIds: number[],
  from: Date,
  to: Date,
  limit: number,
): Promise<WatchedFixture[]> {
  const { rows } = await pool.query<WatchedFixture>(
    `SELECT f.id, f.kickoff, f.league_id AS "leagueId", l.name AS league, c.name AS country, h.name AS home, a.name AS away
       FROM fixtures f JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE f.kickoff > $2 AND f.kickoff <= $3 AND (cardinality($1::int[]) = 0 OR f.league_id = ANY($1::int[]))
      ORDER BY f.kickoff, f.id LIMIT $4`,
    [leagueIds, from, to, limit],
  );
  return rows;
}
