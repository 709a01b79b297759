import * as q from "../../db/queries/stats.ts";
import { isId } from "../../domain/ids.ts";
import type { Access } from "../../domain/premium/access.ts";
import { requirePremium } from "../access.ts";
import { ServiceError, badRequest } from "../errors.ts";
import type { StatsDeps } from "./deps.ts";
import { cleanName } from "./shared.ts";

const MAX_LEAGUE_GROUPS = 20;

async function userLeagueIds(d: StatsDeps, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest("leagueGroups.leaguesRequired");
  if (unique.length > 200 || unique.some((n) => !isId(n))) throw badRequest("leagueGroups.unknownLeague");
  const existing = await q.existingLeagueIds(d.ctx.pool, unique);
  if (existing.length !== unique.length) throw badRequest("leagueGroups.unknownLeague");
  return unique;
}

export async function listLeagueGroups(d: StatsDeps, user: { id: number }, access: Access) {
  requirePremium(access);
  return q.leagueGroups(d.ctx.pool, user.id);
}

/** One group of this user; another user's group does not exist for them (404). */
export async function leagueGroup(d: StatsDeps, user: { id: number }, access: Access, id: number) {
  requirePremium(access);
  const group = await q.leagueGroup(d.ctx.pool, user.id, id);
  if (!group) throw new ServiceError(404, "leagueGroups.notFound");
  return group;
}

export async function createLeagueGroup(
  d: StatsDeps,
  user: { id: number },
  access: Access,
  input: { name?: unknown; leagueIds?: unknown },
) {
  const { ctx } = d;
  requirePremium(access);
  const name = cleanName(input.name);
  if (!name) throw new ServiceError(400, "leagueGroups.nameRequired", { name: "leagueGroups.nameRequired" });
  const ids = await userLeagueIds(d, Array.isArray(input.leagueIds) ? input.leagueIds.map(Number) : []);
  if ((await q.countLeagueGroups(ctx.pool, user.id)) >= MAX_LEAGUE_GROUPS)
    throw new ServiceError(409, "leagueGroups.limit");
  return q.insertLeagueGroup(ctx.pool, user.id, name, ids);
}

export async function updateLeagueGroup(
  d: StatsDeps,
  user: { id: number },
  access: Access,
  id: number,
  input: { name?: unknown; leagueIds?: unknown },
) {
  const { ctx } = d;
  requirePremium(access);
  const name = cleanName(input.name);
  if (!name) throw new ServiceError(400, "leagueGroups.nameRequired", { name: "leagueGroups.nameRequired" });
  if (!(await q.leagueGroup(ctx.pool, user.id, id))) throw new ServiceError(404, "leagueGroups.notFound");
  const ids = await userLeagueIds(d, Array.isArray(input.leagueIds) ? input.leagueIds.map(Number) : []);
  const group = await q.updateLeagueGroup(ctx.pool, user.id, id, name, ids);
  if (!group) throw new ServiceError(404, "leagueGroups.notFound");
  return group;
}

export async function removeLeagueGroup(d: StatsDeps, user: { id: number }, access: Access, id: number) {
  requirePremium(access);
  if (!(await q.deleteLeagueGroup(d.ctx.pool, user.id, id))) throw new ServiceError(404, "leagueGroups.notFound");
}
