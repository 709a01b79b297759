import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/favourites.ts";
import { MAX_TEAM_GROUPS, checkGroupInput, refusalKey } from "../../domain/favourites/index.ts";
import type { User } from "../accounts.ts";
import { ServiceError } from "../errors.ts";
import { GroupUpdateInput, TeamInput, checkId, parseInput } from "../favourites-input.ts";

import { type TeamGroupView, notFound, SEARCH_MIN, SEARCH_MAX, SEARCH_LIMIT } from "./shared.ts";
import type { FavouritesDeps } from "./deps.ts";

/** All groups, the generic one (flagged) included; a user without favourite teams has no generic group yet. */
export async function teamGroups(d: FavouritesDeps, user: User): Promise<TeamGroupView[]> {
  const { ctx } = d;
  return q.groupsOf(ctx.pool, user.id);
}

export async function createGroup(d: FavouritesDeps, user: User, input: unknown): Promise<TeamGroupView> {
  const { ctx, now, group } = d;
  const checked = checkGroupInput((input ?? {}) as Record<string, unknown>);
  if (!checked.ok) throw new ServiceError(400, refusalKey(checked.refusal));
  const id = await inTransaction(ctx.pool, async (tx) => {
    await q.lockUser(tx, user.id);
    if ((await q.countNamedGroups(tx, user.id)) >= MAX_TEAM_GROUPS)
      throw new ServiceError(409, refusalKey("maxGroups"));
    return q.insertGroup(tx, user.id, checked.value.name, checked.value.description, now());
  });
  return group(user, id);
}

export async function updateGroup(d: FavouritesDeps, user: User, input: unknown): Promise<TeamGroupView> {
  const { ctx, group } = d;
  const { id } = parseInput(GroupUpdateInput, input, "favourites.errors.invalidGroup");
  const checked = checkGroupInput(input as Record<string, unknown>);
  if (!checked.ok) throw new ServiceError(400, refusalKey(checked.refusal));
  if (!(await q.updateGroup(ctx.pool, user.id, id, checked.value.name, checked.value.description)))
    throw notFound("unknownGroup");
  return group(user, id);
}

/** Named groups only: the generic group is the flat list and cannot be deleted. */
export async function deleteGroup(d: FavouritesDeps, user: User, groupId: number): Promise<void> {
  const { ctx } = d;
  checkId(groupId, "favourites.errors.invalidGroup");
  if (!(await q.deleteGroup(ctx.pool, user.id, groupId))) throw notFound("unknownGroup");
}

/** Without a group the team joins the flat list (the generic group); with one, that group only. */
export async function addTeam(d: FavouritesDeps, user: User, input: unknown): Promise<TeamGroupView> {
  const { ctx, now, group } = d;
  const { team, teamGroup } = parseInput(TeamInput, input, "favourites.errors.invalidTeam");
  if (!(await q.teamById(ctx.pool, team.id))) throw notFound("unknownTeam");
  let groupId: number;
  if (teamGroup) {
    if (!(await q.groupOf(ctx.pool, user.id, teamGroup.id))) throw notFound("unknownGroup");
    groupId = teamGroup.id;
  } else {
    groupId = (await q.genericGroupId(ctx.pool, user.id, true))!;
  }
  const added = await q.addTeamsToGroup(ctx.pool, user.id, groupId, [team.id], now());
  if (added.length === 0) throw new ServiceError(409, refusalKey("teamAlreadyInGroup"));
  return group(user, groupId);
}

/** Out of one group; out of the generic group is out of the flat list. */
export async function removeTeamFromGroup(
  d: FavouritesDeps,
  user: User,
  groupId: number,
  teamId: number,
): Promise<void> {
  const { ctx } = d;
  checkId(groupId, "favourites.errors.invalidGroup");
  checkId(teamId, "favourites.errors.invalidTeam");
  if (!(await q.groupOf(ctx.pool, user.id, groupId))) throw notFound("unknownGroup");
  if (!(await q.removeTeamFromGroup(ctx.pool, user.id, groupId, teamId))) throw notFound("teamNotInGroup");
}

/** The flat list of favourite teams: the generic group's teams. */
export async function teams(d: FavouritesDeps, user: User): Promise<q.TeamRow[]> {
  const { ctx } = d;
  return (await q.groupsOf(ctx.pool, user.id)).find((g) => g.generic)?.teams ?? [];
}

export async function removeTeam(d: FavouritesDeps, user: User, teamId: number): Promise<void> {
  const { ctx } = d;
  checkId(teamId, "favourites.errors.invalidTeam");
  const generic = await q.genericGroupId(ctx.pool, user.id, false);
  if (generic === null || !(await q.removeTeamFromGroup(ctx.pool, user.id, generic, teamId)))
    throw notFound("teamNotInGroup");
}

/** Teams by name, for adding one to a group. */
export async function searchTeams(d: FavouritesDeps, text: string): Promise<q.TeamRow[]> {
  const { ctx } = d;
  const query = text.trim().slice(0, SEARCH_MAX);
  return query.length < SEARCH_MIN ? [] : q.searchTeams(ctx.pool, query, SEARCH_LIMIT);
}
