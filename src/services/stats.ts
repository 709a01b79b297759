import { type FixtureRow, fixturesInRange } from "../db/queries/fixtures.ts";
import { isId } from "../domain/ids.ts";
import { type PredictionRow, predictionsFor } from "../db/queries/predictions.ts";
import * as q from "../db/queries/stats.ts";
import type { Access } from "../domain/premium/access.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import { FILTER_EVENTS, type GoalKey, type RateParam } from "../domain/stats/advanced-filter.ts";
import { type FixtureFacts, type ParsedFilter, parseFilterQuery, passes } from "../domain/stats/filter-criteria.ts";
import { type FixtureRates, History } from "../domain/stats/team-rates.ts";
import { rankTopLeagues } from "../domain/stats/top-leagues.ts";
import { requirePremium } from "./access.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError, badRequest, notFound } from "./errors.ts";
import { type FixtureView, toView } from "./fixtures.ts";

const DAY_MS = 86_400_000;
/** How far back the team and league rates look: the current season and the last 10 matches fit in it. */
const HISTORY_DAYS = 400;
const H2H_MATCHES = 10;
const MAX_RANGE_DAYS = 14;
const MAX_SAVED_SEARCHES = 50;
const MAX_LEAGUE_GROUPS = 20;
const MAX_NAME = 100;
/** Days whose facts are kept in memory. */
const CACHED_DAYS = 40;
/** How old (site clock) the facts of a day may be while a fresh copy is computed. */
const STALE_MS = 10 * 60_000;

export const CONFIG_NAME_REQUIRED = "advancedFilter.configNameRequired";

interface DayEntry {
  version: number;
  /** site time of the computation */
  computedAt: number;
  facts: Promise<Map<number, FixtureEntry>>;
  ready: boolean;
  refreshing?: boolean;
}

interface FixtureEntry {
  row: FixtureRow;
  /** the fixture as shown before kick-off (the only time it is listed) */
  view: FixtureView;
  /** the listed item and its JSON, per event code, made on first use */
  byEvent: Map<string, { item: AdvancedFilterFixture; json: string }>;
  rates: FixtureRates;
  /** probability of every filter event, by event code */
  probabilities: Record<string, number>;
  /** pre-match bookmaker prices by outcome key */
  prices: Partial<Record<string, number>>;
}

export interface AdvancedFilterFixture {
  fixture: FixtureView;
  event: string;
  probability: number;
  odd: number;
  /** false: no bookmaker price for this event, the odd is the fair one (1 / probability) */
  bookmakerOdd: boolean;
  rates: Record<RateParam, number | null>;
  goals: Record<GoalKey, number | null>;
}

function pricesOf(row: PredictionRow | undefined): Partial<Record<string, number>> {
  const prices = (row?.market as { prices?: { x12?: number[]; ou25?: number[] } } | null | undefined)?.prices;
  const out: Partial<Record<string, number>> = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12;
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25;
  return out;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
function roundAll<K extends string>(values: Record<K, number | null>, digits: number): Record<K, number | null> {
  const out = {} as Record<K, number | null>;
  for (const key in values) out[key] = values[key] === null ? null : round(values[key]!, digits);
  return out;
}

const cleanName = (name: unknown) => (typeof name === "string" ? name.trim().slice(0, MAX_NAME) : "");

/** The advanced statistical filter, saved configurations, league groups, top leagues and season teams. */
export function createStatsService(ctx: ServiceContext) {
  /**
   * Facts of every fixture of a UTC day, recomputed when a match has ended since (the only thing that moves
   * them). While a fresh copy is computed, a copy at most STALE_MS old (site clock) is served: it may miss a
   * match that ended minutes ago, never holds one that had not (walk-forward either way).
   */
  const days = new Map<number, DayEntry>();
  const seasonTeams = new Map<number, Array<{ id: number; name: string }>>();

  async function computeDay(dayStart: number, now: Date): Promise<Map<number, FixtureEntry>> {
    const rows = await fixturesInRange(ctx.pool, {
      from: new Date(dayStart),
      to: new Date(dayStart + DAY_MS),
      now,
      limit: 5000,
    });
    if (rows.length === 0) return new Map();
    const teamIds = [...new Set(rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]))];
    const seasonIds = [...new Set(rows.map((r) => r.seasonId))];
    const pairs = [
      ...new Map(
        rows.map((r) => [
          `${Math.min(r.homeTeamId, r.awayTeamId)}-${Math.max(r.homeTeamId, r.awayTeamId)}`,
          [r.homeTeamId, r.awayTeamId] as [number, number],
        ]),
      ).values(),
    ];
    const [played, met, stored] = await Promise.all([
      q.playedHistory(ctx.pool, { teamIds, seasonIds, since: new Date(dayStart - HISTORY_DAYS * DAY_MS), now }),
      q.meetings(ctx.pool, pairs, now, H2H_MATCHES + 5),
      predictionsFor(
        ctx.pool,
        rows.map((r) => r.id),
      ),
    ]);
    const history = new History(played, FILTER_EVENTS, met);
    const out = new Map<number, FixtureEntry>();
    for (const row of rows) {
      // Walk-forward: only matches that ended before this kick-off (and by now, which the query ensures).
      const rates = history.ratesOf({
        id: row.id,
        seasonId: row.seasonId,
        homeId: row.homeTeamId,
        awayId: row.awayTeamId,
        kickoffMs: row.kickoff.getTime(),
      });
      const p = stored.get(row.id);
      const markets = p ? marketsOf(p.final) : {};
      const probabilities: Record<string, number> = {};
      for (const e of FILTER_EVENTS) if (markets[e.outcome] !== undefined) probabilities[e.code] = markets[e.outcome]!;
      out.set(row.id, { row, view: toView(row, now), rates, probabilities, prices: pricesOf(p), byEvent: new Map() });
    }
    return out;
  }

  async function dayFacts(dayStart: number, now: Date, version: number): Promise<Map<number, FixtureEntry>> {
    const cached = days.get(dayStart);
    if (cached && cached.version === version) return cached.facts;
    const fresh = () => {
      const entry: DayEntry = { version, computedAt: now.getTime(), facts: computeDay(dayStart, now), ready: false };
      entry.facts.then(
        () => {
          entry.ready = true;
          if ((days.get(dayStart)?.computedAt ?? 0) <= entry.computedAt) days.set(dayStart, entry);
        },
        () => {
          if (days.get(dayStart) === entry) days.delete(dayStart);
        },
      );
      return entry;
    };
    if (cached?.ready && now.getTime() >= cached.computedAt && now.getTime() - cached.computedAt < STALE_MS) {
      if (!cached.refreshing) {
        cached.refreshing = true;
        fresh().facts.catch(() => {
          cached.refreshing = false;
        });
      }
      return cached.facts;
    }
    const entry = fresh();
    days.set(dayStart, entry);
    while (days.size > CACHED_DAYS) days.delete(days.keys().next().value!);
    return entry.facts;
  }

  /**
   * Upcoming fixtures of [from, to) whose chosen event passes every threshold. `premiumEndpoint`: the caller
   * used the premium endpoint. Premium events, a probability range and the premium endpoint need premium.
   */
  async function matching(
    raw: Record<string, string | undefined>,
    access: Access,
    options: { premiumEndpoint: boolean },
  ) {
    if (options.premiumEndpoint) requirePremium(access);
    const parsed = parse(raw);
    if (parsed.usesPremium) requirePremium(access);
    const now = ctx.clock.now();
    const from = parseDate(raw.from, "from") ?? new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const to = parseDate(raw.to, "to") ?? new Date(from.getTime() + DAY_MS);
    if (to <= from) throw badRequest("apiErrors.rangeOrder");
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
      throw badRequest("apiErrors.rangeSpan", { days: MAX_RANGE_DAYS });
    const version = await q.lastEndedKickoff(ctx.pool, now);
    const firstDay = Math.floor(Math.max(from.getTime(), now.getTime()) / DAY_MS) * DAY_MS;
    const dayStarts: number[] = [];
    for (let d = firstDay; d < to.getTime(); d += DAY_MS) dayStarts.push(d);
    const facts = await Promise.all(dayStarts.map((d) => dayFacts(d, now, version)));
    const leagues = parsed.leagueIds.length ? new Set(parsed.leagueIds) : null;
    const { criteria } = parsed;
    const code = criteria.event.code;
    const items: Array<{ item: AdvancedFilterFixture; json: string }> = [];
    for (const day of facts) {
      for (const entry of day.values()) {
        const kickoff = entry.row.kickoff.getTime();
        // Only fixtures still to kick off: their view (status, no score) is the one computed with the facts.
        if (kickoff < from.getTime() || kickoff >= to.getTime() || kickoff <= now.getTime()) continue;
        if (leagues && !leagues.has(entry.row.leagueId)) continue;
        const probability = entry.probabilities[code] ?? null;
        const price = entry.prices[criteria.event.outcome];
        const odd = price ?? (probability ? 1 / probability : null);
        const f: FixtureFacts = { probability, odd, rates: entry.rates.rates[code]!, goals: entry.rates.goals };
        if (!passes(f, criteria)) continue;
        let out = entry.byEvent.get(code);
        if (!out) {
          const item: AdvancedFilterFixture = {
            fixture: entry.view,
            event: code,
            probability: round(probability!, 4),
            odd: round(odd!, 2),
            bookmakerOdd: price !== undefined,
            rates: roundAll(f.rates, 3),
            goals: roundAll(f.goals, 2),
          };
          out = { item, json: JSON.stringify(item) };
          entry.byEvent.set(code, out);
        }
        items.push(out);
      }
    }
    return { code, from: from.toISOString(), to: to.toISOString(), items };
  }

  function parse(raw: Record<string, string | undefined>): ParsedFilter {
    const parsed = parseFilterQuery(raw);
    if (!parsed.ok) throw badRequest(parsed.key, parsed.params);
    return parsed.value;
  }

  function parseDate(value: string | undefined, name: string): Date | null {
    if (value === undefined || value.trim() === "") return null;
    const v = value.trim();
    if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) || Number.isNaN(Date.parse(v))) {
      throw badRequest("apiErrors.dateParam", { field: name });
    }
    return new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  }

  async function userLeagueIds(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw badRequest("leagueGroups.leaguesRequired");
    if (unique.length > 200 || unique.some((n) => !isId(n))) throw badRequest("leagueGroups.unknownLeague");
    const existing = await q.existingLeagueIds(ctx.pool, unique);
    if (existing.length !== unique.length) throw badRequest("leagueGroups.unknownLeague");
    return unique;
  }

  return {
    /**
     * Upcoming fixtures of [from, to) whose chosen event passes every threshold. `premiumEndpoint`: the caller
     * used the premium endpoint. Premium events, a probability range and the premium endpoint need premium.
     */
    /** Upcoming fixtures of [from, to) whose chosen event passes every threshold (the pages' form). */
    async advancedFilter(
      raw: Record<string, string | undefined>,
      access: Access,
      options: { premiumEndpoint: boolean },
    ) {
      const m = await matching(raw, access, options);
      return { event: m.code, from: m.from, to: m.to, total: m.items.length, fixtures: m.items.map((i) => i.item) };
    },

    /** The same as the API's JSON body `{"data": …}`, assembled from each fixture's cached JSON. */
    async advancedFilterJson(
      raw: Record<string, string | undefined>,
      access: Access,
      options: { premiumEndpoint: boolean },
    ): Promise<string> {
      const m = await matching(raw, access, options);
      const head = JSON.stringify({ event: m.code, from: m.from, to: m.to, total: m.items.length });
      return `{"data":${head.slice(0, -1)},"fixtures":[${m.items.map((i) => i.json).join(",")}]}}`;
    },

    savedSearches: {
      async list(user: { id: number }, access: Access) {
        requirePremium(access);
        return q.savedSearches(ctx.pool, user.id);
      },
      /** Saves a configuration: a name and the filter's query (validated and normalized). */
      async save(user: { id: number }, access: Access, input: { name?: unknown; query?: unknown }) {
        requirePremium(access);
        const name = cleanName(input.name);
        if (!name) throw new ServiceError(400, CONFIG_NAME_REQUIRED, { name: CONFIG_NAME_REQUIRED });
        const raw = input.query && typeof input.query === "object" ? (input.query as Record<string, unknown>) : {};
        const strings = Object.fromEntries(
          Object.entries(raw).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]),
        );
        const parsed = parse(strings);
        if ((await q.countSavedSearches(ctx.pool, user.id)) >= MAX_SAVED_SEARCHES)
          throw new ServiceError(409, "advancedFilter.configLimit");
        return q.insertSavedSearch(ctx.pool, user.id, name, parsed.normalized);
      },
      async remove(user: { id: number }, access: Access, id: number) {
        requirePremium(access);
        if (!(await q.deleteSavedSearch(ctx.pool, user.id, id)))
          throw new ServiceError(404, "advancedFilter.configNotFound");
      },
    },

    leagueGroups: {
      async list(user: { id: number }, access: Access) {
        requirePremium(access);
        return q.leagueGroups(ctx.pool, user.id);
      },
      /** One group of this user; another user's group does not exist for them (404). */
      async get(user: { id: number }, access: Access, id: number) {
        requirePremium(access);
        const group = await q.leagueGroup(ctx.pool, user.id, id);
        if (!group) throw new ServiceError(404, "leagueGroups.notFound");
        return group;
      },
      async create(user: { id: number }, access: Access, input: { name?: unknown; leagueIds?: unknown }) {
        requirePremium(access);
        const name = cleanName(input.name);
        if (!name) throw new ServiceError(400, "leagueGroups.nameRequired", { name: "leagueGroups.nameRequired" });
        const ids = await userLeagueIds(Array.isArray(input.leagueIds) ? input.leagueIds.map(Number) : []);
        if ((await q.countLeagueGroups(ctx.pool, user.id)) >= MAX_LEAGUE_GROUPS)
          throw new ServiceError(409, "leagueGroups.limit");
        return q.insertLeagueGroup(ctx.pool, user.id, name, ids);
      },
      async update(user: { id: number }, access: Access, id: number, input: { name?: unknown; leagueIds?: unknown }) {
        requirePremium(access);
        const name = cleanName(input.name);
        if (!name) throw new ServiceError(400, "leagueGroups.nameRequired", { name: "leagueGroups.nameRequired" });
        if (!(await q.leagueGroup(ctx.pool, user.id, id))) throw new ServiceError(404, "leagueGroups.notFound");
        const ids = await userLeagueIds(Array.isArray(input.leagueIds) ? input.leagueIds.map(Number) : []);
        const group = await q.updateLeagueGroup(ctx.pool, user.id, id, name, ids);
        if (!group) throw new ServiceError(404, "leagueGroups.notFound");
        return group;
      },
      async remove(user: { id: number }, access: Access, id: number) {
        requirePremium(access);
        if (!(await q.deleteLeagueGroup(ctx.pool, user.id, id))) throw new ServiceError(404, "leagueGroups.notFound");
      },
    },

    /** Leagues with matches in the last year, by priority (see rankTopLeagues). */
    async topLeagues(countryCode?: string) {
      if (countryCode !== undefined && !/^[A-Za-z]{2,3}$/.test(countryCode))
        throw badRequest("apiErrors.countryCode", { field: "countryCode" });
      const rows = await q.recentLeagues(ctx.pool, ctx.clock.now());
      return rankTopLeagues(rows, countryCode).map((l) => ({
        priority: l.priority,
        countryCode: l.countryCode,
        league: {
          id: l.id,
          name: l.name,
          tier: l.tier,
          country: { id: l.countryId, name: l.countryName, code: l.countryCode },
        },
        matches: l.matches,
      }));
    },

    /** Teams of a season, cached per season (a season's teams do not change). */
    async teamsOfSeason(seasonId: number) {
      const cached = seasonTeams.get(seasonId);
      if (cached) return cached;
      if (!(await q.seasonExists(ctx.pool, seasonId))) throw notFound("apiErrors.noSeason", { id: seasonId });
      const teams = await q.teamsOfSeason(ctx.pool, seasonId);
      seasonTeams.set(seasonId, teams);
      return teams;
    },
  };
}
