import type { Pool } from "pg";
import { inTransaction } from "../client.ts";

/** Lower case without accents, for search: "Málaga" and "malaga" match (no extension needed). */
const fold = (expr: string) =>
  `translate(lower(${expr}), 'áàâäãåéèêëíìîïóòôöõúùûüçñßøł', 'aaaaaaeeeeiiiiooooouuuucnsol')`;

/** A match counts as played once it has ended on the site's clock: kick-off + 105 minutes. */
const ENDED = (f: string, asOf: string) =>
  `${f}.kickoff + interval '105 minutes' <= ${asOf} AND ${f}.ft_home IS NOT NULL`;

export interface PreviewCandidateRow {
  id: number;
  kickoff: Date;
  leagueId: number;
  leagueName: string;
  leagueKey: string;
  countryName: string;
  countryCode: string;
  seasonId: number;
  seasonName: string;
  homeTeamId: number;
  homeTeamName: string;
  awayTeamId: number;
  awayTeamName: string;
  referee: string | null;
}

const CANDIDATE_SELECT = `SELECT f.id, f.kickoff, l.id AS "leagueId", l.name AS "leagueName", l.source_key AS "leagueKey",
            c.name AS "countryName", c.code AS "countryCode", s.id AS "seasonId", s.name AS "seasonName",
            h.id AS "homeTeamId", h.name AS "homeTeamName", a.id AS "awayTeamId", a.name AS "awayTeamName", f.referee
       FROM fixtures f
       JOIN leagues l ON l.id = f.league_id JOIN countries c ON c.id = l.country_id JOIN seasons s ON s.id = f.season_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id`;

/**
 * Fixtures due a preview: kicking off in (now, until], in one of the `leagueKeys` or followed by a user.
 * The referee column is raw here; the service decides when it counts as known.
 */
export async function previewCandidates(
  pool: Pool,
  now: Date,
  until: Date,
  leagueKeys: string[],
): Promise<PreviewCandidateRow[]> {
  const { rows } = await pool.query<PreviewCandidateRow>(
    `${CANDIDATE_SELECT}
      WHERE f.kickoff > $1 AND f.kickoff <= $2
        AND (l.source_key = ANY($3::text[]) OR EXISTS (SELECT 1 FROM favourite_matches m WHERE m.fixture_id = f.id))
      ORDER BY f.kickoff, f.id`,
    [now, until, leagueKeys],
  );
  return rows;
}

/** Fixtures of the `leagueKeys` that kicked off in [from, now] and have no preview (written late, as of kick-off). */
export async function recentWithoutPreview(
  pool: Pool,
  from: Date,
  now: Date,
  leagueKeys: string[],
): Promise<PreviewCandidateRow[]> {
  const { rows } = await pool.query<PreviewCandidateRow>(
    `${CANDIDATE_SELECT}
      WHERE f.kickoff >= $1 AND f.kickoff <= $2 AND l.source_key = ANY($3::text[])
        AND NOT EXISTS (SELECT 1 FROM match_previews p WHERE p.fixture_id = f.id)
      ORDER BY f.kickoff, f.id`,
    [from, now, leagueKeys],
  );
  return rows;
}

export async function previewCandidate(pool: Pool, fixtureId: number): Promise<PreviewCandidateRow | null> {
  const { rows } = await pool.query<PreviewCandidateRow>(`${CANDIDATE_SELECT} WHERE f.id = $1`, [fixtureId]);
  return rows[0] ?? null;
}

export interface PastResultRow {
  kickoff: Date;
  homeTeamId: number;
  homeName: string;
  awayName: string;
  ftHome: number;
  ftAway: number;
}

/**
 * A team's last results before `before` among matches that had ended by `asOf`, newest first;
 * `venue` keeps only its home or away matches.
 */
export async function lastResults(
  pool: Pool,
  teamId: number,
  before: Date,
  asOf: Date,
  venue: "any" | "home" | "away",
  limit: number,
): Promise<PastResultRow[]> {
  const side =
    venue === "home"
      ? "f.home_team_id = $1"
      : venue === "away"
        ? "f.away_team_id = $1"
        : "(f.home_team_id = $1 OR f.away_team_id = $1)";
  const { rows } = await pool.query<PastResultRow>(
    `SELECT f.kickoff, f.home_team_id AS "homeTeamId", h.name AS "homeName", a.name AS "awayName", f.ft_home AS "ftHome", f.ft_away AS "ftAway"
       FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE ${side} AND f.kickoff < $2 AND ${ENDED("f", "$3")}
      ORDER BY f.kickoff DESC LIMIT $4`,
    [teamId, before, asOf, limit],
  );
  return rows;
}

/** The last meetings of two teams (either venue) that had ended by `asOf`, newest first. */
export async function headToHead(
  pool: Pool,
  a: number,
  b: number,
  before: Date,
  asOf: Date,
  limit: number,
): Promise<PastResultRow[]> {
  const { rows } = await pool.query<PastResultRow>(
    `SELECT f.kickoff, f.home_team_id AS "homeTeamId", h.name AS "homeName", a.name AS "awayName", f.ft_home AS "ftHome", f.ft_away AS "ftAway"
       FROM fixtures f JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id
      WHERE ((f.home_team_id = $1 AND f.away_team_id = $2) OR (f.home_team_id = $2 AND f.away_team_id = $1))
        AND f.kickoff < $3 AND ${ENDED("f", "$4")}
      ORDER BY f.kickoff DESC LIMIT $5`,
    [a, b, before, asOf, limit],
  );
  return rows;
}

/** A referee's matches that had ended by `asOf`, with card averages over those that have card counts. */
export async function refereeRecord(
  pool: Pool,
  name: string,
  asOf: Date,
): Promise<{ matches: number; yellow: number | null; red: number | null }> {
  const { rows } = await pool.query<{ matches: number; yellow: number | null; red: number | null }>(
    `SELECT count(*)::int AS matches,
            avg(hs.yellow_cards + aws.yellow_cards)::real AS yellow, avg(hs.red_cards + aws.red_cards)::real AS red
       FROM fixtures f
       LEFT JOIN fixture_stats hs ON hs.fixture_id = f.id AND hs.side = 'H'
       LEFT JOIN fixture_stats aws ON aws.fixture_id = f.id AND aws.side = 'A'
      WHERE f.referee = $1 AND ${ENDED("f", "$2")}`,
    [name, asOf],
  );
  return rows[0]!;
}

export interface PreviewWrite {
  fixtureId: number;
  locale: string;
  slug: string;
  title: string;
  summary: string;
  sections: unknown;
  body: string;
  facts: unknown;
  factsHash: string;
  leagueId: number;
  kickoff: Date;
  writtenAt: Date;
}

/** Stored facts hashes of fixtures' previews, by fixture and locale. */
export async function previewHashes(pool: Pool, fixtureIds: number[]): Promise<Map<string, string>> {
  if (fixtureIds.length === 0) return new Map();
  const { rows } = await pool.query<{ fixtureId: number; locale: string; factsHash: string }>(
    `SELECT fixture_id AS "fixtureId", locale, facts_hash AS "factsHash" FROM match_previews WHERE fixture_id = ANY($1::int[])`,
    [fixtureIds],
  );
  return new Map(rows.map((r) => [`${r.fixtureId}:${r.locale}`, r.factsHash]));
}

/**
 * Writes the previews of one fixture (all its languages at once). A row whose kick-off has passed by
 * `now` is never touched again: the WHERE of the update freezes it.
 */
export async function writePreviews(pool: Pool, rows: PreviewWrite[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(pool, async (client) => {
    let changed = 0;
    for (const r of rows) {
      const result = await client.query(
        `INSERT INTO match_previews (fixture_id, locale, slug, title, summary, sections, body, facts, facts_hash, league_id, kickoff, written_at, first_written_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         ON CONFLICT (fixture_id, locale) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, summary = EXCLUDED.summary,
            sections = EXCLUDED.sections, body = EXCLUDED.body, facts = EXCLUDED.facts, facts_hash = EXCLUDED.facts_hash,
            league_id = EXCLUDED.league_id, kickoff = EXCLUDED.kickoff, written_at = EXCLUDED.written_at,
            revision = match_previews.revision + 1
         WHERE match_previews.kickoff > $13 AND match_previews.facts_hash <> EXCLUDED.facts_hash`,
        [
          r.fixtureId,
          r.locale,
          r.slug,
          r.title,
          r.summary,
          JSON.stringify(r.sections),
          r.body,
          JSON.stringify(r.facts),
          r.factsHash,
          r.leagueId,
          r.kickoff,
          r.writtenAt,
          now,
        ],
      );
      changed += result.rowCount ?? 0;
    }
    return changed;
  });
}

export interface PreviewRow {
  fixtureId: number;
  locale: string;
  slug: string;
  title: string;
  summary: string;
  sections: unknown;
  body: string;
  facts: unknown;
  leagueId: number;
  leagueName: string;
  countryName: string;
  homeTeamId: number;
  homeName: string;
  awayTeamId: number;
  awayName: string;
  kickoff: Date;
  writtenAt: Date;
  firstWrittenAt: Date;
  revision: number;
  /** the result, only once the match has ended by `now` */
  ftHome: number | null;
  ftAway: number | null;
  htHome: number | null;
  htAway: number | null;
}

const PREVIEW_SELECT = (
  now: string,
) => `SELECT p.fixture_id AS "fixtureId", p.locale, p.slug, p.title, p.summary, p.sections, p.body, p.facts,
            p.league_id AS "leagueId", l.name AS "leagueName", c.name AS "countryName",
            f.home_team_id AS "homeTeamId", h.name AS "homeName", f.away_team_id AS "awayTeamId", a.name AS "awayName",
            p.kickoff, p.written_at AS "writtenAt", p.first_written_at AS "firstWrittenAt", p.revision,
            CASE WHEN ${ENDED("f", now)} THEN f.ft_home END AS "ftHome", CASE WHEN ${ENDED("f", now)} THEN f.ft_away END AS "ftAway",
            CASE WHEN ${ENDED("f", now)} THEN f.ht_home END AS "htHome", CASE WHEN ${ENDED("f", now)} THEN f.ht_away END AS "htAway"
       FROM match_previews p
       JOIN fixtures f ON f.id = p.fixture_id JOIN leagues l ON l.id = p.league_id JOIN countries c ON c.id = l.country_id
       JOIN teams h ON h.id = f.home_team_id JOIN teams a ON a.id = f.away_team_id`;

export async function previewBySlug(pool: Pool, locale: string, slug: string, now: Date): Promise<PreviewRow | null> {
  const { rows } = await pool.query<PreviewRow>(`${PREVIEW_SELECT("$3")} WHERE p.locale = $1 AND p.slug = $2`, [
    locale,
    slug,
    now,
  ]);
  return rows[0] ?? null;
}

export async function previewOf(pool: Pool, fixtureId: number, locale: string, now: Date): Promise<PreviewRow | null> {
  const { rows } = await pool.query<PreviewRow>(`${PREVIEW_SELECT("$3")} WHERE p.fixture_id = $1 AND p.locale = $2`, [
    fixtureId,
    locale,
    now,
  ]);
  return rows[0] ?? null;
}

/** Slugs of a fixture's preview in every language it was written in. */
export async function previewSlugs(pool: Pool, fixtureId: number): Promise<Array<{ locale: string; slug: string }>> {
  const { rows } = await pool.query<{ locale: string; slug: string }>(
    "SELECT locale, slug FROM match_previews WHERE fixture_id = $1",
    [fixtureId],
  );
  return rows;
}

export interface PreviewListQuery {
  locale: string;
  now: Date;
  leagueId?: number;
  /** words that must all appear in the title, teams, league or text (case- and accent-insensitive) */
  search?: string;
  limit: number;
  offset: number;
}

/** Previews of a language: upcoming first (soonest first), then played ones (newest first). */
export async function listPreviews(pool: Pool, q: PreviewListQuery): Promise<{ total: number; rows: PreviewRow[] }> {
  const words = (q.search ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const params: unknown[] = [q.locale, q.now, q.leagueId ?? null, words, q.limit, q.offset];
  const where = `p.locale = $1 AND ($3::int IS NULL OR p.league_id = $3)
      AND (SELECT bool_and(${fold("p.title || ' ' || l.name || ' ' || c.name || ' ' || p.body")} LIKE '%' || ${fold("w")} || '%') FROM unnest($4::text[]) w) IS NOT FALSE`;
  const { rows } = await pool.query<PreviewRow & { total: number }>(
    `${PREVIEW_SELECT("$2").replace("SELECT ", "SELECT count(*) OVER ()::int AS total, ")}
      WHERE ${where}
      ORDER BY (p.kickoff < $2), CASE WHEN p.kickoff >= $2 THEN p.kickoff END ASC, p.kickoff DESC, p.fixture_id
      LIMIT $5 OFFSET $6`,
    params,
  );
  if (rows.length === 0 && q.offset > 0) {
    const count = await pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM match_previews p JOIN leagues l ON l.id = p.league_id JOIN countries c ON c.id = l.country_id WHERE ${where} AND $2::timestamptz IS NOT NULL`,
      params.slice(0, 4),
    );
    return { total: count.rows[0]!.total, rows: [] };
  }
  return { total: rows[0]?.total ?? 0, rows };
}

/** Leagues that have previews in a language, for the list's filter. */
export async function previewLeagues(
  pool: Pool,
  locale: string,
): Promise<Array<{ id: number; name: string; countryName: string; previews: number }>> {
  const { rows } = await pool.query(
    `SELECT l.id, l.name, c.name AS "countryName", count(*)::int AS previews
       FROM match_previews p JOIN leagues l ON l.id = p.league_id JOIN countries c ON c.id = l.country_id
      WHERE p.locale = $1 GROUP BY l.id, c.name ORDER BY c.name, l.tier, l.name`,
    [locale],
  );
  return rows;
}

/**
 * Previews like this one, in the same language: sharing a team first, then the same league, each
 * by nearness of kick-off.
 */
export async function similarPreviews(
  pool: Pool,
  fixtureId: number,
  locale: string,
  now: Date,
  limit: number,
): Promise<PreviewRow[]> {
  const { rows } = await pool.query<PreviewRow>(
    `WITH me AS (SELECT f.home_team_id AS h, f.away_team_id AS a, p.league_id, p.kickoff FROM match_previews p JOIN fixtures f ON f.id = p.fixture_id
                  WHERE p.fixture_id = $1 AND p.locale = $2)
     ${PREVIEW_SELECT("$3")}, me
      WHERE p.locale = $2 AND p.fixture_id <> $1
        AND (f.home_team_id IN (me.h, me.a) OR f.away_team_id IN (me.h, me.a) OR p.league_id = me.league_id)
      ORDER BY (f.home_team_id IN (me.h, me.a) OR f.away_team_id IN (me.h, me.a)) DESC, abs(extract(epoch FROM p.kickoff - me.kickoff)), p.fixture_id
      LIMIT $4`,
    [fixtureId, locale, now, limit],
  );
  return rows;
}

/** Every (locale, slug, kick-off) of one language, for the sitemap. */
export async function previewSitemap(
  pool: Pool,
  locale: string,
  limit: number,
): Promise<Array<{ slug: string; writtenAt: Date }>> {
  const { rows } = await pool.query<{ slug: string; writtenAt: Date }>(
    `SELECT slug, written_at AS "writtenAt" FROM match_previews WHERE locale = $1 ORDER BY kickoff DESC LIMIT $2`,
    [locale, limit],
  );
  return rows;
}
