/** Merging a visitor's browser favourites into the account they sign in to. */

import { isMatchExpired } from "./leagues-matches.ts";
import {
  type FavouritesState,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  MAX_TEAM_GROUPS,
  sameGroupName,
} from "./state.ts";

/** What the account already holds, by id. */
export interface AccountFavourites {
  groups: Array<{ id: number; name: string; generic: boolean; teamIds: number[] }>;
  leagueIds: number[];
  fixtureIds: number[];
}

/** Only what is new: the account's favourites plus these is the union of both, without duplicates. */
export interface MergePlan {
  genericTeamIds: number[];
  addToGroups: Array<{ groupId: number; teamIds: number[] }>;
  newGroups: Array<{ name: string; description: string; teamIds: number[] }>;
  /** named groups left out because the account would pass the group limit */
  skippedGroups: string[];
  leagueIds: number[];
  matches: Array<{ fixtureId: number; timestamp: number }>;
}

const unique = (ids: number[]) => [...new Set(ids)];
const missing = (ids: number[], present: Iterable<number>) => {
  const have = new Set(present);
  return unique(ids).filter((id) => !have.has(id));
};

/**
 * The union of the account and the browser: the flat list joins the generic group, a named group joins the
 * account's group of the same name or becomes a new group while the limit allows, leagues and unexpired
 * matches are added once.
 */
export function planMerge(account: AccountFavourites, local: FavouritesState, nowMs: number): MergePlan {
  const generic = account.groups.find((g) => g.generic);
  const localGeneric = local.groups.filter((g) => g.generic).flatMap((g) => g.teams.map((t) => t.id));
  const genericTeamIds = missing([...local.teams.map((t) => t.id), ...localGeneric], generic?.teamIds ?? []);

  const addToGroups = new Map<number, number[]>();
  const newGroups: MergePlan["newGroups"] = [];
  const skippedGroups: string[] = [];
  let named = account.groups.filter((g) => !g.generic).length;
  for (const group of local.groups.filter((g) => !g.generic)) {
    const name = group.name.trim().slice(0, GROUP_NAME_MAX);
    if (!name) continue;
    const teamIds = group.teams.map((t) => t.id);
    const existing = account.groups.find((g) => !g.generic && sameGroupName(g.name, name));
    if (existing) {
      const queued = addToGroups.get(existing.id) ?? [];
      addToGroups.set(existing.id, [...queued, ...missing(teamIds, [...existing.teamIds, ...queued])]);
      continue;
    }
    const planned = newGroups.find((g) => sameGroupName(g.name, name));
    if (planned) {
      planned.teamIds = unique([...planned.teamIds, ...teamIds]);
    } else if (named < MAX_TEAM_GROUPS) {
      newGroups.push({
        name,
        description: group.description.trim().slice(0, GROUP_DESCRIPTION_MAX),
        teamIds: unique(teamIds),
      });
      named++;
    } else {
      skippedGroups.push(name);
    }
  }

  const knownMatches = new Set(account.fixtureIds);
  const matches: MergePlan["matches"] = [];
  for (const m of local.matches) {
    if (isMatchExpired(m, nowMs) || knownMatches.has(m.fixtureId)) continue;
    knownMatches.add(m.fixtureId);
    matches.push({ fixtureId: m.fixtureId, timestamp: m.timestamp });
  }

  return {
    genericTeamIds,
    addToGroups: [...addToGroups]
      .filter(([, ids]) => ids.length > 0)
      .map(([groupId, teamIds]) => ({ groupId, teamIds })),
    newGroups,
    skippedGroups,
    leagueIds: missing(local.leagues, account.leagueIds),
    matches,
  };
}
