import type { ServiceContext } from "./context.ts";
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
import { createPrematchService } from "./prematch.ts";

/** The only entry for pages, API and jobs. */
export function createServices(ctx: ServiceContext, probes: HealthProbes) {
  const alerts = createAlertsService(ctx);
  return {
    clock: ctx.clock,
    siteLinks: ctx.siteLinks ?? { social: [] },
    accounts: createAccountsService(ctx),
    access: createAccessService(ctx),
    payments: createPaymentsService(ctx),
    affiliates: createAffiliatesService(ctx),
    fixtures: createFixturesService(ctx),
    leagues: createLeaguesService(ctx),
    predictions: createPredictionsService(ctx),
    pipeline: createPredictionPipeline(ctx),
    community: createCommunityService(ctx),
    favourites: createFavouritesService(ctx),
    health: createHealthService(ctx, probes),
    matchNotifications: createMatchNotificationsService(ctx),
    teamStats: createTeamStatsService(ctx),
    stats: createStatsService(ctx),
    prematch: createPrematchService(ctx, alerts),
    alerts,
  };
}

export type Services = ReturnType<typeof createServices>;
export type { FixtureView } from "./fixtures.ts";
export { ServiceError } from "./errors.ts";
