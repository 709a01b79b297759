import type { ServiceContext } from "./context.ts";
import { type Figures, createFigures } from "./precomputed.ts";
import { bestTeams } from "./team-stats/best-teams.ts";
import { createTeamStatsDeps } from "./team-stats/deps.ts";
import { computePreMatch, preMatch, preMatchColumns } from "./team-stats/pre-match.ts";
import { computeTeams, team } from "./team-stats/team-page.ts";
import { computeTeamTrends, trendLeagues, trends, trendsPage } from "./team-stats/trends.ts";

export type { TrendItem } from "./team-stats/shared.ts";

/**
 * Team statistics: a team's page, both teams' events before a fixture, the trends of the upcoming fixtures and
 * the best teams by market. One use case per function in src/services/team-stats/ (team page, pre-match,
 * trends, best teams).
 */
export function createTeamStatsService(ctx: ServiceContext, figures: Figures = createFigures(ctx)) {
  const d = createTeamStatsDeps(ctx, figures);
  return {
    team: (...args: DropFirst<Parameters<typeof team>>) => team(d, ...args),
    preMatch: (...args: DropFirst<Parameters<typeof preMatch>>) => preMatch(d, ...args),
    /** The computations behind the precomputed figures, as of `at` (the precompute job and the tests use them). */
    compute: {
      teams: (...args: DropFirst<Parameters<typeof computeTeams>>) => computeTeams(d, ...args),
      preMatch: (...args: DropFirst<Parameters<typeof computePreMatch>>) => computePreMatch(d, ...args),
      teamTrends: (...args: DropFirst<Parameters<typeof computeTeamTrends>>) => computeTeamTrends(d, ...args),
    },
    preMatchColumns: (...args: DropFirst<Parameters<typeof preMatchColumns>>) => preMatchColumns(d, ...args),
    trends: (...args: DropFirst<Parameters<typeof trends>>) => trends(d, ...args),
    trendsPage: (...args: DropFirst<Parameters<typeof trendsPage>>) => trendsPage(d, ...args),
    trendLeagues: (...args: DropFirst<Parameters<typeof trendLeagues>>) => trendLeagues(d, ...args),
    bestTeams: (...args: DropFirst<Parameters<typeof bestTeams>>) => bestTeams(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
