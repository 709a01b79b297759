import {
  type FavouriteTeam,
  type FavouritesState,
  GENERIC_GROUP_NAME,
  type GroupInput,
  LOCAL_GENERIC_GROUP_ID,
  MAX_TEAM_GROUPS,
  type Outcome,
  type TeamGroup,
  checkGroupInput,
  namedGroups,
} from "./state.ts";

const refuse = (refusal: Extract<Outcome, { ok: false }>["refusal"]): Outcome => ({ ok: false, refusal });
const without = (teams: FavouriteTeam[], teamId: number) => teams.filter((t) => t.id !== teamId);

export const isFavouriteTeam = (state: FavouritesState, teamId: number) => state.teams.some((t) => t.id === teamId);

/**
 * Without a group (or with the generic one) the team goes to the flat list and the generic group;
 * with a named group, to that group only.
 */
export function addTeam(state: FavouritesState, team: FavouriteTeam, groupId?: number | null): Outcome {
  const target =
    groupId === undefined || groupId === null
      ? state.groups.find((g) => g.generic)
      : state.groups.find((g) => g.id === groupId);
  if (groupId !== undefined && groupId !== null && !target) return refuse("unknownGroup");
  if (!target || target.generic) {
    if (isFavouriteTeam(state, team.id) || target?.teams.some((t) => t.id === team.id))
      return refuse("teamAlreadyInGroup");
    const generic: TeamGroup = target ?? {
      id: LOCAL_GENERIC_GROUP_ID,
      name: GENERIC_GROUP_NAME,
      description: "",
      generic: true,
      teams: [],
    };
    const updated = { ...generic, teams: [...generic.teams, team] };
    const groups = target ? state.groups.map((g) => (g === target ? updated : g)) : [updated, ...state.groups];
    return { ok: true, state: { ...state, teams: [...state.teams, team], groups } };
  }
  if (target.teams.some((t) => t.id === team.id)) return refuse("teamAlreadyInGroup");
  return {
    ok: true,
    state: { ...state, groups: state.groups.map((g) => (g === target ? { ...g, teams: [...g.teams, team] } : g)) },
  };
}

/** Out of one group; out of the generic group means out of the flat list too. */
export function removeTeamFromGroup(state: FavouritesState, groupId: number, teamId: number): Outcome {
  const group = state.groups.find((g) => g.id === groupId);
  if (!group) return refuse("unknownGroup");
  const groups = state.groups.map((g) => (g === group ? { ...g, teams: without(g.teams, teamId) } : g));
  return { ok: true, state: { ...state, groups, teams: group.generic ? without(state.teams, teamId) : state.teams } };
}

/** Out of the flat list, which is the generic group; named groups keep the team. */
export function removeTeam(state: FavouritesState, teamId: number): FavouritesState {
  return {
    ...state,
    teams: without(state.teams, teamId),
    groups: state.groups.map((g) => (g.generic ? { ...g, teams: without(g.teams, teamId) } : g)),
  };
}

/** The star on a team: adds it to the flat list, or takes it out. */
export function toggleTeam(state: FavouritesState, team: FavouriteTeam): FavouritesState {
  if (isFavouriteTeam(state, team.id)) return removeTeam(state, team.id);
  const added = addTeam(state, team);
  return added.ok ? added.state : state;
}

export function createGroup(
  state: FavouritesState,
  input: { name?: unknown; description?: unknown },
  id?: number,
): Outcome {
  const checked = checkGroupInput(input);
  if (!checked.ok) return checked;
  if (namedGroups(state).length >= MAX_TEAM_GROUPS) return refuse("maxGroups");
  const newId = id ?? Math.max(LOCAL_GENERIC_GROUP_ID, ...state.groups.map((g) => g.id)) + 1;
  return {
    ok: true,
    state: { ...state, groups: [...state.groups, { id: newId, ...checked.value, generic: false, teams: [] }] },
  };
}

/** Named groups only: the generic group has no name to change. */
export function updateGroup(
  state: FavouritesState,
  id: number,
  input: { name?: unknown; description?: unknown },
): Outcome {
  const checked = checkGroupInput(input);
  if (!checked.ok) return checked;
  const group = namedGroups(state).find((g) => g.id === id);
  if (!group) return refuse("unknownGroup");
  const value: GroupInput = checked.value;
  return { ok: true, state: { ...state, groups: state.groups.map((g) => (g === group ? { ...g, ...value } : g)) } };
}

export function deleteGroup(state: FavouritesState, id: number): Outcome {
  if (!namedGroups(state).some((g) => g.id === id)) return refuse("unknownGroup");
  return {
    ok: true,
    state: {
      ...state,
      groups: state.groups.filter((g) => g.id !== id),
      selectedGroupId: state.selectedGroupId === id ? null : state.selectedGroupId,
    },
  };
}

/** The group whose teams the fixtures list follows; null for all favourites. */
export function selectGroup(state: FavouritesState, id: number | null): FavouritesState {
  return { ...state, selectedGroupId: id !== null && state.groups.some((g) => g.id === id) ? id : null };
}
