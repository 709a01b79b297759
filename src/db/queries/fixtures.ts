import { oddsVisibleSql } from "./price-visibility.ts";
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
  seasonId: number;
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

/** The fixture columns with the result masked until kick-off; `now` names the parameter holding the time. */
const fixtureSelect = (
  now: string,
) => `SELECT f.id, f.kickoff, l.id AS "leagueId", l.name AS "leagueName", l.tier AS "leagueTier",
            c.id AS "countryId", c.name AS "countryName", c.code AS "countryCode", s.name AS "seasonName",
            h.id AS "homeTeamId", h.name AS "homeTeamName", a.id AS "awayTeamId", a.name AS "awayTeamName",
            CASE WHEN f.kickoff <= ${now} THEN f.ht_home END AS "htHome",
            CASE WHEN f.kickoff <= ${now} THEN f.ht_away END AS "htAway",
            CASE WHEN f.kickoff <= ${now} THEN f.ft_home END AS "ftHome",
            CASE WHEN f.kickoff <= ${now} THEN f.ft_away END AS "ftAway", f.season_id AS "seasonId"
       FROM fixtures f
       JOIN leagues l ON l.id = f.league_id
       JOIN countries c ON c.id = l.country_id
       JOIN seasons s ON s.id = f.season_id
       JOIN teams h ON h.id = f.home_team_id
       JOIN teams a ON a.id = f.away_team_id`;

export async function fixturesInRange(pool: Pool, range: FixtureRange): Promise<FixtureRow[]> {
  const result = await pool.query<FixtureRow>(
    `${fixtureSelect("$3")}
      WHERE f.kickoff >= $1 AND f.kickoff < $2
        AND ($4::int[] IS NULL OR f.league_id = ANY($4::int[]))
      ORDER BY f.kickoff, c.name, l.tier, l.name, f.id
      LIMIT $5`,
    [range.from, range.to, range.now, range.leagueIds?.length ? range.leagueIds : null, range.limit],
  );
  return result.rows;
}

/** Fixtures by id, in the order asked, each masked as of `now`. */
export async function fixturesByIds(pool: Pool, ids: number[], now: Date): Promise<FixtureRow[]> {
  if (ids.length === 0) return [];
  const result = await pool.query<FixtureRow>(`${fixtureSelect("$2")} WHERE f.id = ANY($1::int[])`, [ids, now]);
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export interface OddsRow {
  bookmaker: string;
  bookmakerName: string;
  market: string;
  closing: boolean;
  line: number | null;
  priceHome: number;
  priceDraw: number | null;
  priceAway: number;
}

/** Odds of a fixture: pre-match prices once they exist (`oddsVisibleSql`), closing prices once it has kicked off. */
export async function oddsOf(pool: Pool, fixtureId: number, now: Date): Promise<OddsRow[]> {
  const result = await pool.query<OddsRow>(
    `SELECT b.code AS bookmaker, b.name AS "bookmakerName", o.market, o.closing, o.line,
            o.price_home AS "priceHome", o.price_draw AS "priceDraw", o.price_away AS "priceAway"
       FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id JOIN fixtures f ON f.id = o.fixture_id
      WHERE o.fixture_id = $1 AND ${oddsVisibleSql("o", "f.kickoff", "$2")}
      ORDER BY o.market, o.closing, b.code`,
    [fixtureId, now],
  );
  return result.rows;
}

export interface TeamRecordRow {
  venue: "home" | "away";
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
}

/** A team's record in a season from the matches that had ended by `now`. */
/** A team's home and away record of a season, from matches that kicked off before `before` and had ended by `now`. */
export async function teamSeasonRecord(
  pool: Pool,
  teamId: number,
  seasonId: number,
  before: Date,
  now: Date,
): Promise<TeamRecordRow[]> {
  const result = await pool.query<TeamRecordRow>(
    `SELECT venue, count(*)::int AS played, count(*) FILTER (WHERE gf > ga)::int AS won,
            count(*) FILTER (WHERE gf = ga)::int AS drawn, count(*) FILTER (WHERE gf < ga)::int AS lost,
            coalesce(sum(gf), 0)::int AS "goalsFor", coalesce(sum(ga), 0)::int AS "goalsAgainst"
       FROM (SELECT CASE WHEN home_team_id = $1 THEN 'home' ELSE 'away' END AS venue,
                    CASE WHEN home_team_id = $1 THEN ft_home ELSE ft_away END AS gf,
                    CASE WHEN home_team_id = $1 THEN ft_away ELSE ft_home END AS ga
               FROM fixtures
              WHERE season_id = $2 AND (home_team_id = $1 OR away_team_id = $1)
                AND kickoff < $4 AND kickoff + interval '105 minutes' <= $3 AND ft_home IS NOT NULL) m
      GROUP BY venue`,
    [teamId, seasonId, now, before],
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

/** The cheapest round trip to the database (the health check). */
export async function ping(pool: Pool): Promise<void> {
  await pool.query("SELECT 1");
}

export async function datasetCounts(pool: Pool): Promise<DatasetCounts> {
  const result = await pool.query<DatasetCounts>(
    `SELECT (SELECT count(*) FROM fixtures)::int AS fixtures, (SELECT count(*) FROM leagues)::int AS leagues,
            (SELECT count(*) FROM teams)::int AS teams,
            (SELECT count(*) FROM odds)::int AS odds,
            (SELECT count(*) FROM imported_files)::int AS files`,
  );
  return result.rows[0]!;
}
