import type { Pool } from "pg";
import type { PlayedMatch } from "../../domain/stats/team-rates.ts";

const PLAYED_COLUMNS = `f.id, f.season_id AS "seasonId", f.home_team_id AS "homeId", f.away_team_id AS "awayId",
       (extract(epoch FROM f.kickoff) * 1000)::float8 AS "kickoffMs",
       f.ft_home AS "ftHome", f.ft_away AS "ftAway", f.ht_home AS "htHome", f.ht_away AS "htAway",
       CASE WHEN hs.corners IS NOT NULL AND aws.corners IS NOT NULL THEN hs.corners + aws.corners END AS corners
  FROM fixtures f
  LEFT JOIN fixture_stats hs ON hs.fixture_id = f.id AND hs.side = 'H'
  LEFT JOIN fixture_stats aws ON aws.fixture_id = f.id AND aws.side = 'A'`;

/** Matches ended by `now` (kick-off + 105 minutes) since `since`, of these teams or these seasons. */
export async function playedHistory(
  pool: Pool,
  p: { teamIds: number[]; seasonIds: number[]; since: Date; now: Date },
): Promise<PlayedMatch[]> {
  const { rows } = await pool.query<PlayedMatch>(
    `SELECT ${PLAYED_COLUMNS}
      WHERE f.kickoff >= $3 AND f.kickoff + interval '105 minutes' <= $4 AND f.ft_home IS NOT NULL
        AND (f.home_team_id = ANY($1::int[]) OR f.away_team_id = ANY($1::int[]) OR f.season_id = ANY($2::int[]))`,
    [p.teamIds, p.seasonIds, p.since, p.now],
  );
  return rows;
}

/** The last `limit` meetings ended by `now` of each pair of teams (either venue). */
export async function meetings(
  pool: Pool,
  pairs: Array<[number, number]>,
  now: Date,
  limit: number,
): Promise<PlayedMatch[]> {
  if (pairs.length === 0) return [];
  const { rows } = await pool.query<PlayedMatch>(
    `SELECT m.* FROM unnest($1::int[], $2::int[]) AS p(a, b)
       CROSS JOIN LATERAL (
         SELECT ${PLAYED_COLUMNS}
          WHERE ((f.home_team_id = p.a AND f.away_team_id = p.b) OR (f.home_team_id = p.b AND f.away_team_id = p.a))
            AND f.kickoff + interval '105 minutes' <= $3 AND f.ft_home IS NOT NULL
          ORDER BY f.kickoff DESC LIMIT $4) m`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), now, limit],
  );
  return rows;
}

export interface SavedSearchRow {
  id: number;
  name: string;
  query: Record<string, string>;
  createdAt: Date;
}

export async function savedSearches(pool: Pool, userId: number): Promise<SavedSearchRow[]> {
  const { rows } = await pool.query<SavedSearchRow>(
    `SELECT id, name, query, created_at AS "createdAt" FROM saved_searches WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows;
}

export async function countSavedSearches(pool: Pool, userId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1", [
    userId,
  ]);
  return rows[0]!.n;
}

export async function insertSavedSearch(
  pool: Pool,
  userId: number,
  name: string,
  query: Record<string, string>,
): Promise<SavedSearchRow> {
  const { rows } = await pool.query<SavedSearchRow>(
    `INSERT INTO saved_searches (user_id, name, query) VALUES ($1, $2, $3) RETURNING id, name, query, created_at AS "createdAt"`,
    [userId, name, JSON.stringify(query)],
  );
  return rows[0]!;
}

/** Deletes a search of this user; false when the user has no such search. */
export async function deleteSavedSearch(pool: Pool, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query("DELETE FROM saved_searches WHERE id = $1 AND user_id = $2", [id, userId]);
  return (rowCount ?? 0) > 0;
}

export interface LeagueGroupRow {
  id: number;
  name: string;
  leagueIds: number[];
  createdAt: Date;
}

const GROUP_COLUMNS = `id, name, league_ids AS "leagueIds", created_at AS "createdAt"`;

export async function leagueGroups(pool: Pool, userId: number): Promise<LeagueGroupRow[]> {
  const { rows } = await pool.query<LeagueGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM league_groups WHERE user_id = $1 ORDER BY lower(name), id`,
    [userId],
  );
  return rows;
}

export async function leagueGroup(pool: Pool, userId: number, id: number): Promise<LeagueGroupRow | null> {
  const { rows } = await pool.query<LeagueGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM league_groups WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

export async function countLeagueGroups(pool: Pool, userId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM league_groups WHERE user_id = $1", [
    userId,
  ]);
  return rows[0]!.n;
}

export async function insertLeagueGroup(
  pool: Pool,
  userId: number,
  name: string,
  leagueIds: number[],
): Promise<LeagueGroupRow> {
  const { rows } = await pool.query<LeagueGroupRow>(
    `INSERT INTO league_groups (user_id, name, league_ids) VALUES ($1, $2, $3::int[]) RETURNING ${GROUP_COLUMNS}`,
    [userId, name, leagueIds],
  );
  return rows[0]!;
}

/** Updates a group of this user; null when the user has no such group. */
export async function updateLeagueGroup(
  pool: Pool,
  userId: number,
  id: number,
  name: string,
  leagueIds: number[],
): Promise<LeagueGroupRow | null> {
  const { rows } = await pool.query<LeagueGroupRow>(
    `UPDATE league_groups SET name = $3, league_ids = $4::int[] WHERE id = $1 AND user_id = $2 RETURNING ${GROUP_COLUMNS}`,
    [id, userId, name, leagueIds],
  );
  return rows[0] ?? null;
}

export async function deleteLeagueGroup(pool: Pool, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query("DELETE FROM league_groups WHERE id = $1 AND user_id = $2", [id, userId]);
  return (rowCount ?? 0) > 0;
}

/** Which of these league ids exist. */
export async function existingLeagueIds(pool: Pool, ids: number[]): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>("SELECT id FROM leagues WHERE id = ANY($1::int[])", [ids]);
  return rows.map((r) => r.id);
}

export interface TopLeagueRow {
  id: number;
  name: string;
  tier: number;
  countryId: number;
  countryName: string;
  countryCode: string;
  matches: number;
}

/** Leagues with fixtures in the last year, with how many matches they had in it. */
export async function recentLeagues(pool: Pool, now: Date): Promise<TopLeagueRow[]> {
  const { rows } = await pool.query<TopLeagueRow>(
    `SELECT l.id, l.name, l.tier, c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode", count(f.id)::int AS matches
       FROM leagues l JOIN countries c ON c.id = l.country_id
       JOIN fixtures f ON f.league_id = l.id AND f.kickoff > $1::timestamptz - interval '365 days' AND f.kickoff <= $1::timestamptz + interval '30 days'
      GROUP BY l.id, c.id`,
    [now],
  );
  return rows;
}

/** The teams that play in a season, by name. */
export async function teamsOfSeason(pool: Pool, seasonId: number): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await pool.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM teams t
      WHERE t.id IN (SELECT home_team_id FROM fixtures WHERE season_id = $1 UNION SELECT away_team_id FROM fixtures WHERE season_id = $1)
      ORDER BY t.name`,
    [seasonId],
  );
  return rows;
}

export async function seasonExists(pool: Pool, seasonId: number): Promise<boolean> {
  const { rows } = await pool.query("SELECT 1 FROM seasons WHERE id = $1", [seasonId]);
  return rows.length > 0;
}

/** Kick-off of the newest match ended by `now`: the rates change only when this does. */
export async function lastEndedKickoff(pool: Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM max(kickoff)) * 1000)::float8 AS ms FROM fixtures WHERE kickoff <= $1::timestamptz - interval '105 minutes'`,
    [now],
  );
  return rows[0]?.ms ?? 0;
}
