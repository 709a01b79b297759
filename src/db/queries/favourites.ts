import type { Pool, PoolClient } from "pg";

type Q = Pool | PoolClient;

/** Every statement names the owner: a user only ever reads or changes their own rows. */

export interface TeamRow {
  id: number;
  name: string;
  country: string;
}

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  generic: boolean;
  teams: TeamRow[];
}

export interface LeagueRefRow {
  id: number;
  name: string;
  country: { id: number; name: string; code: string };
}

export interface MatchRow {
  fixtureId: number;
  timestamp: Date;
}

/** Serialises changes of one user's groups (the group limit is counted, then written). */
export async function lockUser(q: PoolClient, userId: number): Promise<void> {
  await q.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
}

/** The generic group first, then named groups in creation order, each with its teams in the order added. */
export async function groupsOf(q: Q, userId: number): Promise<GroupRow[]> {
  const { rows } = await q.query<GroupRow>(
    `SELECT g.id, g.name, g.description, g.generic,
            COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'country', c.name) ORDER BY gt.added_at, t.id)
                        FROM favourite_group_teams gt JOIN teams t ON t.id = gt.team_id JOIN countries c ON c.id = t.country_id
                       WHERE gt.group_id = g.id), '[]'::json) AS teams
       FROM favourite_team_groups g
      WHERE g.user_id = $1
      ORDER BY g.generic DESC, g.created_at, g.id`,
    [userId],
  );
  return rows;
}

export async function groupOf(q: Q, userId: number, groupId: number): Promise<{ id: number; generic: boolean } | null> {
  const { rows } = await q.query<{ id: number; generic: boolean }>(
    "SELECT id, generic FROM favourite_team_groups WHERE id = $1 AND user_id = $2",
    [groupId, userId],
  );
  return rows[0] ?? null;
}

/** The id of the user's generic group; created on first use when `create`. */
export async function genericGroupId(q: Q, userId: number, create: boolean): Promise<number | null> {
  if (create) {
    await q.query(
      `INSERT INTO favourite_team_groups (user_id, name, description, generic) VALUES ($1, 'generic', '', true)
       ON CONFLICT (user_id) WHERE generic DO NOTHING`,
      [userId],
    );
  }
  const { rows } = await q.query<{ id: number }>(
    "SELECT id FROM favourite_team_groups WHERE user_id = $1 AND generic",
    [userId],
  );
  return rows[0]?.id ?? null;
}

export async function countNamedGroups(q: Q, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM favourite_team_groups WHERE user_id = $1 AND NOT generic",
    [userId],
  );
  return rows[0]!.n;
}

export async function insertGroup(q: Q, userId: number, name: string, description: string, at: Date): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    "INSERT INTO favourite_team_groups (user_id, name, description, generic, created_at) VALUES ($1, $2, $3, false, $4) RETURNING id",
    [userId, name, description, at],
  );
  return rows[0]!.id;
}

/** Named groups only; false when the user has no such group. */
export async function updateGroup(
  q: Q,
  userId: number,
  groupId: number,
  name: string,
  description: string,
): Promise<boolean> {
  const { rowCount } = await q.query(
    "UPDATE favourite_team_groups SET name = $3, description = $4 WHERE id = $1 AND user_id = $2 AND NOT generic",
    [groupId, userId, name, description],
  );
  return rowCount === 1;
}

export async function deleteGroup(q: Q, userId: number, groupId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    "DELETE FROM favourite_team_groups WHERE id = $1 AND user_id = $2 AND NOT generic",
    [groupId, userId],
  );
  return rowCount === 1;
}

/** Drops every named group of the user; the generic group (the flat list) stays. */
export async function deleteNamedGroups(q: Q, userId: number): Promise<void> {
  await q.query("DELETE FROM favourite_team_groups WHERE user_id = $1 AND NOT generic", [userId]);
}

/** Adds teams to a group of the user; returns the ids actually added (not already there, existing teams). */
export async function addTeamsToGroup(
  q: Q,
  userId: number,
  groupId: number,
  teamIds: number[],
  at: Date,
): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const { rows } = await q.query<{ teamId: number }>(
    `INSERT INTO favourite_group_teams (group_id, team_id, added_at)
     SELECT g.id, t.id, $4 FROM favourite_team_groups g JOIN teams t ON t.id = ANY($3::int[])
      WHERE g.id = $1 AND g.user_id = $2
     ON CONFLICT DO NOTHING RETURNING team_id AS "teamId"`,
    [groupId, userId, teamIds, at],
  );
  return rows.map((r) => r.teamId);
}

export async function removeTeamFromGroup(q: Q, userId: number, groupId: number, teamId: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `DELETE FROM favourite_group_teams gt USING favourite_team_groups g
      WHERE gt.group_id = g.id AND g.id = $1 AND g.user_id = $2 AND gt.team_id = $3`,
    [groupId, userId, teamId],
  );
  return rowCount === 1;
}

export async function teamById(q: Q, teamId: number): Promise<TeamRow | null> {
  const { rows } = await q.query<TeamRow>(
    "SELECT t.id, t.name, c.name AS country FROM teams t JOIN countries c ON c.id = t.country_id WHERE t.id = $1",
    [teamId],
  );
  return rows[0] ?? null;
}

/** Teams whose name contains the text, best matches (name starts with it) first. */
export async function searchTeams(q: Q, text: string, limit: number): Promise<TeamRow[]> {
  const pattern = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const { rows } = await q.query<TeamRow>(
    `SELECT t.id, t.name, c.name AS country FROM teams t JOIN countries c ON c.id = t.country_id
      WHERE t.name ILIKE '%' || $1::text || '%'
      ORDER BY (t.name ILIKE $1::text || '%') DESC, t.name, c.name LIMIT $2`,
    [pattern, limit],
  );
  return rows;
}

const LEAGUE_COLUMNS = `l.id, l.name, json_build_object('id', c.id, 'name', c.name, 'code', c.code) AS country`;

export async function leagueById(q: Q, leagueId: number): Promise<LeagueRefRow | null> {
  const { rows } = await q.query<LeagueRefRow>(
    `SELECT ${LEAGUE_COLUMNS} FROM leagues l JOIN countries c ON c.id = l.country_id WHERE l.id = $1`,
    [leagueId],
  );
  return rows[0] ?? null;
}

export async function leaguesOf(q: Q, userId: number): Promise<LeagueRefRow[]> {
  const { rows } = await q.query<LeagueRefRow>(
    `SELECT ${LEAGUE_COLUMNS} FROM favourite_leagues fl JOIN leagues l ON l.id = fl.league_id JOIN countries c ON c.id = l.country_id
      WHERE fl.user_id = $1 ORDER BY fl.added_at, l.id`,
    [userId],
  );
  return rows;
}

/** Existing leagues only, each once: a league already there is left as it is. */
export async function addLeagues(q: Q, userId: number, leagueIds: number[], at: Date): Promise<void> {
  if (leagueIds.length === 0) return;
  await q.query(
    `INSERT INTO favourite_leagues (user_id, league_id, added_at)
     SELECT $1, l.id, $3 FROM leagues l WHERE l.id = ANY($2::int[]) ON CONFLICT DO NOTHING`,
    [userId, leagueIds, at],
  );
}

export async function removeLeague(q: Q, userId: number, leagueId: number): Promise<boolean> {
  const { rowCount } = await q.query("DELETE FROM favourite_leagues WHERE user_id = $1 AND league_id = $2", [
    userId,
    leagueId,
  ]);
  return rowCount === 1;
}

/** Forgets the user's matches whose timestamp is at or before `cutoff`. */
export async function deleteMatchesUpTo(q: Q, userId: number, cutoff: Date): Promise<void> {
  await q.query("DELETE FROM favourite_matches WHERE user_id = $1 AND timestamp <= $2", [userId, cutoff]);
}

export async function matchesOf(q: Q, userId: number, after: Date): Promise<MatchRow[]> {
  const { rows } = await q.query<MatchRow>(
    `SELECT fixture_id AS "fixtureId", timestamp FROM favourite_matches WHERE user_id = $1 AND timestamp > $2 ORDER BY timestamp, fixture_id`,
    [userId, after],
  );
  return rows;
}

export async function fixtureKickoff(q: Q, fixtureId: number): Promise<Date | null> {
  const { rows } = await q.query<{ kickoff: Date }>("SELECT kickoff FROM fixtures WHERE id = $1", [fixtureId]);
  return rows[0]?.kickoff ?? null;
}

/** Existing fixtures kicking off after `after`, with their kick-off as timestamp; present ones stay. */
export async function addMatches(q: Q, userId: number, fixtureIds: number[], after: Date): Promise<void> {
  if (fixtureIds.length === 0) return;
  await q.query(
    `INSERT INTO favourite_matches (user_id, fixture_id, timestamp)
     SELECT $1, f.id, f.kickoff FROM fixtures f WHERE f.id = ANY($2::int[]) AND f.kickoff > $3 ON CONFLICT DO NOTHING`,
    [userId, fixtureIds, after],
  );
}

export async function removeMatch(q: Q, userId: number, fixtureId: number): Promise<boolean> {
  const { rowCount } = await q.query("DELETE FROM favourite_matches WHERE user_id = $1 AND fixture_id = $2", [
    userId,
    fixtureId,
  ]);
  return rowCount === 1;
}

/** Leagues of the fixtures in [from, to) that involve one of the teams or leagues. */
export async function leaguesWithFixtures(
  q: Q,
  teamIds: number[],
  leagueIds: number[],
  from: Date,
  to: Date,
): Promise<number[]> {
  if (teamIds.length === 0 && leagueIds.length === 0) return [];
  const { rows } = await q.query<{ id: number }>(
    `SELECT DISTINCT f.league_id AS id FROM fixtures f
      WHERE f.kickoff >= $3 AND f.kickoff < $4
        AND (f.home_team_id = ANY($1::int[]) OR f.away_team_id = ANY($1::int[]) OR f.league_id = ANY($2::int[]))`,
    [teamIds, leagueIds, from, to],
  );
  return rows.map((r) => r.id);
}
