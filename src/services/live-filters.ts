/**
 * The live scanner's filters (SPEC §2.4, §3 "Live filter", §4, §6, §8): a member's filters and their rules, explore
 * and suggestions over every member's filters (all are public), import, duplicate, mute and activate, the history
 * and breakdown of a filter's picks, and the live and upcoming matches it watches. The scanner itself (the rules
 * engine ticking every second) reads `live_filters` and reloads what changed by `updated_at`, which every write
 * here bumps; picks, grades and figures belong to the shared alerts module (source 'live').
 *
 * Ranking: `score` is the Bayesian (shrunk) ROI of src/domain/alerts/figures.ts (SCORE_PRIOR): profit pooled with
 * 50 prior picks at −5%, computed here in SQL for every filter at once, so 2 lucky picks never top the list.
 * Suggestions: the best scores among filters with a gradable outcome and at least SUGGESTED_MIN_PICKS settled
 * picks, other members' only.
 */
import * as q from "../db/queries/livescan-filters.ts";
import { allLeagues } from "../db/queries/prematch.ts";
import { SCORE_PRIOR } from "../domain/alerts/figures.ts";
import type { Access } from "../domain/premium/access.ts";
import { filterLimit, filterLimitMessage } from "../domain/premium/limits.ts";
import { DESIRED_OUTCOMES, type DesiredOutcome, type Rule } from "../domain/scanner/rules.ts";
import { MAX_NAME } from "../domain/scanner/schema.ts";
import type { AlertsService } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import type { LiveService } from "./live.ts";
import {
  type HistoryPick,
  type LeagueBreakdown,
  breakdownByLeague,
  changesPicks,
  historyWithMatches,
  newRuleId,
  parseFilterFields,
  refuseUnknownLeagues,
  parseRule,
  toRules,
} from "./scanner-filters.ts";

export { EXPLORE_SORTS } from "../db/queries/livescan-filters.ts";

export const LIVE_FILTER_MESSAGES = {
  notFound: "liveScanner.errors.notFound",
  deleted: "prematch.errors.filterDeleted",
  importPremium: "prematch.errors.importPremium",
  importLogin: "prematch.errors.importLogin",
  imported: "prematch.imported",
  loginRequired: "auth.loginRequired",
  noPermission: "premium.noPermission",
  badQuery: "liveScanner.errors.badQuery",
} as const;

/** Explore: the first page holds 40 filters, every "load more" 10 (SPEC §3 scanner list state). */
export const EXPLORE_FIRST_PAGE = 40;
export const EXPLORE_MORE = 10;
export const SUGGESTED_MIN_PICKS = 10;
export const SUGGESTED_COUNT = 6;
/** Upcoming matches a filter watches: those kicking off within this time. */
const SOON_MS = 3 * 3_600_000;
const PRIOR = { picks: SCORE_PRIOR.PICKS, roi: SCORE_PRIOR.ROI };

export interface LiveFilterFields {
  name: string;
  note: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  muted: boolean;
  rules: Rule[];
}

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
  /** the ranking score (shrunk ROI) */
  score: number;
  /** filters imported from this one */
  subscribers: number;
}

export interface LiveFilterView {
  id: number;
  name: string;
  note: string;
  desiredOutcome: DesiredOutcome;
  leagueIds: number[];
  muted: boolean;
  active: boolean;
  /** null when the caller may not see them (free users and visitors on others' filters, SPEC §6) */
  rules: Rule[] | null;
  ruleCount: number;
  owner: string;
  mine: boolean;
  deleted: boolean;
  importedFrom: number | null;
  createdAt: string;
  updatedAt: string;
  figures: LiveFilterFigures;
}

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

export interface WatchedMatch {
  fixtureId: number;
  kickoff: string;
  leagueId: number;
  league: string;
  country: string;
  home: string;
  away: string;
  /** live: the minute and score now; upcoming: null */
  live: { minute: number | null; homeScore: number | null; awayScore: number | null } | null;
}

const round = (x: number | null, digits = 4) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

function figuresOf(r: q.SqlFigures): LiveFilterFigures {
  return {
    picks: r.picks,
    won: r.won,
    lost: r.lost,
    void: r.void,
    pending: r.pending,
    successRate: round(r.successRate),
    meanOdd: round(r.meanOdd, 3),
    meanWinningOdd: round(r.meanWinningOdd, 3),
    roi: round(r.roi),
    score: round(r.score) ?? 0,
    subscribers: r.subscribers,
  };
}

const write = (f: LiveFilterFields): q.LiveFilterWrite => ({
  name: f.name,
  note: f.note,
  desiredOutcome: f.desiredOutcome,
  leagueIds: f.leagueIds,
  muted: f.muted,
  rules: f.rules,
});

const fieldsOf = (row: q.LiveFilterRow): LiveFilterFields => ({
  name: row.name,
  note: row.note,
  desiredOutcome: row.desiredOutcome as DesiredOutcome,
  leagueIds: row.leagueIds,
  muted: row.muted,
  rules: toRules(row.rules),
});

const parse = (input: unknown) => parseFilterFields<LiveFilterFields>("live", input);

function finiteOr(value: number | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  if (!Number.isFinite(value) || value < min || value > max) throw new ServiceError(400, LIVE_FILTER_MESSAGES.badQuery);
  return value;
}

type Alerts = Pick<AlertsService, "history" | "clearHistory">;
type Live = Pick<LiveService, "livescores">;

export function createLiveFiltersService(ctx: ServiceContext, alerts: Alerts, live: Live) {
  const canSeeInside = (row: q.LiveFilterRow, userId: number | null, access: Access) =>
    (userId !== null && row.userId === userId) || access.premium;

  function view(row: q.LiveFilterWithFigures, userId: number | null, access: Access): LiveFilterView {
    const rules = toRules(row.rules);
    return {
      id: row.id,
      name: row.name,
      note: row.note,
      desiredOutcome: row.desiredOutcome as DesiredOutcome,
      leagueIds: row.leagueIds,
      muted: row.muted,
      active: row.active,
      rules: canSeeInside(row, userId, access) ? rules : null,
      ruleCount: rules.length,
      owner: row.ownerName,
      mine: userId !== null && row.userId === userId,
      deleted: row.deletedAt !== null,
      importedFrom: row.importedFrom,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      figures: figuresOf(row),
    };
  }

  function requireUser(user: { id: number } | null): { id: number } {
    if (!user) throw new ServiceError(401, LIVE_FILTER_MESSAGES.loginRequired);
    return user;
  }

  async function load(id: number): Promise<q.LiveFilterWithFigures> {
    const row = await q.filterById(ctx.pool, id, PRIOR);
    if (!row) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
    return row;
  }

  async function own(
    user: { id: number } | null,
    id: number,
  ): Promise<{ user: { id: number }; row: q.LiveFilterWithFigures }> {
    const u = requireUser(user);
    const row = await load(id);
    if (row.deletedAt || row.userId !== u.id) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
    return { user: u, row };
  }

  async function insert(
    user: { id: number },
    access: Access,
    fields: LiveFilterFields,
    importedFrom: number | null = null,
  ): Promise<number> {
    const refused = filterLimitMessage("live", access, await q.countFilters(ctx.pool, user.id));
    if (refused) throw new ServiceError(403, refused);
    // A filter without rules would match every live match of its leagues: it starts inactive, and its owner
    // activates it once the rules are written (alerts are once per filter and match, even after an edit).
    const id = await q.insertFilter(
      ctx.pool,
      user.id,
      write(fields),
      filterLimit("live", access),
      importedFrom,
      fields.rules.length > 0,
    );
    if (id === null) throw new ServiceError(403, filterLimitMessage("live", access, Number.POSITIVE_INFINITY)!);
    return id;
  }

  async function viewOf(id: number, userId: number | null, access: Access) {
    return view(await load(id), userId, access);
  }

  /** Saves new fields; a change of what makes picks (rules, desired outcome, leagues) erases the history. */
  async function save(
    user: { id: number },
    access: Access,
    row: q.LiveFilterRow,
    fields: LiveFilterFields,
  ): Promise<LiveFilterView> {
    const erase = changesPicks("live", fieldsOf(row), fields);
    await q.updateFilter(ctx.pool, user.id, row.id, write(fields));
    if (erase) await alerts.clearHistory("live", row.id);
    return viewOf(row.id, user.id, access);
  }

  async function explore(
    user: { id: number } | null,
    access: Access,
    input: ExploreInput,
    extra: Pick<q.ExploreQuery, "gradableOnly" | "notUserId"> = {},
  ) {
    const sortBy = (input.sortBy ?? "score") as q.ExploreSort;
    if (!q.EXPLORE_SORTS.includes(sortBy)) throw new ServiceError(400, LIVE_FILTER_MESSAGES.badQuery);
    const sortOrder = input.sortOrder ?? "desc";
    if (sortOrder !== "asc" && sortOrder !== "desc") throw new ServiceError(400, LIVE_FILTER_MESSAGES.badQuery);
    const desiredOutcome = input.desiredOutcome || null;
    if (desiredOutcome !== null && !(DESIRED_OUTCOMES as readonly string[]).includes(desiredOutcome))
      throw new ServiceError(400, LIVE_FILTER_MESSAGES.badQuery);
    const offset = finiteOr(input.offset, 0, 1_000_000) ?? 0;
    const limit = finiteOr(input.limit, 1, EXPLORE_FIRST_PAGE) ?? (offset === 0 ? EXPLORE_FIRST_PAGE : EXPLORE_MORE);
    const minSuccess = finiteOr(input.minSuccess, 0, 100);
    const maxSuccess = finiteOr(input.maxSuccess, 0, 100);
    const minRoi = finiteOr(input.minRoi, -100, 100_000);
    const search = input.search?.trim().slice(0, MAX_NAME) || null;
    const { total, items } = await q.exploreFilters(ctx.pool, PRIOR, {
      search,
      desiredOutcome,
      sortBy,
      sortOrder,
      minPicks: finiteOr(input.minPicks, 0, 1_000_000),
      minSuccessRate: minSuccess === null ? null : minSuccess / 100,
      maxSuccessRate: maxSuccess === null ? null : maxSuccess / 100,
      minRoi: minRoi === null ? null : minRoi / 100,
      minMeanOdd: finiteOr(input.minMeanOdd, 0, 10_000),
      minMeanWinningOdd: finiteOr(input.minMeanWinningOdd, 0, 10_000),
      limit: Math.floor(limit),
      offset: Math.floor(offset),
      ...extra,
    });
    const userId = user?.id ?? null;
    return { total, offset, items: items.map((r) => view(r, userId, access)) };
  }

  return {
    /** The caller's filters, newest first, with their figures and the caller's limit. */
    async myFilters(user: { id: number } | null, access: Access): Promise<{ items: LiveFilterView[]; limit: number }> {
      const u = requireUser(user);
      const rows = await q.filtersOf(ctx.pool, u.id, PRIOR);
      return { items: rows.map((r) => view(r, u.id, access)), limit: filterLimit("live", access) };
    },

    /** Every member's filters (explore): searchable by name, filtered, sorted and paged (SPEC §3 scanner list state). */
    explore: (user: { id: number } | null, access: Access, input: ExploreInput) => explore(user, access, input),

    /** The best other members' filters by score, with a gradable outcome and enough picks. */
    async suggested(user: { id: number } | null, access: Access): Promise<LiveFilterView[]> {
      const found = await explore(
        user,
        access,
        { sortBy: "score", sortOrder: "desc", minPicks: SUGGESTED_MIN_PICKS, limit: SUGGESTED_COUNT },
        { gradableOnly: true, notUserId: user?.id ?? null },
      );
      return found.items;
    },

    async filter(user: { id: number } | null, access: Access, id: number): Promise<LiveFilterView> {
      const row = await load(id);
      if (row.deletedAt) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
      return view(row, user?.id ?? null, access);
    },

    async create(user: { id: number } | null, access: Access, input: unknown): Promise<LiveFilterView> {
      const u = requireUser(user);
      const fields = parse(input);
      await refuseUnknownLeagues(ctx.pool, fields.leagueIds);
      return viewOf(await insert(u, access, fields), u.id, access);
    },

    /** Changes a filter's fields (rules too when given); a change of rules, outcome or leagues erases its history. */
    async update(user: { id: number } | null, access: Access, id: number, input: unknown): Promise<LiveFilterView> {
      const { user: u, row } = await own(user, id);
      const merged = { ...fieldsOf(row), ...(typeof input === "object" && input !== null ? input : {}) };
      const fields = parse(merged);
      // Leagues the filter already had stay accepted; a new one must exist.
      await refuseUnknownLeagues(
        ctx.pool,
        fields.leagueIds.filter((l) => !row.leagueIds.includes(l)),
      );
      return save(u, access, row, fields);
    },

    async remove(user: { id: number } | null, id: number): Promise<void> {
      const u = requireUser(user);
      if (!(await q.deleteFilter(ctx.pool, u.id, id))) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
    },

    /** A copy of one's own filter (keeps the original's history: the way to change a filter without losing it). */
    async duplicate(user: { id: number } | null, access: Access, id: number): Promise<LiveFilterView> {
      const { user: u, row } = await own(user, id);
      const fields = parse({ ...fieldsOf(row), name: `${row.name} (2)`.slice(0, MAX_NAME) });
      return viewOf(await insert(u, access, fields), u.id, access);
    },

    /** Copies another member's filter (SPEC §8: login required, Go Premium, deleted filter; success). */
    async importFilter(
      user: { id: number } | null,
      access: Access,
      id: number,
    ): Promise<LiveFilterView & { message: string }> {
      if (!user) throw new ServiceError(401, LIVE_FILTER_MESSAGES.importLogin);
      if (!access.premium) throw new ServiceError(403, LIVE_FILTER_MESSAGES.importPremium);
      const row = await load(id);
      if (row.deletedAt) throw new ServiceError(409, LIVE_FILTER_MESSAGES.deleted);
      const newId = await insert(user, access, parse({ ...fieldsOf(row), muted: false }), row.id);
      return { ...(await viewOf(newId, user.id, access)), message: LIVE_FILTER_MESSAGES.imported };
    },

    async setMuted(user: { id: number } | null, access: Access, id: number, muted: boolean): Promise<LiveFilterView> {
      const { user: u } = await own(user, id);
      await q.setFlags(ctx.pool, u.id, id, { muted });
      return viewOf(id, u.id, access);
    },

    async setActive(user: { id: number } | null, access: Access, id: number, active: boolean): Promise<LiveFilterView> {
      const { user: u } = await own(user, id);
      await q.setFlags(ctx.pool, u.id, id, { active });
      return viewOf(id, u.id, access);
    },

    async addRule(user: { id: number } | null, access: Access, id: number, input: unknown): Promise<LiveFilterView> {
      const { user: u, row } = await own(user, id);
      const current = fieldsOf(row);
      const rule = parseRule("live", input, newRuleId(current.rules.length, ctx.clock.now()));
      return save(u, access, row, parse({ ...current, rules: [...current.rules, rule] }));
    },

    async updateRule(
      user: { id: number } | null,
      access: Access,
      id: number,
      ruleId: string,
      input: unknown,
    ): Promise<LiveFilterView> {
      const { user: u, row } = await own(user, id);
      const current = fieldsOf(row);
      const index = current.rules.findIndex((r) => r.id === ruleId);
      if (index < 0) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
      const rules = [...current.rules];
      rules[index] = parseRule("live", input, ruleId);
      return save(u, access, row, parse({ ...current, rules }));
    },

    async removeRule(user: { id: number } | null, access: Access, id: number, ruleId: string): Promise<LiveFilterView> {
      const { user: u, row } = await own(user, id);
      const current = fieldsOf(row);
      if (!current.rules.some((r) => r.id === ruleId)) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
      return save(u, access, row, parse({ ...current, rules: current.rules.filter((r) => r.id !== ruleId) }));
    },

    /** A filter's picks (its owner, or a premium member: free users do not see others' picks, SPEC §6). */
    async history(user: { id: number } | null, access: Access, id: number): Promise<HistoryPick[]> {
      const row = await load(id);
      if (row.deletedAt) throw new ServiceError(404, LIVE_FILTER_MESSAGES.notFound);
      if (!canSeeInside(row, user?.id ?? null, access))
        throw new ServiceError(
          user ? 403 : 401,
          user ? LIVE_FILTER_MESSAGES.noPermission : LIVE_FILTER_MESSAGES.loginRequired,
        );
      return historyWithMatches(ctx.pool, alerts, "live", id, ctx.clock.now());
    },

    async breakdown(user: { id: number } | null, access: Access, id: number): Promise<LeagueBreakdown[]> {
      return breakdownByLeague(await this.history(user, access, id));
    },

    /** Clears a filter's history, or one pick (`pickId`); answers how many picks left it. */
    async clearHistory(
      user: { id: number } | null,
      id: number,
      pickId: number | null = null,
    ): Promise<{ cleared: number }> {
      await own(user, id);
      return { cleared: await alerts.clearHistory("live", id, pickId) };
    },

    /** The matches a filter watches: live now in its leagues (all when none), then those kicking off in the next 3 hours. */
    async watchedMatches(user: { id: number } | null, access: Access, id: number, limit = 40): Promise<WatchedMatch[]> {
      const f = await this.filter(user, access, id);
      const leagues = f.leagueIds.length ? new Set(f.leagueIds) : null;
      const out: WatchedMatch[] = [];
      for (const s of await live.livescores()) {
        if (out.length >= limit) break;
        if (s.state.status === "finished" || (leagues && !leagues.has(s.fixture.league.id))) continue;
        out.push({
          fixtureId: s.fixture.id,
          kickoff: s.fixture.kickoff,
          leagueId: s.fixture.league.id,
          league: s.fixture.league.name,
          country: s.fixture.league.country.name,
          home: s.fixture.homeTeam.name,
          away: s.fixture.awayTeam.name,
          live: { minute: s.state.minute, homeScore: s.state.homeScore, awayScore: s.state.awayScore },
        });
      }
      const now = ctx.clock.now();
      if (out.length < limit) {
        for (const m of await q.fixturesKickingOff(
          ctx.pool,
          f.leagueIds,
          now,
          new Date(now.getTime() + SOON_MS),
          limit - out.length,
        )) {
          out.push({
            fixtureId: m.id,
            kickoff: m.kickoff.toISOString(),
            leagueId: m.leagueId,
            league: m.league,
            country: m.country,
            home: m.home,
            away: m.away,
            live: null,
          });
        }
      }
      return out;
    },

    leagues: () => allLeagues(ctx.pool),
  };
}

export type LiveFiltersService = ReturnType<typeof createLiveFiltersService>;
