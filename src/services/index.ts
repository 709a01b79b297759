import type { ServiceContext } from "./context.ts";
import { createDataVersion } from "./data-version.ts";
import { createFixturesService } from "./fixtures.ts";
import { type HealthProbes, createHealthService } from "./health.ts";
import { createFootballDataSync } from "./sync/football-data.ts";
import { createSportmonksSync } from "./sync/sportmonks.ts";
import { createTeamAliasesService } from "./team-aliases.ts";
import { createAccessService } from "./access.ts";
import { createAccountsService } from "./accounts.ts";
import { createAffiliatesService } from "./affiliates.ts";
import { createAlertsService } from "./alerts.ts";
import { createPaymentsService } from "./payments.ts";
import { createCommunityService } from "./community.ts";
import { createFavouritesService } from "./favourites.ts";
import { createLeaguesService } from "./leagues.ts";
import { createMatchNotificationsService } from "./match-notifications.ts";
import { createPredictionPipeline } from "./predictions-pipeline.ts";
import { createPredictionsService } from "./predictions.ts";
import { createTeamStatsService } from "./team-stats.ts";
import { createStatsService } from "./stats.ts";
import { createPreviewsService } from "./previews.ts";
import { createLiveService } from "./live.ts";
import { createLiveScannerService } from "./live-scanner.ts";
import { createTelegramGroupService } from "./telegram-group.ts";
import { createTrendBotService } from "./trend-bot.ts";
import { createValueBetsService } from "./value-bets.ts";
import { createPrematchService } from "./scanner/prematch.ts";
import { createLiveBacktestService } from "./scanner/live-backtest.ts";
import { createLiveFiltersService } from "./scanner/live-filters.ts";
import { createFigures, createPrecomputeService } from "./precomputed.ts";
import { createScaleService } from "./scale.ts";
import { createChanges } from "./changes.ts";
import { memoizePerMinute } from "./minute-memo.ts";

/** The only entry for pages, API and jobs. */
export function createServices(ctx: ServiceContext, probes: HealthProbes) {
  const scale = createScaleService(ctx);
  // Changes other processes must see at once (PostgreSQL NOTIFY): new predictions move every process's data version.
  const changes = createChanges(ctx, scale.instance);
  const dataVersion = createDataVersion(ctx.clock);
  changes.on("data", dataVersion.changed);
  const figures = createFigures(ctx);
  // A team's and a fixture's statistics for the rest of the minute, as the pages' data: one read of the stored
  // figures a minute per team, not one per request (the API answered about 340 a second, parsing them each time).
  const teamStats = memoizePerMinute(dataVersion, createTeamStatsService(ctx, figures), ["team", "preMatch"]);
  const leagues = createLeaguesService(ctx, figures);
  const alerts = createAlertsService(ctx, scale.instance);
  const live = createLiveService(ctx);
  const prematch = createPrematchService(ctx, alerts, dataVersion);
  return {
    scale,
    changes,
    dataVersion,
    clock: ctx.clock,
    siteLinks: ctx.siteLinks ?? { social: [] },
    accounts: createAccountsService(ctx),
    access: createAccessService(ctx),
    payments: createPaymentsService(ctx),
    affiliates: createAffiliatesService(ctx),
    fixtures: createFixturesService(ctx),
    leagues,
    predictions: createPredictionsService(ctx, dataVersion),
    pipeline: createPredictionPipeline(ctx, () => void changes.publish("data").catch(() => {})),
    /** real mode's sync from football-data.co.uk; null where it is not configured */
    footballData: ctx.sources?.footballData
      ? {
          ...createFootballDataSync(
            ctx,
            ctx.sources.footballData.files,
            () => void changes.publish("data").catch(() => {}),
          ),
          everyMs: ctx.sources.footballData.everyMs,
        }
      : null,
    /** real mode's pre-match prices from SportMonks; null where no token is configured */
    sportmonks: ctx.sources?.sportmonks
      ? {
          ...createSportmonksSync(ctx, ctx.sources.sportmonks.api, () => void changes.publish("data").catch(() => {})),
          everyMs: ctx.sources.sportmonks.everyMs,
        }
      : null,
    /** the operator's team aliases and accepted new teams (the sync's name matching) */
    teamAliases: createTeamAliasesService(ctx),
    community: createCommunityService(ctx),
    favourites: createFavouritesService(ctx),
    health: createHealthService(ctx, probes, scale),
    matchNotifications: createMatchNotificationsService(ctx),
    teamStats,
    stats: createStatsService(ctx),
    previews: createPreviewsService(ctx),
    live,
    alerts,
    valueBets: createValueBetsService(ctx, alerts),
    trendBot: createTrendBotService(ctx, teamStats, alerts),
    telegramGroup: createTelegramGroupService(ctx),
    prematch,
    liveBacktest: createLiveBacktestService(ctx, live, prematch),
    liveFilters: createLiveFiltersService(ctx, alerts, live),
    precompute: createPrecomputeService(ctx, figures, {
      teams: teamStats.compute.teams,
      preMatch: teamStats.compute.preMatch,
      leagueStats: leagues.compute.statistics,
      teamTrends: teamStats.compute.teamTrends,
    }),
    // Among several workers, the scanner follows this worker's shards only (src/services/scale.ts).
    liveScanner: createLiveScannerService(ctx, {
      alerts,
      features: prematch.featureStore,
      currentStates: async () => (await live.currentStates()).filter((s) => scale.owns(s.fixtureId)),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { FixtureView } from "./fixtures.ts";
