import type { Pool, PoolClient } from "pg";

type Q = Pool | PoolClient;

/**
 * Live scanner filters (`live_filters`): a member's filters, explore over every member's filters with their result
 * figures computed here in SQL from `alert_picks` (source 'live', cleared picks left out), and the fixtures a filter
 * watches. Every write bumps `updated_at`: the scanner reloads the filters changed since its last look.
 */

export interface LiveFilterRow {
  id: number;
  userId: number;
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  active: boolean;
  rules: unknown;
  importedFrom: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  ownerName: string;
}

const FILTER_COLUMNS = `f.id, f.user_id AS "userId", f.name, f.note, f.desired_outcome AS "desiredOutcome", f.league_ids AS "leagueIds",
  f.muted, f.active, f.rules, f.imported_from AS "importedFrom", f.created_at AS "createdAt", f.updated_at AS "updatedAt", f.deleted_at AS "deletedAt",
  coalesce(nullif(u.username, ''), nullif(u.first_name, ''), 'user ' || u.id) AS "ownerName"`;

export interface LiveFilterWrite {
  name: string;
  note: string;
  desiredOutcome: string;
  leagueIds: number[];
  muted: boolean;
  rules: unknown;
}

/** The SQL figures of a filter (the same arithmetic as filterFigures of src/domain/alerts/figures.ts). */
export interface SqlFigures {
  picks: number;
  won: number;
  lost: number;
  void: number;
  pending: number;
  successRate: number | null;
  meanOdd: number | null;
  meanWinningOdd: number | null;
  roi: number | null;
  score: number;
  subscribers: number;
}

export interface ScorePrior {
  picks: number;
  roi: number;
}

/**
 * Figures per filter: one pass over the filter's uncleared picks. Stakes are the settled picks with an odd;
 * score = (returns − stakes + prior.picks × prior.roi) ÷ (stakes + prior.picks). $1 = prior picks, $2 = prior ROI.
 */
const FIGURES = `
  SELECT p.filter_id,
         count(*)::int AS picks,
         count(*) FILTER (WHERE p.status = 'won')::int AS won,
         count(*) FILTER (WHERE p.status = 'lost')::int AS lost,
         count(*) FILTER (WHERE p.status = 'void')::int AS voided,
         count(*) FILTER (WHERE p.status = 'pending')::int AS pending,
         avg(p.odds) FILTER (WHERE p.odds > 1) AS mean_odd,
         avg(p.odds) FILTER (WHERE p.odds > 1 AND p.status = 'won') AS mean_winning_odd,
         count(*) FILTER (WHERE p.odds > 1 AND p.status IN ('won', 'lost'))::float8 AS stakes,
         coalesce(sum(p.odds) FILTER (WHERE p.odds > 1 AND p.status = 'won'), 0)::float8 AS returns
    FROM alert_picks p
   WHERE p.source = 'live' AND p.cleared_at IS NULL`;

const FIGURE_COLUMNS = `
  coalesce(g.picks, 0) AS "picks", coalesce(g.won, 0) AS "won", coalesce(g.lost, 0) AS "lost", coalesce(g.voided, 0) AS "void",
  coalesce(g.pending, 0) AS "pending",
  CASE WHEN coalesce(g.won, 0) + coalesce(g.lost, 0) > 0 THEN g.won::float8 / (g.won + g.lost) END AS "successRate",
  g.mean_odd::float8 AS "meanOdd", g.mean_winning_odd::float8 AS "meanWinningOdd",
  CASE WHEN coalesce(g.stakes, 0) > 0 THEN (g.returns - g.stakes) / g.stakes END AS "roi",
  (coalesce(g.returns, 0) - coalesce(g.stakes, 0) + $1::float8 * $2::float8) / (coalesce(g.stakes, 0) + $1::float8) AS "score",
  (SELECT count(*)::int FROM live_filters s WHERE s.imported_from = f.id AND s.deleted_at IS NULL) AS "subscribers"`;

export type LiveFilterWithFigures = LiveFilterRow & SqlFigures;

export async function countFilters(q: Q, userId: number): Promise<number> {
  const { rows } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM live_filters WHERE user_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  return Number(rows[0]!.n);
}

/** Creates a filter unless the user already has `limit` (under a lock of the user's row: two requests cannot both pass). */
export async function insertFilter(
  pool: Pool,
  userId: number,
  w: LiveFilterWrite,
  limit: number,
  importedFrom: number | null = null,
  active = true,
): Promise<number | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    if ((await countFilters(client, userId)) >= limit) {
      await client.query("ROLLBACK");
      return null;
    }
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO live_filters (user_id, name, note, desired_outcome, league_ids, muted, rules, imported_from, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [userId, w.name, w.note, w.desiredOutcome, w.leagueIds, w.muted, JSON.stringify(w.rules), importedFrom, active],
    );
    await client.query("COMMIT");
    return rows[0]!.id;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export async function updateFilter(pool: Pool, userId: number, id: number, w: LiveFilterWrite): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE live_filters SET name = $3, note = $4, desired_outcome = $5, league_ids = $6, muted = $7, rules = $8, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId, w.name, w.note, w.desiredOutcome, w.leagueIds, w.muted, JSON.stringify(w.rules)],
  );
  return (rowCount ?? 0) > 0;
}

export async function setFlags(
  pool: Pool,
  userId: number,
  id: number,
  flags: { muted?: boolean; active?: boolean },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE live_filters SET muted = coalesce($3, muted), active = coalesce($4, active), updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId, flags.muted ?? null, flags.active ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Soft delete: the row stays for the imports and picks that name it; `updated_at` tells the scanner to drop it. */
export async function deleteFilter(pool: Pool, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE live_filters SET deleted_at = now(), updated_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return (rowCount ?? 0) > 0;
}

/** A filter by id with its figures, deleted ones too (imports say so). */
export async function filterById(pool: Pool, id: number, prior: ScorePrior): Promise<LiveFilterWithFigures | null> {
  const { rows } = await pool.query<LiveFilterWithFigures>(
    `SELECT ${FILTER_COLUMNS}, ${FIGURE_COLUMNS}
       FROM live_filters f JOIN users u ON u.id = f.user_id
       LEFT JOIN (${FIGURES} AND p.filter_id = $3 GROUP BY p.filter_id) g ON g.filter_id = f.id
      WHERE f.id = $3`,
    [prior.picks, prior.roi, id],
  );
  return rows[0] ?? null;
}

export async function filtersOf(pool: Pool, userId: number, prior: ScorePrior): Promise<LiveFilterWithFigures[]> {
  const { rows } = await pool.query<LiveFilterWithFigures>(
    `SELECT ${FILTER_COLUMNS}, ${FIGURE_COLUMNS}
       FROM live_filters f JOIN users u ON u.id = f.user_id
       LEFT JOIN (${FIGURES} AND p.user_id = $3 GROUP BY p.filter_id) g ON g.filter_id = f.id
      WHERE f.user_id = $3 AND f.deleted_at IS NULL
      ORDER BY f.created_at DESC, f.id DESC`,
    [prior.picks, prior.roi, userId],
  );
  return rows;
}

export const EXPLORE_SORTS = ["score", "picks", "successRate", "roi", "meanOdd", "createdAt"] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];

export interface ExploreQuery {
  search: string | null;
  desiredOutcome: string | null;
  sortBy: ExploreSort;
  sortOrder: "asc" | "desc";
  minPicks: number | null;
  /** 0–1 */
  minSuccessRate: number | null;
  maxSuccessRate: number | null;
  /** a fraction: 0.05 is +5% */
  minRoi: number | null;
  minMeanOdd: number | null;
  minMeanWinningOdd: number | null;
  /** suggestions: only gradable outcomes, and not this user's own filters */
  gradableOnly?: boolean;
  notUserId?: number | null;
  limit: number;
  offset: number;
}

const SORT_SQL: Record<ExploreSort, string> = {
  score: `"score"`,
  picks: `"picks"`,
  successRate: `"successRate"`,
  roi: `"roi"`,
  meanOdd: `"meanOdd"`,
  createdAt: `"createdAt"`,
};

/** Every member's filters (not deleted) with figures, filtered, sorted and paged in SQL; `total` counts all matches. */
export async function exploreFilters(
  pool: Pool,
  prior: ScorePrior,
  query: ExploreQuery,
): Promise<{ total: number; items: LiveFilterWithFigures[] }> {
  const order = query.sortOrder === "asc" ? "ASC" : "DESC";
  const { rows } = await pool.query<LiveFilterWithFigures & { total: number }>(
    `WITH g AS (${FIGURES} GROUP BY p.filter_id),
     listed AS (
       SELECT ${FILTER_COLUMNS}, ${FIGURE_COLUMNS}
         FROM live_filters f JOIN users u ON u.id = f.user_id
         LEFT JOIN g ON g.filter_id = f.id
        WHERE f.deleted_at IS NULL
          AND ($3::text IS NULL OR f.name ILIKE '%' || replace(replace(replace($3, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
          AND ($4::text IS NULL OR f.desired_outcome = $4)
          AND (NOT $11::bool OR f.desired_outcome NOT IN ('none', 'all'))
          AND ($12::int IS NULL OR f.user_id <> $12)
     )
     SELECT *, count(*) OVER ()::int AS total FROM listed
      WHERE ($5::int IS NULL OR "picks" >= $5)
        AND ($6::float8 IS NULL OR "successRate" >= $6)
        AND ($7::float8 IS NULL OR "successRate" <= $7)
        AND ($8::float8 IS NULL OR "roi" >= $8)
        AND ($9::float8 IS NULL OR "meanOdd" >= $9)
        AND ($10::float8 IS NULL OR "meanWinningOdd" >= $10)
      ORDER BY ${SORT_SQL[query.sortBy]} ${order} NULLS LAST, "createdAt" DESC, id DESC
      LIMIT $13 OFFSET $14`,
    [
      prior.picks,
      prior.roi,
      query.search,
      query.desiredOutcome,
      query.minPicks,
      query.minSuccessRate,
      query.maxSuccessRate,
      query.minRoi,
      query.minMeanOdd,
      query.minMeanWinningOdd,
      query.gradableOnly ?? false,
      query.notUserId ?? null,
      query.limit,
      query.offset,
    ],
  );
  const total = rows[0]?.total ?? (query.offset > 0 ? await countExplore(pool, prior, query) : 0);
  return { total, items: rows.map(({ total: _t, ...r }) => r) };
}

async function countExplore(pool: Pool, prior: ScorePrior, query: ExploreQuery): Promise<number> {
  const all = await exploreFilters(pool, prior, { ...query, offset: 0, limit: 1 });
  return all.total;
}

export interface WatchedFixture {
  id: number;
  kickoff: Date;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
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
