import type { Pool } from "pg";
import { EDGE_PRIOR_PICKS } from "../../domain/alerts/figures.ts";
import { outcomePriced } from "../../domain/scanner/goal-outcomes.ts";
import { DESIRED_OUTCOMES } from "../../domain/scanner/rules.ts";
import { type LiveFilterRow, filterColumns } from "./scanner-filters.ts";

/**
 * Live scanner filters with their result figures, computed here in SQL from `alert_picks` (source 'live', cleared
 * picks left out): a filter, a member's filters, and explore over every member's filters.
 */

const FILTER_COLUMNS = filterColumns("live");

/**
 * A live filter's figures, computed in SQL with the same arithmetic as filterFigures of
 * src/domain/alerts/figures.ts.
 */
export interface LiveFilterFigures {
  picks: number;
  won: number;
  lost: number;
  void: number;
  pending: number;
  /** 0–1, null before a settled pick */
  successRate: number | null;
  meanOdd: number | null;
  meanWinningOdd: number | null;
  /** a fraction (0.05 = +5%), null without a settled pick with an odd */
  roi: number | null;
  /** settled picks with a model probability, their mean probability and the edge (hit rate − it) with its 95% interval */
  modelPicks: number;
  meanProbability: number | null;
  edge: number | null;
  edgeLow: number | null;
  edgeHigh: number | null;
  /** "roi" where the outcome has a price, "edge" where it has none (corners, half-time results) */
  basis: "roi" | "edge";
  /** the ranking score (shrunk ROI, or shrunk edge on the ROI prior) */
  score: number;
  /** filters imported from this one */
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
const MODELLED = `p.status IN ('won', 'lost') AND jsonb_typeof(p.content->'probability') = 'number'`;
/** Outcomes without a price (constants of the domain, not input): their filters rank by the edge. */
const EDGE_OUTCOMES = DESIRED_OUTCOMES.filter((o) => !outcomePriced("live", o))
  .map((o) => `'${o}'`)
  .join(", ");
const BASIS = `CASE WHEN f.desired_outcome IN (${EDGE_OUTCOMES}) THEN 'edge' ELSE 'roi' END`;
const EDGE = `g.edge_sum / g.model_picks`;
/** 95% interval of the edge, as edgeFigures of src/domain/alerts/figures.ts computes it. */
const EDGE_HALF = `1.96 * sqrt(CASE WHEN g.model_picks > 1
    THEN greatest(0, (g.edge_sq - g.model_picks * (${EDGE}) ^ 2) / (g.model_picks - 1)) ELSE 0.25 END / g.model_picks)`;

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
         coalesce(sum(p.odds) FILTER (WHERE p.odds > 1 AND p.status = 'won'), 0)::float8 AS returns,
         count(*) FILTER (WHERE ${MODELLED})::int AS model_picks,
         sum((p.status = 'won')::int - (p.content->>'probability')::float8) FILTER (WHERE ${MODELLED}) AS edge_sum,
         sum(((p.status = 'won')::int - (p.content->>'probability')::float8) ^ 2) FILTER (WHERE ${MODELLED}) AS edge_sq,
         sum((p.content->>'probability')::float8) FILTER (WHERE ${MODELLED}) AS prob_sum
    FROM alert_picks p
   WHERE p.source = 'live' AND p.cleared_at IS NULL`;

const FIGURE_COLUMNS = `
  coalesce(g.picks, 0) AS "picks", coalesce(g.won, 0) AS "won", coalesce(g.lost, 0) AS "lost", coalesce(g.voided, 0) AS "void",
  coalesce(g.pending, 0) AS "pending",
  CASE WHEN coalesce(g.won, 0) + coalesce(g.lost, 0) > 0 THEN g.won::float8 / (g.won + g.lost) END AS "successRate",
  g.mean_odd::float8 AS "meanOdd", g.mean_winning_odd::float8 AS "meanWinningOdd",
  CASE WHEN coalesce(g.stakes, 0) > 0 THEN (g.returns - g.stakes) / g.stakes END AS "roi",
  coalesce(g.model_picks, 0) AS "modelPicks",
  CASE WHEN g.model_picks > 0 THEN g.prob_sum / g.model_picks END AS "meanProbability",
  CASE WHEN g.model_picks > 0 THEN ${EDGE} END AS "edge",
  CASE WHEN g.model_picks > 0 THEN ${EDGE} - ${EDGE_HALF} END AS "edgeLow",
  CASE WHEN g.model_picks > 0 THEN ${EDGE} + ${EDGE_HALF} END AS "edgeHigh",
  ${BASIS} AS "basis",
  CASE WHEN ${BASIS} = 'edge'
    THEN coalesce(g.edge_sum, 0) / (coalesce(g.model_picks, 0) + ${EDGE_PRIOR_PICKS}) + $2::float8
    ELSE (coalesce(g.returns, 0) - coalesce(g.stakes, 0) + $1::float8 * $2::float8) / (coalesce(g.stakes, 0) + $1::float8)
  END AS "score",
  (SELECT count(*)::int FROM live_filters s WHERE s.imported_from = f.id AND s.deleted_at IS NULL) AS "subscribers"`;

export type LiveFilterWithFigures = LiveFilterRow & LiveFilterFigures;

/** A filter by id with its figures, deleted ones too (imports say so). */
export async function filterWithFigures(
  pool: Pool,
  id: number,
  prior: ScorePrior,
): Promise<LiveFilterWithFigures | null> {
  const { rows } = await pool.query<LiveFilterWithFigures>(
    `SELECT ${FILTER_COLUMNS}, ${FIGURE_COLUMNS}
       FROM live_filters f JOIN users u ON u.id = f.user_id
       LEFT JOIN (${FIGURES} AND p.filter_id = $3 GROUP BY p.filter_id) g ON g.filter_id = f.id
      WHERE f.id = $3`,
    [prior.picks, prior.roi, id],
  );
  return rows[0] ?? null;
}

export async function filtersWithFigures(
  pool: Pool,
  userId: number,
  prior: ScorePrior,
): Promise<LiveFilterWithFigures[]> {
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

/**
 * Every member's filters (not deleted) with figures, filtered, sorted and paged in SQL; `total` counts all matches.
 * A filter without rules (saved half-made) can never pick: whatever the sort, it comes after the ones with rules.
 */
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
      ORDER BY (rules = '[]'::jsonb), ${SORT_SQL[query.sortBy]} ${order} NULLS LAST, "createdAt" DESC, id DESC
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
