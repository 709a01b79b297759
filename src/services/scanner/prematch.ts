/**
 * The pre-match scanner, `services.prematch`: the facade the pages, the API and the jobs call, over the use cases
 * of this folder with kind `preMatch`: filters and rules, upcoming matches, history, backtests and alerts, and the
 * feature store they scan (shared with the live scanner's pre-match parts).
 */
import { filterById, filtersOf, usersFilters } from "../../db/queries/scanner-filters.ts";
import { allLeagues, fixtureBriefs } from "../../db/queries/scanner-fixtures.ts";
import { prematchQuote } from "../../domain/prematch/outcome-quotes.ts";
import type { Access } from "../../domain/premium/access.ts";
import type { DesiredOutcome } from "../../domain/scanner/rules.ts";
import { filterLimit } from "../../domain/premium/limits.ts";
import type { AlertsService } from "../alerts.ts";
import type { ServiceContext } from "../context.ts";
import type { DataVersion } from "../data-version.ts";
import { createBacktestQueue } from "./backtest-queue.ts";
import { createFilter, creationRefusal, duplicateFilter, importFilter } from "./create-filter.ts";
import { DAY, type Features, compileOver, createFeatureStore, matchingRows } from "./feature-store.ts";
import { type User, existingFilter, readableFilter, requireUser } from "./filter-access.ts";
import { type MatchBrief, brief, breakdownByLeague, clearFilterHistory, filterHistory } from "./filter-history.ts";
import { toRules } from "./filter-rules.ts";
import { type FilterView, onSiteClock, preMatchView } from "./filter-views.ts";
import type { ScannerDeps } from "./kinds.ts";
import { findPreMatchAlerts } from "./prematch-alerts.ts";
import { MESSAGES_PREMATCH, createPrematchBacktests } from "./prematch-backtests.ts";
import { addRule, removeFilter, removeRule, updateFilter, updateRule } from "./update-filter.ts";

export interface FilterFigures {
  picks: number;
  won: number;
  lost: number;
  successRate: number | null;
  roi: number | null;
}

/** What the scanner needs of the shared alerts module (src/services/alerts.ts): once-only picks, history, figures. */
type Alerts = Pick<AlertsService, "recordPick" | "history" | "clearHistory" | "figures">;
const kind = "preMatch";

/** Other members' filters with the alerts module's figures. */
async function othersFilters(
  deps: ScannerDeps & { alerts: Alerts },
  user: User | null,
  access: Access,
  opts: { desiredOutcome?: string; page: number; perPage: number },
) {
  const rows = await usersFilters(deps.ctx.pool, kind, {
    notUserId: user?.id ?? null,
    desiredOutcome: opts.desiredOutcome ?? null,
    limit: opts.perPage,
    offset: (opts.page - 1) * opts.perPage,
  });
  const figures = await deps.alerts.figures(
    "prematch",
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const f = figures.get(r.id);
    const out: FilterFigures = {
      picks: f?.picks ?? 0,
      won: f?.won ?? 0,
      lost: f?.lost ?? 0,
      successRate: f?.successRate ?? null,
      roi: f?.roi ?? null,
    };
    return { ...preMatchView(r, user?.id ?? null, access), figures: out };
  });
}

/** An upcoming match of a filter, with the opening price of the filter's outcome published by now (null: none yet). */
export type UpcomingMatch = MatchBrief & { odds: number | null };

/** Upcoming fixtures (not kicked off, next 7 days) that a filter matches now, with the price of its outcome. */
async function upcomingMatches(
  deps: ScannerDeps,
  features: Features,
  user: User | null,
  access: Access,
  filterId: number,
  limit = 50,
): Promise<UpcomingMatch[]> {
  const { ctx } = deps;
  const row = await readableFilter(deps, kind, user, access, filterId);
  const s = await features();
  const predicate = compileOver(toRules(row.rules), s, MESSAGES_PREMATCH.badRule);
  const now = ctx.clock.now().getTime();
  const rows = matchingRows(s, predicate, now, now + 7 * DAY - 1, row.leagueIds, limit);
  const ids = rows.map((r) => s.id[s.fixtureIndex(r)]!);
  const briefs = await fixtureBriefs(ctx.pool, ids, ctx.clock.now());
  const outcome = row.desiredOutcome as DesiredOutcome;
  return rows.flatMap((r, k): UpcomingMatch[] => {
    const b = briefs.get(ids[k]!);
    // The store holds the prices visible now (oddsVisibleSql): before their publication a match has none.
    return b ? [{ ...brief(b), odds: prematchQuote(s, r, outcome).odds }] : [];
  });
}

export function createPrematchService(
  ctx: ServiceContext,
  alerts: Alerts,
  dataVersion?: Pick<DataVersion, "generation">,
) {
  const deps = { ctx, alerts };
  const features = createFeatureStore(ctx, dataVersion);
  const queue = createBacktestQueue(ctx, features);
  const viewOf = async (id: number, userId: number, access: Access) =>
    preMatchView((await filterById(ctx.pool, kind, id))!, userId, access);
  const shown = async (done: Promise<{ user: User; id: number }>, access: Access) => {
    const { user, id } = await done;
    return viewOf(id, user.id, access);
  };

  return {
    /** The feature store (loaded on first use). */
    features,
    /** Loads the store now (the job runner warms it at start). */
    async warm(): Promise<{ fixtures: number; rows: number }> {
      const s = await features();
      return { fixtures: s.n, rows: s.rows };
    },
    /** The job runner hands its queue to the service: a backtest is also sent to pg-boss, so another worker can take it. */
    setQueue: queue.setQueue,
    async myFilters(user: User | null, access: Access): Promise<{ items: FilterView[]; limit: number }> {
      const u = requireUser(user);
      const rows = await filtersOf(ctx.pool, kind, u.id);
      return { items: rows.map((r) => preMatchView(r, u.id, access)), limit: filterLimit(kind, access) };
    },
    usersFilters: (
      user: User | null,
      access: Access,
      opts: { desiredOutcome?: string; page: number; perPage: number },
    ) => othersFilters(deps, user, access, opts),
    async filter(user: User | null, access: Access, id: number): Promise<FilterView> {
      const row = await existingFilter(deps, kind, id);
      return onSiteClock(preMatchView(row as Parameters<typeof preMatchView>[0], user?.id ?? null, access), ctx.clock);
    },
    /** The limit message a new filter would get now, or null: the new-filter page says it before the form. */
    creationRefusal: (user: User | null, access: Access) => creationRefusal(deps, kind, user, access),
    create: (user: User | null, access: Access, input: unknown): Promise<FilterView> =>
      shown(createFilter(deps, kind, user, access, input), access),
    /** Replaces a filter's fields (rules included when given); a change of rules, outcome or leagues erases its picks. */
    update: async (user: User | null, access: Access, id: number, input: unknown): Promise<FilterView> =>
      viewOf(id, (await updateFilter(deps, kind, user, id, input)).id, access),
    remove: (user: User | null, id: number): Promise<void> => removeFilter(deps, kind, user, id),
    duplicate: (user: User | null, access: Access, id: number): Promise<FilterView> =>
      shown(duplicateFilter(deps, kind, user, access, id), access),
    /** Copies another member's filter (SPEC §8 messages: login, premium, deleted). */
    importFilter: (user: User | null, access: Access, id: number): Promise<FilterView> =>
      shown(importFilter(deps, kind, user, access, id), access),
    addRule: async (user: User | null, access: Access, filterId: number, input: unknown): Promise<FilterView> =>
      viewOf(filterId, (await addRule(deps, kind, user, filterId, input)).id, access),
    updateRule: async (user: User | null, access: Access, filterId: number, ruleId: string, input: unknown) =>
      viewOf(filterId, (await updateRule(deps, kind, user, filterId, ruleId, input)).id, access),
    removeRule: async (user: User | null, access: Access, filterId: number, ruleId: string) =>
      viewOf(filterId, (await removeRule(deps, kind, user, filterId, ruleId)).id, access),
    upcomingMatches: (user: User | null, access: Access, filterId: number, limit = 50) =>
      upcomingMatches(deps, features, user, access, filterId, limit),
    history: (user: User | null, access: Access, filterId: number) => filterHistory(deps, kind, user, access, filterId),
    /** The filter's alerts by league, with the figures of the alerts module (most picks first). */
    breakdown: async (user: User | null, access: Access, filterId: number) =>
      breakdownByLeague(await filterHistory(deps, kind, user, access, filterId)),
    clearHistory: (user: User | null, filterId: number, pickId: number | null): Promise<number> =>
      clearFilterHistory(deps, kind, user, filterId, pickId),
    ...createPrematchBacktests(deps, features, queue),
    /** The job queue's side: runs one backtest (a no-op when another worker took it). */
    runBacktest: queue.runBacktest,
    /** Backtests left in the queue (a restart, another process's submissions): run them here. */
    runPending: queue.runPending,
    /** Records the picks of every filter whose lead time has come (once); answers the picks created by this run. */
    findAlerts: () => findPreMatchAlerts(ctx, alerts, features),
    leagues: () => allLeagues(ctx.pool),
    /** The pre-match feature store (walk-forward), shared with the live scanner's pre-match parts. */
    featureStore: features,
  };
}
