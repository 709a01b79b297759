/** The matches a live filter watches: live now in its leagues (all when none), then those kicking off soon. */
import { fixturesKickingOff } from "../../db/queries/scanner-fixtures.ts";
import type { ServiceContext } from "../context.ts";
import type { LiveService } from "../live.ts";
import type { MatchNames } from "./filter-history.ts";

/** Upcoming matches a filter watches: those kicking off within this time. */
const SOON_MS = 3 * 3_600_000;

export interface WatchedMatch extends MatchNames {
  /** live: the minute and score now; upcoming: null */
  live: { minute: number | null; homeScore: number | null; awayScore: number | null } | null;
}

export async function watchedMatches(
  ctx: ServiceContext,
  live: Pick<LiveService, "livescores">,
  leagueIds: number[],
  limit: number,
): Promise<WatchedMatch[]> {
  const leagues = leagueIds.length ? new Set(leagueIds) : null;
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
  if (out.length >= limit) return out;
  const now = ctx.clock.now();
  const soon = new Date(now.getTime() + SOON_MS);
  for (const m of await fixturesKickingOff(ctx.pool, leagueIds, now, soon, limit - out.length)) {
    const { id, kickoff, ...names } = m;
    out.push({ fixtureId: id, kickoff: kickoff.toISOString(), ...names, live: null });
  }
  return out;
}
