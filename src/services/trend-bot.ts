import { trendBotRecipients } from "../db/queries/valuebets.ts";
import type { Access } from "../domain/premium/access.ts";
import { requirePremium } from "./access.ts";
import type { createAlertsService } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";
import type { createTeamStatsService } from "./team-stats.ts";

/** The trend bot looks at the fixtures of the next 24 hours. */
const HORIZON_MS = 24 * 3_600_000;
const MAX_TRENDS = 20;
/** The hourly message keeps to the strongest few. */
const SENT_TRENDS = 10;
/** The bot's name in alerts (a brand, the same in every language). */
const TREND_BOT_NAME = "Pitchlab trend bot";

export interface BotTrend {
  fixture: {
    id: number;
    kickoff: string;
    homeTeam: string;
    awayTeam: string;
    league: { id: number; name: string; country: string };
  };
  team: { id: number; name: string; side: "local" | "visitor" };
  event: string;
  venue: string;
  kind: "consecutive" | "rate";
  occurrences: number;
  totalMatches: number;
  strength: number;
}

/** The trend bot: the strongest trends (streaks and rates of the trends feature) of the next 24 hours, for members. */
export function createTrendBotService(
  ctx: ServiceContext,
  teamStats: ReturnType<typeof createTeamStatsService>,
  alerts?: ReturnType<typeof createAlertsService>,
) {
  async function strongestNow(): Promise<BotTrend[]> {
    const now = ctx.clock.now();
    const { items } = await teamStats.trends({
      tab: "TopTrends",
      from: now,
      to: new Date(now.getTime() + HORIZON_MS),
      premium: true,
    });
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
  }

  return {
    async strongest(access: Access): Promise<BotTrend[]> {
      requirePremium(access);
      return strongestNow();
    },

    /**
     * The hourly run: the strongest trends of the next 24 hours, each sent once (the alerts outbox's unique key)
     * to the members who asked for the bots' messages; a trend still strong an hour later is not sent again.
     */
    async send(): Promise<{ trends: number; notified: number }> {
      if (!alerts) return { trends: 0, notified: 0 };
      const recipients = await trendBotRecipients(ctx.pool, ctx.clock.now());
      const trends = (await strongestNow()).slice(0, SENT_TRENDS);
      let notified = 0;
      if (recipients.length === 0) return { trends: trends.length, notified };
      for (const t of trends) {
        const result = await alerts.recordPick({
          source: "trend",
          filterId: 0,
          fixtureId: t.fixture.id,
          recipients,
          selection: `${t.team.side}:${t.event}:${t.venue}:${t.kind}`.slice(0, 40),
          filterName: TREND_BOT_NAME,
          // A trend is news about a team, not a bet: nothing to grade.
          outcome: "trend",
          odds: null,
          content: {
            home: t.fixture.homeTeam,
            away: t.fixture.awayTeam,
            league: t.fixture.league.name,
            country: t.fixture.league.country,
            kickoff: t.fixture.kickoff,
            trend: {
              key: `trends.${t.kind}.${t.venue}`,
              vars: { team: t.team.name, count: t.occurrences, occurrences: t.occurrences, total: t.totalMatches },
              event: t.event,
            },
          },
        });
        notified += result.notified;
      }
      return { trends: trends.length, notified };
    },
  };
}
