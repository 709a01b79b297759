import { teamValidUntil } from "../../db/queries/precomputed.ts";
import {
  nextFixtureId,
  recentTeamMatches,
  teamById,
  teamSeasonMatches,
  teamSeasons,
} from "../../db/queries/team-stats.ts";
import { teamStats, visibleTeamStats } from "../../domain/stats/team-events.ts";
import { notFound } from "../errors.ts";
import type { Compute } from "../precomputed.ts";
import type { TeamStatsDeps } from "./deps.ts";
import { RECENT_MATCHES } from "./shared.ts";

/** A team's page as of `now` with every event (visibility is applied when it is shown). */
async function teamPage(d: TeamStatsDeps, teamId: number, seasonId: number | undefined, now: Date) {
  const { ctx, views } = d;
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
export async function computeTeams(d: TeamStatsDeps, teamIds: number[], at: Date): ReturnType<Compute<TeamPage>> {
  const { ctx } = d;
  const until = await teamValidUntil(ctx.pool, teamIds, at);
  const out: Array<{ subjectId: number; data: TeamPage; validUntil: Date | null }> = [];
  for (const id of teamIds) {
    if (!(await teamById(ctx.pool, id))) continue;
    out.push({ subjectId: id, data: await teamPage(d, id, undefined, at), validUntil: until.get(id) ?? null });
  }
  return out;
}

/**
 * A team's 100+ events of a season (default: its newest), overall, home and away, season, last 10 and last 5;
 * the premium events (lines, halves, corners, cards, shots) for premium members only. The newest season's
 * page is precomputed (and stored by the first request that finds none); older seasons are computed here.
 */
export async function team(d: TeamStatsDeps, teamId: number, seasonId: number | undefined, premium: boolean) {
  const { ctx, figures } = d;
  const now = ctx.clock.now();
  const stored = (await figures.get("team", [teamId], now, (ids, at) => computeTeams(d, ids, at))).get(teamId);
  if (!stored) throw notFound("apiErrors.noTeam", { id: teamId });
  const page =
    seasonId === undefined || stored.season?.seasonId === seasonId ? stored : await teamPage(d, teamId, seasonId, now);
  return { ...page, stats: visibleTeamStats(page.stats, premium) };
}
