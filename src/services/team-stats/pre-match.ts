import { fixturesByIds } from "../../db/queries/fixtures.ts";
import { preMatchValidUntil } from "../../db/queries/precomputed.ts";
import { recentTeamMatches, teamSeasonMatches } from "../../db/queries/team-stats.ts";
import { teamStats, visibleTeamStats } from "../../domain/stats/team-events.ts";
import { notFound } from "../errors.ts";
import type { Compute } from "../precomputed.ts";
import type { TeamStatsDeps } from "./deps.ts";
import { DAY_MS, type PreMatchStats, RECENT_MATCHES } from "./shared.ts";

/** Pre-match figures of fixtures that kicked off up to this long ago are stored. */
const KEEP_PRE_MATCH_MS = 2 * DAY_MS;

/** Both teams' statistics before each fixture as known at `at`, holding until one of their earlier matches ends (unknown fixtures are left out). */
export async function computePreMatch(
  d: TeamStatsDeps,
  fixtureIds: number[],
  at: Date,
): ReturnType<Compute<PreMatchStats>> {
  const { ctx } = d;
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
}

/**
 * Both teams' events before a fixture, walk-forward: only matches that had ended before its kick-off, so a
 * finished match shows what was known before it began. Season window: the fixture's season; last 10/5: any
 * season. Precomputed per fixture; a stored row holds until one of the teams' earlier matches ends.
 */
export async function preMatch(d: TeamStatsDeps, fixtureId: number, premium: boolean): Promise<PreMatchStats> {
  const { ctx, figures } = d;
  const all = (
    await figures.get("pre-match", [fixtureId], ctx.clock.now(), (ids, at) => computePreMatch(d, ids, at))
  ).get(fixtureId);
  if (!all) throw notFound("apiErrors.noFixture", { id: fixtureId });
  return {
    before: all.before,
    localTeam: visibleTeamStats(all.localTeam, premium),
    visitorTeam: visibleTeamStats(all.visitorTeam, premium),
  };
}

/** What the match page's pre-match tab shows: the home team's season at home and last 10, the away team's last 10 and season away. */
export async function preMatchColumns(d: TeamStatsDeps, fixtureId: number, premium: boolean) {
  const all = await preMatch(d, fixtureId, premium);
  return {
    before: all.before,
    localTeam: { venue: all.localTeam.season.home, last10: all.localTeam.last10.overall },
    visitorTeam: { venue: all.visitorTeam.season.away, last10: all.visitorTeam.last10.overall },
  };
}
