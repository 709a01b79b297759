/**
 * The live scanner's filters (SPEC §2.4, §3 "Live filter", §4, §6, §8), `services.liveFilters`: the facade the
 * pages and the API call, over the use cases of this folder with kind `live`. The scanner itself (the rules engine
 * ticking every second) reads `live_filters` and reloads what changed by `updated_at`, which every write here bumps;
 * picks, grades and figures belong to the shared alerts module (source 'live').
 */
import { filterWithFigures, filtersWithFigures } from "../../db/queries/scanner-figures.ts";
import { setLiveFlags } from "../../db/queries/scanner-filters.ts";
import { allLeagues } from "../../db/queries/scanner-fixtures.ts";
import type { Access } from "../../domain/premium/access.ts";
import { filterLimit } from "../../domain/premium/limits.ts";
import type { AlertsService } from "../alerts.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { LiveService } from "../live.ts";
import { createFilter, creationRefusal, duplicateFilter, importFilter } from "./create-filter.ts";
import { type User, existingFilter, ownFilter, requireUser } from "./filter-access.ts";
import { breakdownByLeague, clearFilterHistory, filterHistory } from "./filter-history.ts";
import { type LiveFilterView, liveView, onSiteClock } from "./filter-views.ts";
import { type ExploreInput, SCORE, exploreLiveFilters, suggestedLiveFilters } from "./live-explore.ts";
import { watchedMatches } from "./live-watched.ts";
import { KINDS, type ScannerDeps } from "./kinds.ts";
import { addRule, removeFilter, removeRule, updateFilter, updateRule } from "./update-filter.ts";

export const LIVE_FILTER_MESSAGES = {
  notFound: KINDS.live.notFound,
  deleted: "prematch.errors.filterDeleted",
  importPremium: "prematch.errors.importPremium",
  importLogin: "prematch.errors.importLogin",
  imported: "prematch.imported",
  loginRequired: "auth.loginRequired",
  noPermission: "premium.noPermission",
  badQuery: "liveScanner.errors.badQuery",
} as const;

type Alerts = Pick<AlertsService, "history" | "clearHistory">;
type Live = Pick<LiveService, "livescores">;

export function createLiveFiltersService(ctx: ServiceContext, alerts: Alerts, live: Live) {
  const deps: ScannerDeps = { ctx, alerts };
  const kind = "live";

  async function viewOf(id: number, userId: number | null, access: Access): Promise<LiveFilterView> {
    const row = await filterWithFigures(ctx.pool, id, SCORE);
    if (!row) throw new ServiceError(404, KINDS.live.notFound);
    return liveView(row, userId, access);
  }
  const shown = async (done: Promise<{ user: User; id: number }>, access: Access) => {
    const { user, id } = await done;
    return viewOf(id, user.id, access);
  };

  return {
    /** The caller's filters, newest first, with their figures and the caller's limit. */
    async myFilters(user: User | null, access: Access): Promise<{ items: LiveFilterView[]; limit: number }> {
      const u = requireUser(user);
      const rows = await filtersWithFigures(ctx.pool, u.id, SCORE);
      return { items: rows.map((r) => liveView(r, u.id, access)), limit: filterLimit(kind, access) };
    },
    /** Every member's filters (explore): searchable by name, filtered, sorted and paged (SPEC §3 scanner list state). */
    explore: (user: User | null, access: Access, input: ExploreInput) => exploreLiveFilters(ctx, user, access, input),
    /** The best other members' filters by score, with a gradable outcome and enough picks. */
    suggested: (user: User | null, access: Access) => suggestedLiveFilters(ctx, user, access),
    async filter(user: User | null, access: Access, id: number): Promise<LiveFilterView> {
      await existingFilter(deps, kind, id);
      return onSiteClock(await viewOf(id, user?.id ?? null, access), ctx.clock);
    },
    /** The limit message a new filter would get now, or null: the new-filter page says it before the form. */
    creationRefusal: (user: User | null, access: Access) => creationRefusal(deps, kind, user, access),
    create: (user: User | null, access: Access, input: unknown) =>
      shown(createFilter(deps, kind, user, access, input), access),
    /** Changes a filter's fields (rules too when given); a change of rules, outcome or leagues erases its history. */
    update: async (user: User | null, access: Access, id: number, input: unknown) =>
      viewOf(id, (await updateFilter(deps, kind, user, id, input)).id, access),
    remove: (user: User | null, id: number): Promise<void> => removeFilter(deps, kind, user, id),
    /** A copy of one's own filter (keeps the original's history: the way to change a filter without losing it). */
    duplicate: (user: User | null, access: Access, id: number) =>
      shown(duplicateFilter(deps, kind, user, access, id), access),
    /** Copies another member's filter (SPEC §8: login required, Go Premium, deleted filter; success). */
    async importFilter(user: User | null, access: Access, id: number): Promise<LiveFilterView & { message: string }> {
      const view = await shown(importFilter(deps, kind, user, access, id), access);
      return { ...view, message: LIVE_FILTER_MESSAGES.imported };
    },
    async setMuted(user: User | null, access: Access, id: number, muted: boolean): Promise<LiveFilterView> {
      const { user: u } = await ownFilter(deps, kind, user, id);
      await setLiveFlags(ctx.pool, u.id, id, { muted });
      return viewOf(id, u.id, access);
    },
    async setActive(user: User | null, access: Access, id: number, active: boolean): Promise<LiveFilterView> {
      const { user: u } = await ownFilter(deps, kind, user, id);
      await setLiveFlags(ctx.pool, u.id, id, { active });
      return viewOf(id, u.id, access);
    },
    addRule: async (user: User | null, access: Access, id: number, input: unknown) =>
      viewOf(id, (await addRule(deps, kind, user, id, input)).id, access),
    updateRule: async (user: User | null, access: Access, id: number, ruleId: string, input: unknown) =>
      viewOf(id, (await updateRule(deps, kind, user, id, ruleId, input)).id, access),
    removeRule: async (user: User | null, access: Access, id: number, ruleId: string) =>
      viewOf(id, (await removeRule(deps, kind, user, id, ruleId)).id, access),
    /** A filter's picks (its owner, or a premium member: free users do not see others' picks, SPEC §6). */
    history: (user: User | null, access: Access, id: number) => filterHistory(deps, kind, user, access, id),
    breakdown: async (user: User | null, access: Access, id: number) =>
      breakdownByLeague(await filterHistory(deps, kind, user, access, id)),
    /** Clears a filter's history, or one pick (`pickId`); answers how many picks left it. */
    clearHistory: async (user: User | null, id: number, pickId: number | null = null) => ({
      cleared: await clearFilterHistory(deps, kind, user, id, pickId),
    }),
    /** The matches a filter watches: live now in its leagues (all when none), then those kicking off in the next 3 hours. */
    watchedMatches: async (_user: User | null, _access: Access, id: number, limit = 40) =>
      watchedMatches(ctx, live, (await existingFilter(deps, kind, id)).leagueIds, limit),
    leagues: () => allLeagues(ctx.pool),
  };
}
