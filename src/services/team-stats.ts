import { fixturesByIds } from "../db/queries/fixtures.ts";
import { predictionsFor } from "../db/queries/predictions.ts";
import { preMatchValidUntil, teamHistoryValidUntil, teamValidUntil } from "../db/queries/precomputed.ts";
import {
  nextFixtureId,
  recentTeamMatches,
  teamById,
  teamSeasonMatches,
  teamSeasons,
  upcomingFixtures,
} from "../db/queries/team-stats.ts";
import type { Access } from "../domain/premium/access.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import {
  BEST_TEAMS_EVENTS,
  DEFAULT_PROBABILITIES,
  DEFAULT_QUOTES,
  MAX_MATCHES_QUANTITY,
  inRange,
  rankTeams,
} from "../domain/stats/best-teams.ts";
import {
  TEAM_EVENTS,
  type TeamMatch,
  type TeamStats,
  isTeamEvent,
  marketOf,
  teamStats,
  visibleTeamStats,
} from "../domain/stats/team-events.ts";
import {
  FREE_TREND_EVENTS,
  type Trend,
  type TrendCandidate,
  eventCounts,
  pooledRates,
  topTrends,
  trendCandidates,
  trendsOf,
} from "../domain/stats/trends.ts";
import { requirePremium } from "./access.ts";
import type { ServiceContext } from "./context.ts";
import { type Compute, type Figures, createFigures } from "./precomputed.ts";
import { badRequest, notFound } from "./errors.ts";
import { type FixtureView, toView } from "./fixtures.ts";

const DAY_MS = 86_400_000;
/** Matches behind a team's trends (any season). */
const TREND_HISTORY = 30;
/** Trends kept per team on the AllTrends tab, and on the TopTrends tab in all. */
const TRENDS_PER_TEAM = 4;
const TOP_TRENDS = 40;
const MAX_UPCOMING = 400;
/** Matches behind the last-10 and last-5 windows: enough for ten at home and ten away. */
const RECENT_MATCHES = 20;
/** Pre-match figures of fixtures that kicked off up to this long ago are stored. */
const KEEP_PRE_MATCH_MS = 2 * DAY_MS;
/** Trends are cached this long; the default range starts at the beginning of the current period, so that its requests share one computation. */
const CACHE_MS = 2 * 60_000;

export type TrendsTab = "AllTrends" | "TopTrends";

export interface TrendItem {
  fixture: FixtureView;
  team: { id: number; name: string; side: "local" | "visitor" };
  trend: Trend;
}

export interface BestTeamsQuery {
  events: string[];
  leagueIds?: number[];
  from?: Date;
  to?: Date;
  minOdd: number;
  maxOdd: number;
  matchesQuantity: number;
  minProbability: number;
  maxProbability: number;
}

export interface BestTeamRow {
  team: { id: number; name: string };
  event: string;
  occurrences: number;
  totalMatches: number;
  rate: number;
  fixture: FixtureView;
  /** our probability of the event in that fixture (0–1), where it is a market we predict */
  probability: number | null;
  /** the bookmaker's pre-match price, where the data has one for this market */
  odds: number | null;
}

/** Pre-match prices by market key, from the stored prediction's market input. */
function pricesOf(market: unknown): Record<string, number> {
  const prices = (market as { prices?: { x12?: number[]; ou25?: number[] } } | null)?.prices;
  const out: Record<string, number> = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12 as [number, number, number];
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25 as [number, number];
  return out;
}

function range(from: Date | undefined, to: Date | undefined, now: Date, defaultDays: number, maxDays: number) {
  const start = from ?? now;
  const end = to ?? new Date(start.getTime() + defaultDays * DAY_MS);
  if (end <= start) throw badRequest("apiErrors.rangeOrder");
  if (end.getTime() - start.getTime() > maxDays * DAY_MS) throw badRequest("apiErrors.rangeSpan", { days: maxDays });
  return { from: start, to: end };
}

/** What a team's trends are made from: its event counts (for the base rates of a range) and its candidate runs. */
export interface TeamTrendFacts {
  counts: Record<string, [number, number]>;
  candidates: TrendCandidate[];
}

export interface PreMatchStats {
  before: string;
  localTeam: TeamStats;
  visitorTeam: TeamStats;
}

export function createTeamStatsService(ctx: ServiceContext, figures: Figures = createFigures(ctx)) {
  /** All trends of a range (every event), computed once per range and cache period; `items` once computed. */
  type TrendEntry = { at: number; value: Promise<TrendItem[]>; items?: TrendItem[] };
  const trendCache = new Map<string, TrendEntry>();
  /** The newest computed default range: answered while the next period's computation runs, so no visitor waits for it. */
  let lastDefault: { from: Date; to: Date; items: TrendItem[] } | null = null;

  async function views(ids: number[], now = ctx.clock.now()): Promise<Map<number, FixtureView>> {
    return new Map((await fixturesByIds(ctx.pool, ids, now)).map((r) => [r.id, toView(r, now)]));
  }

  /** Each team's trend candidates and event counts over its last TREND_HISTORY matches as of `at`, holding until its next match ends. */
  const computeTeamTrends: Compute<TeamTrendFacts> = async (teamIds, at) => {
    const [history, until] = await Promise.all([
      recentTeamMatches(ctx.pool, teamIds, at, at, TREND_HISTORY),
      teamHistoryValidUntil(ctx.pool, teamIds, at),
    ]);
    const events = TEAM_EVENTS.map((e) => e.key);
    return teamIds.map((id) => {
      const matches = history.get(id) ?? [];
      return {
        subjectId: id,
        data: { counts: eventCounts(matches, events), candidates: trendCandidates(matches) },
        validUntil: until.get(id) ?? null,
      };
    });
  };

  async function allTrends(from: Date, to: Date): Promise<TrendItem[]> {
    const now = ctx.clock.now();
    const upcoming = await upcomingFixtures(ctx.pool, { from, to, now, limit: MAX_UPCOMING });
    // A team's trends go with its first fixture of the range.
    const firstFixture = new Map<number, { fixtureId: number; side: "local" | "visitor" }>();
    for (const f of upcoming) {
      if (!firstFixture.has(f.homeTeamId)) firstFixture.set(f.homeTeamId, { fixtureId: f.id, side: "local" });
      if (!firstFixture.has(f.awayTeamId)) firstFixture.set(f.awayTeamId, { fixtureId: f.id, side: "visitor" });
    }
    const teamIds = [...firstFixture.keys()];
    const [facts, fixtures] = await Promise.all([
      figures.get("team-trends", teamIds, now, computeTeamTrends),
      views(upcoming.map((f) => f.id)),
    ]);
    // Base rates of the teams of the range: their counts summed (the same as counting all their matches together).
    const rates = pooledRates(
      teamIds.map((id) => facts.get(id)?.counts ?? {}),
      TEAM_EVENTS.map((e) => e.key),
    );
    const items: TrendItem[] = [];
    for (const [teamId, where] of firstFixture) {
      const fixture = fixtures.get(where.fixtureId);
      if (!fixture) continue;
      const team = where.side === "local" ? fixture.localTeam : fixture.visitorTeam;
      for (const trend of trendsOf(teamId, facts.get(teamId)?.candidates ?? [], rates))
        items.push({ fixture, team: { id: team.id, name: team.name, side: where.side }, trend });
    }
    return items;
  }

  function cachedTrends(from: Date, to: Date) {
    const now = ctx.clock.now().getTime();
    const key = `${from.getTime()}|${to.getTime()}|${Math.floor(now / CACHE_MS)}`;
    for (const [k, v] of trendCache) if (now - v.at > CACHE_MS) trendCache.delete(k);
    let entry = trendCache.get(key);
    if (!entry) {
      const created: TrendEntry = { at: now, value: allTrends(from, to) };
      created.value.then(
        (items) => {
          created.items = items;
        },
        () => trendCache.delete(key),
      );
      trendCache.set(key, created);
      entry = created;
    }
    return entry;
  }

  /** The default range, stale by at most two cache periods while its successor is computed in the background. */
  async function defaultTrends(from: Date, to: Date): Promise<{ from: Date; to: Date; items: TrendItem[] }> {
    const entry = cachedTrends(from, to);
    if (!entry.items && lastDefault && from.getTime() - lastDefault.from.getTime() <= 2 * CACHE_MS) return lastDefault;
    const items = entry.items ?? (await entry.value);
    if (!lastDefault || lastDefault.from <= from) lastDefault = { from, to, items };
    return { from, to, items };
  }

  /** A team's page as of `now` with every event (visibility is applied when it is shown). */
  async function teamPage(teamId: number, seasonId: number | undefined, now: Date) {
    const team = await teamById(ctx.pool, teamId);
    if (!team) throw notFound("apiErrors.noTeam", { id: teamId });
    const seasons = await teamSeasons(ctx.pool, teamId, now);
    const season = seasonId === undefined ? seasons[0] : seasons.find((s) => s.seasonId === seasonId);
    if (seasonId !== undefined && !season) throw notFound("apiErrors.teamNoSeason", { teamId, seasonId });
    const current = season !== undefined && season === seasons[0];
    const matches = season ? await teamSeasonMatches(ctx.pool, teamId, season.seasonId, now, now) : [];
    // In the current season, the last 5/10 reach back into the previous season when it has just begun.
    const recent = current
      ? ((await recentTeamMatches(ctx.pool, [teamId], now, now, RECENT_MATCHES)).get(teamId) ?? [])
      : matches;
    const nextId = current ? await nextFixtureId(ctx.pool, teamId, now) : null;
    const fixtures = await views([...recent.slice(0, 5).map((m) => m.fixtureId), ...(nextId ? [nextId] : [])], now);
    return {
      team: {
        id: team.id,
        name: team.name,
        country: { id: team.countryId, name: team.countryName, code: team.countryCode },
      },
      season: season ?? null,
      seasons,
      stats: teamStats(matches, recent),
      lastMatches: recent.slice(0, 5).flatMap((m) => (fixtures.has(m.fixtureId) ? [fixtures.get(m.fixtureId)!] : [])),
      next: nextId ? (fixtures.get(nextId) ?? null) : null,
    };
  }
  type TeamPage = Awaited<ReturnType<typeof teamPage>>;

  /** Teams' current pages as of `at`, each holding until its next kick-off or the end of its match being played (unknown teams are left out). */
  const computeTeams: Compute<TeamPage> = async (teamIds, at) => {
    const until = await teamValidUntil(ctx.pool, teamIds, at);
    const out: Array<{ subjectId: number; data: TeamPage; validUntil: Date | null }> = [];
    for (const id of teamIds) {
      if (!(await teamById(ctx.pool, id))) continue;
      out.push({ subjectId: id, data: await teamPage(id, undefined, at), validUntil: until.get(id) ?? null });
    }
    return out;
  };

  /** Both teams' statistics before each fixture as known at `at`, holding until one of their earlier matches ends (unknown fixtures are left out). */
  const computePreMatch: Compute<PreMatchStats> = async (fixtureIds, at) => {
    const rows = await fixturesByIds(ctx.pool, fixtureIds, at);
    const until = await preMatchValidUntil(
      ctx.pool,
      rows.map((r) => r.id),
      at,
    );
    const out: Array<{ subjectId: number; data: PreMatchStats; validUntil: Date | null; store: boolean }> = [];
    for (const row of rows) {
      const before = row.kickoff;
      const [homeSeason, awaySeason, recent] = await Promise.all([
        teamSeasonMatches(ctx.pool, row.homeTeamId, row.seasonId, before, at),
        teamSeasonMatches(ctx.pool, row.awayTeamId, row.seasonId, before, at),
        recentTeamMatches(ctx.pool, [row.homeTeamId, row.awayTeamId], before, at, RECENT_MATCHES),
      ]);
      out.push({
        subjectId: row.id,
        data: {
          before: before.toISOString(),
          localTeam: teamStats(homeSeason, recent.get(row.homeTeamId)),
          visitorTeam: teamStats(awaySeason, recent.get(row.awayTeamId)),
        },
        validUntil: until.get(row.id) ?? null,
        // Fixtures of the last days and ahead are kept; an older one (rarely asked for) is computed per request.
        store: row.kickoff.getTime() >= at.getTime() - KEEP_PRE_MATCH_MS,
      });
    }
    return out;
  };

  return {
    /**
     * A team's 100+ events of a season (default: its newest), overall, home and away, season, last 10 and last 5;
     * the premium events (lines, halves, corners, cards, shots) for premium members only. The newest season's
     * page is precomputed (and stored by the first request that finds none); older seasons are computed here.
     */
    async team(teamId: number, seasonId: number | undefined, premium: boolean) {
      const now = ctx.clock.now();
      const stored = (await figures.get("team", [teamId], now, computeTeams)).get(teamId);
      if (!stored) throw notFound("apiErrors.noTeam", { id: teamId });
      const page =
        seasonId === undefined || stored.season?.seasonId === seasonId ? stored : await teamPage(teamId, seasonId, now);
      return { ...page, stats: visibleTeamStats(page.stats, premium) };
    },

    /**
     * Both teams' events before a fixture, walk-forward: only matches that had ended before its kick-off, so a
     * finished match shows what was known before it began. Season window: the fixture's season; last 10/5: any
     * season. Precomputed per fixture; a stored row holds until one of the teams' earlier matches ends.
     */
    async preMatch(fixtureId: number, premium: boolean): Promise<PreMatchStats> {
      const all = (await figures.get("pre-match", [fixtureId], ctx.clock.now(), computePreMatch)).get(fixtureId);
      if (!all) throw notFound("apiErrors.noFixture", { id: fixtureId });
      return {
        before: all.before,
        localTeam: visibleTeamStats(all.localTeam, premium),
        visitorTeam: visibleTeamStats(all.visitorTeam, premium),
      };
    },

    /** The computations behind the precomputed figures, as of `at` (the precompute job and the tests use them). */
    compute: { teams: computeTeams, preMatch: computePreMatch, teamTrends: computeTeamTrends },

    /** What the match page's pre-match tab shows: the home team's season at home and last 10, the away team's last 10 and season away. */
    async preMatchColumns(fixtureId: number, premium: boolean) {
      const all = await this.preMatch(fixtureId, premium);
      return {
        before: all.before,
        localTeam: { venue: all.localTeam.season.home, last10: all.localTeam.last10.overall },
        visitorTeam: { venue: all.visitorTeam.season.away, last10: all.visitorTeam.last10.overall },
      };
    },

    /**
     * Trends of the teams of the upcoming fixtures (default: the next 48 hours). Free users and visitors get
     * only the free events; `lockedCount` says how many premium trends they do not see.
     */
    async trends(params: { from?: Date; to?: Date; tab: TrendsTab; premium: boolean }) {
      const now = ctx.clock.now();
      const periodStart = new Date(Math.floor(now.getTime() / CACHE_MS) * CACHE_MS);
      const asked = range(params.from ?? periodStart, params.to, now, 2, 7);
      const {
        from,
        to,
        items: all,
      } = params.from || params.to
        ? { ...asked, items: await cachedTrends(asked.from, asked.to).value }
        : await defaultTrends(asked.from, asked.to);
      const free = new Set(FREE_TREND_EVENTS);
      const visible = params.premium ? all : all.filter((i) => free.has(i.trend.event));
      const lockedCount = all.length - visible.length;
      let items: TrendItem[];
      if (params.tab === "TopTrends") {
        const top = new Set(
          topTrends(
            visible.map((i) => i.trend),
            TOP_TRENDS,
          ),
        );
        items = visible.filter((i) => top.has(i.trend)).sort((a, b) => b.trend.strength - a.trend.strength);
      } else {
        const perTeam = new Map<number, number>();
        items = visible
          .filter((i) => {
            const n = perTeam.get(i.team.id) ?? 0;
            perTeam.set(i.team.id, n + 1);
            return n < TRENDS_PER_TEAM;
          })
          .sort(
            (a, b) =>
              a.fixture.kickoff.localeCompare(b.fixture.kickoff) ||
              a.fixture.id - b.fixture.id ||
              (a.team.side === b.team.side ? b.trend.strength - a.trend.strength : a.team.side === "local" ? -1 : 1),
          );
      }
      return {
        tab: params.tab,
        from: from.toISOString(),
        to: to.toISOString(),
        premium: params.premium,
        events: params.premium ? null : FREE_TREND_EVENTS,
        lockedCount,
        items,
      };
    },

    /** Best teams by market (premium): teams with the best rate of the chosen events over their last N matches, with their next fixture. */
    async bestTeams(query: BestTeamsQuery, access: Access) {
      requirePremium(access);
      const unknown = query.events.filter((e) => !isTeamEvent(e));
      if (query.events.length === 0 || unknown.length > 0)
        throw unknown.length > 0
          ? badRequest("apiErrors.unknownEvent", { field: "events", events: unknown.join(", ") })
          : badRequest("apiErrors.noEvent", { field: "events" });
      if (
        !Number.isInteger(query.matchesQuantity) ||
        query.matchesQuantity < 1 ||
        query.matchesQuantity > MAX_MATCHES_QUANTITY
      ) {
        throw badRequest("apiErrors.wholeNumberRange", { field: "matchesQuantity", min: 1, max: MAX_MATCHES_QUANTITY });
      }
      if (query.minOdd > query.maxOdd) throw badRequest("apiErrors.minAboveMax", { min: "minOdd", max: "maxOdd" });
      if (query.minProbability > query.maxProbability)
        throw badRequest("apiErrors.minAboveMax", { min: "minProbability", max: "maxProbability" });
      const now = ctx.clock.now();
      const { from, to } = range(query.from, query.to, now, 3, 14);
      const upcoming = await upcomingFixtures(ctx.pool, {
        from,
        to,
        now,
        leagueIds: query.leagueIds,
        limit: MAX_UPCOMING,
      });
      const next = new Map<number, { fixtureId: number; venue: "home" | "away" }>();
      for (const f of upcoming) {
        if (!next.has(f.homeTeamId)) next.set(f.homeTeamId, { fixtureId: f.id, venue: "home" });
        if (!next.has(f.awayTeamId)) next.set(f.awayTeamId, { fixtureId: f.id, venue: "away" });
      }
      const history = await recentTeamMatches(ctx.pool, [...next.keys()], now, now, query.matchesQuantity);
      const ranked = rankTeams(
        [...history].map(([teamId, matches]: [number, TeamMatch[]]) => ({ teamId, matches })),
        query.events,
        query.matchesQuantity,
      );
      const fixtureIds = [...new Set(upcoming.map((f) => f.id))];
      const [fixtures, stored] = await Promise.all([views(fixtureIds), predictionsFor(ctx.pool, fixtureIds)]);
      const markets = new Map<number, Record<string, number>>();
      const rows: BestTeamRow[] = [];
      for (const r of ranked) {
        const where = next.get(r.teamId)!;
        const fixture = fixtures.get(where.fixtureId);
        if (!fixture) continue;
        const key = marketOf(r.event, where.venue);
        const p = stored.get(where.fixtureId);
        if (p && !markets.has(where.fixtureId)) markets.set(where.fixtureId, marketsOf(p.final));
        const probability = key && p ? (markets.get(where.fixtureId)![key] ?? null) : null;
        const odds = key && p ? (pricesOf(p.market)[key] ?? null) : null;
        if (
          !inRange(
            probability === null ? null : probability * 100,
            [query.minProbability, query.maxProbability],
            DEFAULT_PROBABILITIES,
          )
        )
          continue;
        if (!inRange(odds, [query.minOdd, query.maxOdd], DEFAULT_QUOTES)) continue;
        const team = where.venue === "home" ? fixture.localTeam : fixture.visitorTeam;
        rows.push({
          team: { id: team.id, name: team.name },
          event: r.event,
          occurrences: r.occurrences,
          totalMatches: r.totalMatches,
          rate: r.rate,
          fixture,
          probability,
          odds,
        });
        if (rows.length >= 100) break;
      }
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        events: query.events,
        matchesQuantity: query.matchesQuantity,
        choices: BEST_TEAMS_EVENTS,
        rows,
      };
    },
  };
}
