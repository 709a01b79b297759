import * as q from "../../db/queries/stats.ts";
import { rankTopLeagues } from "../../domain/stats/top-leagues.ts";
import { badRequest, notFound } from "../errors.ts";
import type { StatsDeps } from "./deps.ts";

/** Leagues with matches in the last year, by priority (see rankTopLeagues). */
export async function topLeagues(d: StatsDeps, countryCode?: string) {
  const { ctx } = d;
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
}

/** Teams of a season, cached per season (a season's teams do not change). */
export async function teamsOfSeason(d: StatsDeps, seasonId: number) {
  const { ctx, seasonTeams } = d;
  const cached = seasonTeams.get(seasonId);
  if (cached) return cached;
  if (!(await q.seasonExists(ctx.pool, seasonId))) throw notFound("apiErrors.noSeason", { id: seasonId });
  const teams = await q.teamsOfSeason(ctx.pool, seasonId);
  seasonTeams.set(seasonId, teams);
  return teams;
}
