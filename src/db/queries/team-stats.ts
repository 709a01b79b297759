import type { Pool } from "pg";
import type { TeamMatch } from "../../domain/stats/team-events.ts";

/**
 * Played matches of teams, from the team's side, for the team statistics, trends and best teams. A match
 * counts once it has ended on the site's clock (kick-off + 105 minutes <= now) and, walk-forward, only when
 * it kicked off before `before`.
 */

interface TeamMatchRow extends TeamMatch {
  teamId: number;
  kickoffAt: Date;
}

const TEAM_SIDE = (team: string) => `SELECT f.id AS "fixtureId", f.kickoff AS "kickoffAt",
         CASE WHEN f.home_team_id = ${team} THEN 'home' ELSE 'away' END AS venue,
         CASE WHEN f.home_team_id = ${team} THEN f.ft_home ELSE f.ft_away END AS "goalsFor",
         CASE WHEN f.home_team_id = ${team} THEN f.ft_away ELSE f.ft_home END AS "goalsAgainst",
         CASE WHEN f.home_team_id = ${team} THEN f.ht_home ELSE f.ht_away END AS "htFor",
         CASE WHEN f.home_team_id = ${team} THEN f.ht_away ELSE f.ht_home END AS "htAgainst",
         us.corners AS "cornersFor", them.corners AS "cornersAgainst",
         us.yellow_cards AS "yellowFor", them.yellow_cards AS "yellowAgainst",
         us.red_cards AS "redFor", them.red_cards AS "redAgainst",
         us.shots AS "shotsFor", them.shots AS "shotsAgainst",
         us.shots_on_target AS "shotsOnTargetFor", them.shots_on_target AS "shotsOnTargetAgainst"
    FROM fixtures f
    LEFT JOIN fixture_stats us ON us.fixture_id = f.id AND us.side = CASE WHEN f.home_team_id = ${team} THEN 'H' ELSE 'A' END
    LEFT JOIN fixture_stats them ON them.fixture_id = f.id AND them.side = CASE WHEN f.home_team_id = ${team} THEN 'A' ELSE 'H' END`;

const PLAYED = (before: string, now: string) =>
  `f.kickoff < ${before} AND f.kickoff + interval '105 minutes' <= ${now} AND f.ft_home IS NOT NULL AND f.ft_away IS NOT NULL`;

const toMatch = ({ kickoffAt, teamId: _teamId, ...row }: TeamMatchRow): TeamMatch => ({
  ...row,
  kickoff: kickoffAt.getTime(),
});

/** A team's played matches of a season, newest first. */
export async function teamSeasonMatches(
  pool: Pool,
  teamId: number,
  seasonId: number,
  before: Date,
  now: Date,
): Promise<TeamMatch[]> {
  const { rows } = await pool.query<TeamMatchRow>(
    `${TEAM_SIDE("$1")}
      WHERE (f.home_team_id = $1 OR f.away_team_id = $1) AND f.season_id = $2 AND ${PLAYED("$3", "$4")}
      ORDER BY f.kickoff DESC, f.id DESC`,
    [teamId, seasonId, before, now],
  );
  return rows.map(toMatch);
}

/** The last `perTeam` played matches of each team (any season), newest first. */
export async function recentTeamMatches(
  pool: Pool,
  teamIds: number[],
  before: Date,
  now: Date,
  perTeam: number,
): Promise<Map<number, TeamMatch[]>> {
  const out = new Map<number, TeamMatch[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return out;
  const { rows } = await pool.query<TeamMatchRow>(
    `SELECT t.id AS "teamId", m.*
       FROM unnest($1::int[]) AS t(id)
       CROSS JOIN LATERAL (
         ${TEAM_SIDE("t.id")}
          WHERE f.id IN (
            (SELECT f.id FROM fixtures f WHERE f.home_team_id = t.id AND ${PLAYED("$2", "$3")} ORDER BY f.kickoff DESC LIMIT $4)
            UNION ALL
            (SELECT f.id FROM fixtures f WHERE f.away_team_id = t.id AND ${PLAYED("$2", "$3")} ORDER BY f.kickoff DESC LIMIT $4))
          ORDER BY f.kickoff DESC, f.id DESC
          LIMIT $4) m`,
    [teamIds, before, now, perTeam],
  );
  for (const row of rows) out.get(row.teamId)?.push(toMatch(row));
  return out;
}

export interface TeamRow {
  id: number;
  name: string;
  countryId: number;
  countryName: string;
  countryCode: string;
}

export async function teamById(pool: Pool, id: number): Promise<TeamRow | null> {
  const { rows } = await pool.query<TeamRow>(
    `SELECT t.id, t.name, c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode"
       FROM teams t JOIN countries c ON c.id = t.country_id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface TeamSeasonRow {
  seasonId: number;
  seasonName: string;
  leagueId: number;
  leagueName: string;
  countryName: string;
}

/** Seasons in which the team has a match that kicked off by `now`, newest first. */
export async function teamSeasons(pool: Pool, teamId: number, now: Date): Promise<TeamSeasonRow[]> {
  const { rows } = await pool.query<TeamSeasonRow>(
    `SELECT s.id AS "seasonId", s.name AS "seasonName", l.id AS "leagueId", l.name AS "leagueName", c.name AS "countryName"
       FROM (SELECT f.season_id, max(f.kickoff) AS last
               FROM fixtures f WHERE (f.home_team_id = $1 OR f.away_team_id = $1) AND f.kickoff <= $2
              GROUP BY f.season_id) x
       JOIN seasons s ON s.id = x.season_id JOIN leagues l ON l.id = s.league_id JOIN countries c ON c.id = l.country_id
      ORDER BY x.last DESC`,
    [teamId, now],
  );
  return rows;
}

export interface UpcomingRow {
  id: number;
  kickoff: Date;
  homeTeamId: number;
  awayTeamId: number;
}

/** Fixtures that have not kicked off by `now`, kicking off in [from, to), optionally in some leagues. */
export async function upcomingFixtures(
  pool: Pool,
  range: { from: Date; to: Date; now: Date; leagueIds?: number[]; limit: number },
): Promise<UpcomingRow[]> {
  const { rows } = await pool.query<UpcomingRow>(
    `SELECT f.id, f.kickoff, f.home_team_id AS "homeTeamId", f.away_team_id AS "awayTeamId"
       FROM fixtures f
      WHERE f.kickoff >= greatest($1::timestamptz, $3::timestamptz) AND f.kickoff < $2
        AND ($4::int[] IS NULL OR f.league_id = ANY($4::int[]))
      ORDER BY f.kickoff, f.id LIMIT $5`,
    [range.from, range.to, range.now, range.leagueIds?.length ? range.leagueIds : null, range.limit],
  );
  return rows;
}

/** The team's next fixture after `now`. */
export async function nextFixtureId(pool: Pool, teamId: number, now: Date): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>(
    `(SELECT id, kickoff FROM fixtures WHERE home_team_id = $1 AND kickoff > $2 ORDER BY kickoff LIMIT 1)
     UNION ALL
     (SELECT id, kickoff FROM fixtures WHERE away_team_id = $1 AND kickoff > $2 ORDER BY kickoff LIMIT 1)
     ORDER BY kickoff LIMIT 1`,
    [teamId, now],
  );
  return rows[0]?.id ?? null;
}
