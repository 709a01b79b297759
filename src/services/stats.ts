import type { ServiceContext } from "./context.ts";
import { advancedFilter, advancedFilterJson } from "./stats/advanced-filter.ts";
import { createStatsDeps } from "./stats/deps.ts";
import {
  createLeagueGroup,
  leagueGroup,
  listLeagueGroups,
  removeLeagueGroup,
  updateLeagueGroup,
} from "./stats/league-groups.ts";
import { teamsOfSeason, topLeagues } from "./stats/leagues-and-teams.ts";
import { listSavedSearches, removeSavedSearch, saveSearch } from "./stats/saved-searches.ts";

/**
 * The advanced statistical filter, saved configurations, league groups, top leagues and season teams. One use
 * case per function in src/services/stats/ (advanced filter and the facts of its days, saved searches, league
 * groups, leagues and teams).
 */
export function createStatsService(ctx: ServiceContext) {
  const d = createStatsDeps(ctx);
  return {
    advancedFilter: (...args: DropFirst<Parameters<typeof advancedFilter>>) => advancedFilter(d, ...args),
    advancedFilterJson: (...args: DropFirst<Parameters<typeof advancedFilterJson>>) => advancedFilterJson(d, ...args),
    savedSearches: {
      list: (...args: DropFirst<Parameters<typeof listSavedSearches>>) => listSavedSearches(d, ...args),
      save: (...args: DropFirst<Parameters<typeof saveSearch>>) => saveSearch(d, ...args),
      remove: (...args: DropFirst<Parameters<typeof removeSavedSearch>>) => removeSavedSearch(d, ...args),
    },
    leagueGroups: {
      list: (...args: DropFirst<Parameters<typeof listLeagueGroups>>) => listLeagueGroups(d, ...args),
      get: (...args: DropFirst<Parameters<typeof leagueGroup>>) => leagueGroup(d, ...args),
      create: (...args: DropFirst<Parameters<typeof createLeagueGroup>>) => createLeagueGroup(d, ...args),
      update: (...args: DropFirst<Parameters<typeof updateLeagueGroup>>) => updateLeagueGroup(d, ...args),
      remove: (...args: DropFirst<Parameters<typeof removeLeagueGroup>>) => removeLeagueGroup(d, ...args),
    },
    topLeagues: (...args: DropFirst<Parameters<typeof topLeagues>>) => topLeagues(d, ...args),
    teamsOfSeason: (...args: DropFirst<Parameters<typeof teamsOfSeason>>) => teamsOfSeason(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
