/** The favourites of one visitor or account (SPEC §3 Preferences), and the rules that keep it consistent. */

import { MAX_TEAM_GROUPS } from "../accounts/rules.ts";

export interface FavouriteTeam {
  id: number;
  name: string;
}

export interface TeamGroup {
  id: number;
  name: string;
  description: string;
  /** the default group: it holds the flat list of favourite teams and is never shown as a named group */
  generic: boolean;
  teams: FavouriteTeam[];
}

export interface FavouriteMatch {
  fixtureId: number;
  /** kick-off, in ms: the match is dropped 24 h after it */
  timestamp: number;
}

export interface FavouritesState {
  teams: FavouriteTeam[];
  groups: TeamGroup[];
  leagues: number[];
  matches: FavouriteMatch[];
  selectedGroupId: number | null;
}

/** Why a change is refused; each has a message key under favourites.errors. */
export type Refusal =
  | "teamAlreadyInGroup"
  | "maxGroups"
  | "unknownGroup"
  | "groupNameRequired"
  | "groupNameTooLong"
  | "descriptionTooLong"
  | "matchExpired";

export type Outcome = { ok: true; state: FavouritesState } | { ok: false; refusal: Refusal };

export const refusalKey = (refusal: Refusal) => `favourites.errors.${refusal}`;

export const GENERIC_GROUP_NAME = "generic";
/** A visitor's generic group lives in the browser only; the account's gets its id from the database. */
export const LOCAL_GENERIC_GROUP_ID = 0;
export const GROUP_NAME_MAX = 50;
export const GROUP_DESCRIPTION_MAX = 200;
export { MAX_TEAM_GROUPS };

export function emptyFavourites(): FavouritesState {
  return {
    teams: [],
    groups: [{ id: LOCAL_GENERIC_GROUP_ID, name: GENERIC_GROUP_NAME, description: "", generic: true, teams: [] }],
    leagues: [],
    matches: [],
    selectedGroupId: null,
  };
}

export function hasNothing(state: FavouritesState): boolean {
  return (
    state.teams.length === 0 &&
    state.leagues.length === 0 &&
    state.matches.length === 0 &&
    state.groups.every((g) => g.teams.length === 0 && g.generic)
  );
}

export const genericGroup = (state: FavouritesState) => state.groups.find((g) => g.generic);

/** The groups a user names and manages: the generic one stays hidden. */
export const namedGroups = (state: FavouritesState) => state.groups.filter((g) => !g.generic);

/** Back to defaults: only the generic group is kept and no group is selected. */
export function resetFavourites(state: FavouritesState): FavouritesState {
  return { ...state, groups: state.groups.filter((g) => g.generic), selectedGroupId: null };
}

export interface GroupInput {
  name: string;
  description: string;
}

/** A group's name and description, trimmed; a refusal when the name is missing or either is too long. */
export function checkGroupInput(input: {
  name?: unknown;
  description?: unknown;
}): { ok: true; value: GroupInput } | { ok: false; refusal: Refusal } {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const description = typeof input.description === "string" ? input.description.trim() : "";
  if (!name) return { ok: false, refusal: "groupNameRequired" };
  if (name.length > GROUP_NAME_MAX) return { ok: false, refusal: "groupNameTooLong" };
  if (description.length > GROUP_DESCRIPTION_MAX) return { ok: false, refusal: "descriptionTooLong" };
  return { ok: true, value: { name, description } };
}

/** Same name for merging: case and surrounding spaces do not count. */
export const sameGroupName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
