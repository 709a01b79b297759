import type { ServiceContext } from "./context.ts";
import { createFavouritesDeps } from "./favourites/deps.ts";
import {
  addTeam,
  createGroup,
  deleteGroup,
  removeTeam,
  removeTeamFromGroup,
  searchTeams,
  teamGroups,
  teams,
  updateGroup,
} from "./favourites/groups.ts";
import { addLeague, addMatch, leagues, matches, removeLeague, removeMatch } from "./favourites/leagues-matches.ts";
import { fixtures, merge, reset, state } from "./favourites/state.ts";

export type { FavouriteLeagueView, TeamGroupView } from "./favourites/shared.ts";

/**
 * Favourite teams, groups, leagues and matches of one account: every call reads and writes that account's rows
 * only. One use case per function in src/services/favourites/ (groups and teams, leagues and matches, state).
 */
export function createFavouritesService(ctx: ServiceContext) {
  const d = createFavouritesDeps(ctx);
  return {
    teamGroups: (...args: DropFirst<Parameters<typeof teamGroups>>) => teamGroups(d, ...args),
    createGroup: (...args: DropFirst<Parameters<typeof createGroup>>) => createGroup(d, ...args),
    updateGroup: (...args: DropFirst<Parameters<typeof updateGroup>>) => updateGroup(d, ...args),
    deleteGroup: (...args: DropFirst<Parameters<typeof deleteGroup>>) => deleteGroup(d, ...args),
    addTeam: (...args: DropFirst<Parameters<typeof addTeam>>) => addTeam(d, ...args),
    removeTeamFromGroup: (...args: DropFirst<Parameters<typeof removeTeamFromGroup>>) =>
      removeTeamFromGroup(d, ...args),
    teams: (...args: DropFirst<Parameters<typeof teams>>) => teams(d, ...args),
    removeTeam: (...args: DropFirst<Parameters<typeof removeTeam>>) => removeTeam(d, ...args),
    searchTeams: (...args: DropFirst<Parameters<typeof searchTeams>>) => searchTeams(d, ...args),
    leagues: (...args: DropFirst<Parameters<typeof leagues>>) => leagues(d, ...args),
    addLeague: (...args: DropFirst<Parameters<typeof addLeague>>) => addLeague(d, ...args),
    removeLeague: (...args: DropFirst<Parameters<typeof removeLeague>>) => removeLeague(d, ...args),
    matches: (...args: DropFirst<Parameters<typeof matches>>) => matches(d, ...args),
    addMatch: (...args: DropFirst<Parameters<typeof addMatch>>) => addMatch(d, ...args),
    removeMatch: (...args: DropFirst<Parameters<typeof removeMatch>>) => removeMatch(d, ...args),
    state: (...args: DropFirst<Parameters<typeof state>>) => state(d, ...args),
    merge: (...args: DropFirst<Parameters<typeof merge>>) => merge(d, ...args),
    reset: (...args: DropFirst<Parameters<typeof reset>>) => reset(d, ...args),
    fixtures: (...args: DropFirst<Parameters<typeof fixtures>>) => fixtures(d, ...args),
  };
}

/** A use case's parameters after its dependencies. */
type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type FavouritesService = ReturnType<typeof createFavouritesService>;
