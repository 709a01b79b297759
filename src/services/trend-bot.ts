import type { Access } from "../domain/premium/access.ts";
import { requirePremium } from "./access.ts";
import type { ServiceContext } from "./context.ts";
import type { createTeamStatsService } from "./team-stats.ts";

/** The trend bot looks at the fixtures of the next 24 hours. */
const HORIZON_MS = 24 * 3_600_000;
const MAX_TRENDS = 20;

export interface BotTrend {
  fixture: { id: number; kickoff: string; homeTeam: string; awayTeam: string; league: { id: number; name: string; country: string } };
  team: { id: number; name: string; side: "local" | "visitor" };
  event: string;
  venue: string;
  kind: "consecutive" | "rate";
  occurrences: number;
  totalMatches: number;
  strength: number;
}

/** The trend bot: the strongest trends (streaks and rates of the trends feature) of the next 24 hours, for members. */
export function createTrendBotService(ctx: ServiceContext, teamStats: ReturnType<typeof createTeamStatsService>) {
  return {
    async strongest(access: Access): Promise<BotTrend[]> {
      requirePremium(access);
      const now = ctx.clock.now();
      const { items } = await teamStats.trends({ tab: "TopTrends", from: now, to: new Date(now.getTime() + HORIZON_MS), premium: true });
      return items.slice(0, MAX_TRENDS).map(({ fixture: f, team, trend }) => ({
        fixture: {
          id: f.id,
          kickoff: f.kickoff,
          homeTeam: f.localTeam.name,
          awayTeam: f.visitorTeam.name,
          league: { id: f.league.id, name: f.league.name, country: f.league.country.name },
        },
        team,
        event: trend.event,
        venue: trend.venue,
        kind: trend.kind,
        occurrences: trend.occurrences,
        totalMatches: trend.totalMatches,
        strength: Math.round(trend.strength * 100) / 100,
      }));
    },
  };
}
