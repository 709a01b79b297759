import type { Pool } from "pg";

/** A match counts as played once it has ended on the site's clock: kick-off + 105 minutes. */
const PLAYED = "f.kickoff + interval '105 minutes' <= $NOW AND f.ft_home IS NOT NULL";
const played = (param: string) => PLAYED.replace("$NOW", param);

export interface LeagueInfoRow {
  id: number;
  name: string;
  tier: number;
  countryId: number;
  countryName: string;
  countryCode: string;
  seasonId: number | null;
  seasonName: string | null;
}

/** A league with its newest season that has started by `now`. */
export async function leagueById(pool: Pool, id: number, now: Date): Promise<LeagueInfoRow | null> {
  const { rows } = await pool.query<LeagueInfoRow>(
    `SELECT l.id, l.name, l.tier, c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode",
            s.id AS "seasonId", s.name AS "seasonName"
       FROM leagues l JOIN countries c ON c.id = l.country_id
       LEFT JOIN LATERAL (SELECT s.id, s.name FROM seasons s JOIN fixtures f ON f.season_id = s.id
                           WHERE s.league_id = l.id AND f.kickoff <= $2
                           GROUP BY s.id ORDER BY max(f.kickoff) DESC LIMIT 1) s ON true
      WHERE l.id = $1`,
    [id, now],
  );
  return rows[0] ?? null;
}

export async function countryById(pool: Pool, id: number) {
  const { rows } = await pool.query<{ id: number; name: string; code: string }>(
    "SELECT id, name, code FROM countries WHERE id = $1",
    [id],
  );
  return rows[0] ?? null;
}

export interface StandingRow {
  teamId: number;
  teamName: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/** The table of a season from the matches played by `now` (3 points a win). */
export async function standings(pool: Pool, seasonId: number, now: Date): Promise<StandingRow[]> {
  const { rows } = await pool.query<StandingRow>(
    `WITH m AS (
       SELECT f.home_team_id AS team, f.ft_home AS gf, f.ft_away AS ga FROM fixtures f WHERE f.season_id = $1 AND ${played("$2")}
       UNION ALL
       SELECT f.away_team_id, f.ft_away, f.ft_home FROM fixtures f WHERE f.season_id = $1 AND ${played("$2")})
     SELECT t.id AS "teamId", t.name AS "teamName", count(*)::int AS played,
            count(*) FILTER (WHERE gf > ga)::int AS won, count(*) FILTER (WHERE gf = ga)::int AS drawn,
            count(*) FILTER (WHERE gf < ga)::int AS lost, sum(gf)::int AS "goalsFor", sum(ga)::int AS "goalsAgainst",
            (3 * count(*) FILTER (WHERE gf > ga) + count(*) FILTER (WHERE gf = ga))::int AS points
       FROM m JOIN teams t ON t.id = m.team
      GROUP BY t.id
      ORDER BY points DESC, sum(gf) - sum(ga) DESC, sum(gf) DESC, t.name`,
    [seasonId, now],
  );
  return rows;
}

/** Ids of a team's last played matches before `before`, newest first. */
export async function lastMatchIds(
  pool: Pool,
  teamId: number,
  before: Date,
  now: Date,
  limit: number,
): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT f.id FROM fixtures f
      WHERE (f.home_team_id = $1 OR f.away_team_id = $1) AND f.kickoff < $2 AND ${played("$3")}
      ORDER BY f.kickoff DESC LIMIT $4`,
    [teamId, before, now, limit],
  );
  return rows.map((r) => r.id);
}

export interface SideStatsRow {
  side: "H" | "A";
  shots: number | null;
  shotsOnTarget: number | null;
  fouls: number | null;
  corners: number | null;
  yellowCards: number | null;
  redCards: number | null;
}

/** Match statistics, only once the match has been played. */
export async function fixtureStats(pool: Pool, fixtureId: number, now: Date): Promise<SideStatsRow[]> {
  const { rows } = await pool.query<SideStatsRow>(
    `SELECT s.side, s.shots, s.shots_on_target AS "shotsOnTarget", s.fouls, s.corners, s.yellow_cards AS "yellowCards",
            s.red_cards AS "redCards"
       FROM fixture_stats s JOIN fixtures f ON f.id = s.fixture_id
      WHERE s.fixture_id = $1 AND ${played("$2")} ORDER BY s.side DESC`,
    [fixtureId, now],
  );
  return rows;
}

export async function refereeOf(pool: Pool, fixtureId: number): Promise<string | null> {
  const { rows } = await pool.query<{ referee: string | null }>("SELECT referee FROM fixtures WHERE id = $1", [
    fixtureId,
  ]);
  return rows[0]?.referee ?? null;
}

export interface SeasonAveragesRow {
  matches: number;
  goals: number | null;
  homeGoals: number | null;
  awayGoals: number | null;
  over25: number | null;
  btts: number | null;
  homeWins: number | null;
  draws: number | null;
  awayWins: number | null;
  corners: number | null;
  yellowCards: number | null;
  redCards: number | null;
  firstHalfGoalShare: number | null;
}

/** Aggregates of played matches `f` with their side statistics `hs`/`aws` (see STATS_JOIN). */
const AVERAGES = `count(*)::int AS matches,
  avg(f.ft_home + f.ft_away)::real AS goals, avg(f.ft_home)::real AS "homeGoals", avg(f.ft_away)::real AS "awayGoals",
  avg((f.ft_home + f.ft_away > 2)::int)::real AS over25, avg((f.ft_home > 0 AND f.ft_away > 0)::int)::real AS btts,
  avg((f.ft_home > f.ft_away)::int)::real AS "homeWins", avg((f.ft_home = f.ft_away)::int)::real AS draws,
  avg((f.ft_home < f.ft_away)::int)::real AS "awayWins",
  avg(hs.corners + aws.corners)::real AS corners, avg(hs.yellow_cards + aws.yellow_cards)::real AS "yellowCards",
  avg(hs.red_cards + aws.red_cards)::real AS "redCards",
  (sum(f.ht_home + f.ht_away)::real / nullif(sum(f.ft_home + f.ft_away) FILTER (WHERE f.ht_home IS NOT NULL), 0))::real AS "firstHalfGoalShare"`;

const STATS_JOIN = `LEFT JOIN fixture_stats hs ON hs.fixture_id = f.id AND hs.side = 'H'
  LEFT JOIN fixture_stats aws ON aws.fixture_id = f.id AND aws.side = 'A'`;

/** League averages of a season from the matches played by `now`. */
export async function seasonAverages(pool: Pool, seasonId: number, now: Date): Promise<SeasonAveragesRow> {
  const { rows } = await pool.query<SeasonAveragesRow>(
    `SELECT ${AVERAGES}
       FROM fixtures f ${STATS_JOIN}
      WHERE f.season_id = $1 AND ${played("$2")}`,
    [seasonId, now],
  );
  return rows[0]!;
}

export interface LeagueAveragesRow extends SeasonAveragesRow {
  leagueId: number;
  leagueName: string;
  tier: number;
  countryName: string;
  season: string;
}

/** Averages of every league's newest season (started by `now`), from its played matches; leagues with fewer than `minMatches` are left out. */
export async function allLeagueAverages(pool: Pool, now: Date, minMatches: number): Promise<LeagueAveragesRow[]> {
  const { rows } = await pool.query<LeagueAveragesRow>(
    `WITH newest AS (
       SELECT DISTINCT ON (s.league_id) s.league_id, s.id, s.name FROM seasons s JOIN fixtures f ON f.season_id = s.id
        WHERE f.kickoff <= $1 GROUP BY s.id ORDER BY s.league_id, max(f.kickoff) DESC)
     SELECT l.id AS "leagueId", l.name AS "leagueName", l.tier, c.name AS "countryName", n.name AS season, ${AVERAGES}
       FROM newest n
       JOIN leagues l ON l.id = n.league_id JOIN countries c ON c.id = l.country_id
       JOIN fixtures f ON f.season_id = n.id AND ${played("$1")}
       ${STATS_JOIN}
      GROUP BY l.id, c.name, n.name
      HAVING count(*) >= $2
      ORDER BY avg(f.ft_home + f.ft_away) DESC`,
    [now, minMatches],
  );
  return rows;
}
