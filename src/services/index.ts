import type { ServiceContext } from "./context.ts";
import { createDataVersion } from "./data-version.ts";
import { createFixturesService } from "./fixtures.ts";
import { type HealthProbes, createHealthService } from "./health.ts";
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
import { createPrematchService } from "./prematch.ts";
import { createLiveBacktestService } from "./live-backtest.ts";
import { createLiveFiltersService } from "./live-filters.ts";
import { createFigures, createPrecomputeService } from "./precomputed.ts";

/** The only entry for pages, API and jobs. */
export function createServices(ctx: ServiceContext, probes: HealthProbes) {
  const dataVersion = createDataVersion(ctx.clock);
  const figures = createFigures(ctx);
  const teamStats = createTeamStatsService(ctx, figures);
  const leagues = createLeaguesService(ctx, figures);
  const alerts = createAlertsService(ctx);
  const live = createLiveService(ctx);
  const prematch = createPrematchService(ctx, alerts, dataVersion);
  return {
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
    pipeline: createPredictionPipeline(ctx, dataVersion.changed),
    community: createCommunityService(ctx),
    favourites: createFavouritesService(ctx),
    health: createHealthService(ctx, probes),
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
    liveScanner: createLiveScannerService(ctx, { alerts, features: prematch.featureStore, currentStates: live.currentStates }),
    liveFilters: createLiveFiltersService(ctx, alerts, live),
    precompute: createPrecomputeService(ctx, figures, { teams: teamStats.compute.teams, preMatch: teamStats.compute.preMatch, leagueStats: leagues.compute.statistics, teamTrends: teamStats.compute.teamTrends }),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { FixtureView } from "./fixtures.ts";
export { ServiceError } from "./errors.ts";
