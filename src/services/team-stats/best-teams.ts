import { predictionsFor } from "../../db/queries/predictions.ts";
import { recentTeamMatches, upcomingFixtures } from "../../db/queries/team-stats.ts";
import type { Access } from "../../domain/premium/access.ts";
import { marketsOf } from "../../domain/predictions/probabilities.ts";
import {
  BEST_TEAMS_EVENTS,
  DEFAULT_PROBABILITIES,
  DEFAULT_QUOTES,
  MAX_MATCHES_QUANTITY,
  inRange,
  rankTeams,
} from "../../domain/stats/best-teams.ts";
import { type TeamMatch, isTeamEvent, marketOf } from "../../domain/stats/team-events.ts";
import { requirePremium } from "../access.ts";
import { badRequest } from "../errors.ts";
import type { TeamStatsDeps } from "./deps.ts";
import { type BestTeamRow, type BestTeamsQuery, MAX_UPCOMING, range } from "./shared.ts";

/** Pre-match prices by market key, from the stored prediction's market input. */
function pricesOf(market: unknown): Record<string, number> {
  const prices = (market as { prices?: { x12?: number[]; ou25?: number[] } } | null)?.prices;
  const out: Record<string, number> = {};
  if (prices?.x12) [out["1"], out.X, out["2"]] = prices.x12 as [number, number, number];
  if (prices?.ou25) [out.O25, out.U25] = prices.ou25 as [number, number];
  return out;
}

/** Refuses a query with no or unknown events, a number of matches out of range, or a minimum above its maximum. */
function checkQuery(query: BestTeamsQuery) {
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
}

/** Best teams by market (premium): teams with the best rate of the chosen events over their last N matches, with their next fixture. */
export async function bestTeams(d: TeamStatsDeps, query: BestTeamsQuery, access: Access) {
  const { ctx, views } = d;
  requirePremium(access);
  checkQuery(query);
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
}
