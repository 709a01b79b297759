import { teamHistoryValidUntil } from "../../db/queries/precomputed.ts";
import { recentTeamMatches, upcomingFixtures } from "../../db/queries/team-stats.ts";
import { TEAM_EVENTS } from "../../domain/stats/team-events.ts";
import type { Venue } from "../../domain/stats/team-events.ts";
import {
  FREE_TREND_EVENTS,
  type Trend,
  eventCounts,
  pooledRates,
  topTrends,
  trendCandidates,
  trendsOf,
} from "../../domain/stats/trends.ts";
import type { Compute } from "../precomputed.ts";
import type { TeamStatsDeps, TrendEntry } from "./deps.ts";
import { MAX_UPCOMING, type TeamTrendFacts, type TrendItem, type TrendsTab, range } from "./shared.ts";

/** Matches behind a team's trends (any season). */
const TREND_HISTORY = 30;
/** Trends kept per team on the AllTrends tab, and on the TopTrends tab in all. */
const TRENDS_PER_TEAM = 4;
const TOP_TRENDS = 40;
/** Rows of one page of the trends page (it asks by page): the whole list of a busy weekend is thousands of rows. */
const TRENDS_PAGE_ROWS = 100;
/** Trends are cached this long; the default range starts at the beginning of the current period, so that its requests share one computation. */
const CACHE_MS = 2 * 60_000;

/** Each team's trend candidates and event counts over its last TREND_HISTORY matches as of `at`, holding until its next match ends. */
export async function computeTeamTrends(
  d: TeamStatsDeps,
  teamIds: number[],
  at: Date,
): ReturnType<Compute<TeamTrendFacts>> {
  const { ctx } = d;
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
}

async function allTrends(d: TeamStatsDeps, from: Date, to: Date): Promise<TrendItem[]> {
  const { ctx, figures, views } = d;
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
    figures.get("team-trends", teamIds, now, (ids, at) => computeTeamTrends(d, ids, at)),
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

function cachedTrends(d: TeamStatsDeps, from: Date, to: Date) {
  const { ctx, trendCache } = d;
  const now = ctx.clock.now().getTime();
  const key = `${from.getTime()}|${to.getTime()}|${Math.floor(now / CACHE_MS)}`;
  for (const [k, v] of trendCache) if (now - v.at > CACHE_MS) trendCache.delete(k);
  let entry = trendCache.get(key);
  if (!entry) {
    const created: TrendEntry = { at: now, value: allTrends(d, from, to) };
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
async function defaultTrends(
  d: TeamStatsDeps,
  from: Date,
  to: Date,
): Promise<{ from: Date; to: Date; items: TrendItem[] }> {
  const entry = cachedTrends(d, from, to);
  if (!entry.items && d.lastDefault && from.getTime() - d.lastDefault.from.getTime() <= 2 * CACHE_MS)
    return d.lastDefault;
  const items = entry.items ?? (await entry.value);
  if (!d.lastDefault || d.lastDefault.from <= from) d.lastDefault = { from, to, items };
  return { from, to, items };
}

/** What a bettor narrows the trends to: a country, one of its leagues, streaks or rates, a venue. */
export interface TrendFilter {
  country?: string;
  leagueId?: number;
  kind?: Trend["kind"];
  venue?: Venue;
}

function matchesFilter(item: TrendItem, filter: TrendFilter): boolean {
  const { league } = item.fixture;
  return (
    (filter.country === undefined || league.country.name === filter.country) &&
    (filter.leagueId === undefined || league.id === filter.leagueId) &&
    (filter.kind === undefined || item.trend.kind === filter.kind) &&
    (filter.venue === undefined || item.trend.venue === filter.venue)
  );
}

/**
 * Trends of the teams of the upcoming fixtures (default: the next 48 hours). Free users and visitors get
 * only the free events; `lockedCount` says how many premium trends they do not see. `filter` narrows them before
 * the top trends are chosen, so that a small league keeps its own top trends.
 */
export async function trends(
  d: TeamStatsDeps,
  params: { from?: Date; to?: Date; tab: TrendsTab; premium: boolean; filter?: TrendFilter },
) {
  const { ctx } = d;
  const now = ctx.clock.now();
  const periodStart = new Date(Math.floor(now.getTime() / CACHE_MS) * CACHE_MS);
  const asked = range(params.from ?? periodStart, params.to, now, 2, 7);
  const {
    from,
    to,
    items: unfiltered,
  } = params.from || params.to
    ? { ...asked, items: await cachedTrends(d, asked.from, asked.to).value }
    : await defaultTrends(d, asked.from, asked.to);
  const filter = params.filter;
  const all = filter ? unfiltered.filter((i) => matchesFilter(i, filter)) : unfiltered;
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
}

/**
 * One page of the trends page: TRENDS_PAGE_ROWS rows of `trends` (a page past the last is the last one), with the
 * count of all rows and of pages. The whole list of a busy weekend is thousands of rows, megabytes of HTML.
 */
export async function trendsPage(
  d: TeamStatsDeps,
  params: { tab: TrendsTab; premium: boolean; filter?: TrendFilter; page: number },
) {
  const { page: asked, ...rest } = params;
  const all = await trends(d, rest);
  const total = all.items.length;
  const pages = Math.max(1, Math.ceil(total / TRENDS_PAGE_ROWS));
  const page = Math.min(Math.max(1, Math.floor(asked) || 1), pages);
  const items = all.items.slice((page - 1) * TRENDS_PAGE_ROWS, page * TRENDS_PAGE_ROWS);
  return { ...all, items, total, page, pages, pageRows: TRENDS_PAGE_ROWS };
}

/** The leagues of the upcoming fixtures that have trends (of the free events for a free user), by country and name: the filter's choices. */
export async function trendLeagues(d: TeamStatsDeps, params: { premium: boolean }) {
  const { items } = await trends(d, { tab: "AllTrends", premium: params.premium });
  const leagues = new Map<number, { id: number; name: string; country: string }>();
  for (const { fixture } of items)
    leagues.set(fixture.league.id, {
      id: fixture.league.id,
      name: fixture.league.name,
      country: fixture.league.country.name,
    });
  return [...leagues.values()].sort((a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name));
}
