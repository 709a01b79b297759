/**
 * Explore and suggestions over every member's live filters (all are public). Ranking: `score` is the Bayesian
 * (shrunk) ROI of src/domain/alerts/figures.ts (SCORE_PRIOR): profit pooled with 50 prior picks at −5%, computed in
 * SQL for every filter at once, so 2 lucky picks never top the list. Suggestions: the best scores among filters with
 * a gradable outcome and at least SUGGESTED_MIN_PICKS settled picks, other members' only.
 */
import {
  EXPLORE_SORTS,
  type ExploreQuery,
  type ExploreSort,
  exploreFilters,
} from "../../db/queries/scanner-figures.ts";
import { SCORE_PRIOR } from "../../domain/alerts/figures.ts";
import type { Access } from "../../domain/premium/access.ts";
import { DESIRED_OUTCOMES } from "../../domain/scanner/rules.ts";
import { MAX_NAME } from "../../domain/scanner/schema.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { User } from "./filter-access.ts";
import { type LiveFilterView, liveView } from "./filter-views.ts";

export { EXPLORE_SORTS };

/** Explore: the first page holds 40 filters, every "load more" 10 (SPEC §3 scanner list state). */
export const EXPLORE_FIRST_PAGE = 40;
export const EXPLORE_MORE = 10;
export const SUGGESTED_MIN_PICKS = 10;
export const SUGGESTED_COUNT = 6;
export const SCORE = { picks: SCORE_PRIOR.PICKS, roi: SCORE_PRIOR.ROI };
const BAD_QUERY = "liveScanner.errors.badQuery";

export interface ExploreInput {
  search?: string | undefined;
  desiredOutcome?: string | undefined;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
  minPicks?: number | undefined;
  /** percent, 0–100 */
  minSuccess?: number | undefined;
  maxSuccess?: number | undefined;
  /** percent */
  minRoi?: number | undefined;
  minMeanOdd?: number | undefined;
  minMeanWinningOdd?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

function finiteOr(value: number | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  if (!Number.isFinite(value) || value < min || value > max) throw new ServiceError(400, BAD_QUERY);
  return value;
}

const percent = (value: number | null) => (value === null ? null : value / 100);

/** The query of an explore input, every bound checked (400 `badQuery`). */
function exploreQuery(input: ExploreInput): Omit<ExploreQuery, "gradableOnly" | "notUserId"> {
  const sortBy = (input.sortBy ?? "score") as ExploreSort;
  if (!EXPLORE_SORTS.includes(sortBy)) throw new ServiceError(400, BAD_QUERY);
  const sortOrder = input.sortOrder ?? "desc";
  if (sortOrder !== "asc" && sortOrder !== "desc") throw new ServiceError(400, BAD_QUERY);
  const desiredOutcome = input.desiredOutcome || null;
  if (desiredOutcome !== null && !(DESIRED_OUTCOMES as readonly string[]).includes(desiredOutcome))
    throw new ServiceError(400, BAD_QUERY);
  const offset = finiteOr(input.offset, 0, 1_000_000) ?? 0;
  const limit = finiteOr(input.limit, 1, EXPLORE_FIRST_PAGE) ?? (offset === 0 ? EXPLORE_FIRST_PAGE : EXPLORE_MORE);
  return {
    search: input.search?.trim().slice(0, MAX_NAME) || null,
    desiredOutcome,
    sortBy,
    sortOrder,
    minPicks: finiteOr(input.minPicks, 0, 1_000_000),
    minSuccessRate: percent(finiteOr(input.minSuccess, 0, 100)),
    maxSuccessRate: percent(finiteOr(input.maxSuccess, 0, 100)),
    minRoi: percent(finiteOr(input.minRoi, -100, 100_000)),
    minMeanOdd: finiteOr(input.minMeanOdd, 0, 10_000),
    minMeanWinningOdd: finiteOr(input.minMeanWinningOdd, 0, 10_000),
    limit: Math.floor(limit),
    offset: Math.floor(offset),
  };
}

/** Every member's filters: searchable by name, filtered, sorted and paged (SPEC §3 scanner list state). */
export async function exploreLiveFilters(
  ctx: ServiceContext,
  user: User | null,
  access: Access,
  input: ExploreInput,
  extra: Pick<ExploreQuery, "gradableOnly" | "notUserId"> = {},
): Promise<{ total: number; offset: number; items: LiveFilterView[] }> {
  const query = exploreQuery(input);
  const { total, items } = await exploreFilters(ctx.pool, SCORE, { ...query, ...extra });
  const userId = user?.id ?? null;
  return { total, offset: query.offset, items: items.map((r) => liveView(r, userId, access)) };
}

/** The best other members' filters by score, with a gradable outcome and enough picks. */
export async function suggestedLiveFilters(
  ctx: ServiceContext,
  user: User | null,
  access: Access,
): Promise<LiveFilterView[]> {
  const found = await exploreLiveFilters(
    ctx,
    user,
    access,
    { sortBy: "score", sortOrder: "desc", minPicks: SUGGESTED_MIN_PICKS, limit: SUGGESTED_COUNT },
    { gradableOnly: true, notUserId: user?.id ?? null },
  );
  return found.items;
}
