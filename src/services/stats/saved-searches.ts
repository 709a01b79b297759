import * as q from "../../db/queries/stats.ts";
import type { Access } from "../../domain/premium/access.ts";
import { requirePremium } from "../access.ts";
import { ServiceError } from "../errors.ts";
import type { StatsDeps } from "./deps.ts";
import { cleanName, parse } from "./shared.ts";

const MAX_SAVED_SEARCHES = 50;

export const CONFIG_NAME_REQUIRED = "advancedFilter.configNameRequired";

export async function listSavedSearches(d: StatsDeps, user: { id: number }, access: Access) {
  requirePremium(access);
  return q.savedSearches(d.ctx.pool, user.id);
}

/** Saves a configuration: a name and the filter's query (validated and normalized). */
export async function saveSearch(
  d: StatsDeps,
  user: { id: number },
  access: Access,
  input: { name?: unknown; query?: unknown },
) {
  const { ctx } = d;
  requirePremium(access);
  const name = cleanName(input.name);
  if (!name) throw new ServiceError(400, CONFIG_NAME_REQUIRED, { name: CONFIG_NAME_REQUIRED });
  const raw = input.query && typeof input.query === "object" ? (input.query as Record<string, unknown>) : {};
  const strings = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]),
  );
  const parsed = parse(strings);
  if ((await q.countSavedSearches(ctx.pool, user.id)) >= MAX_SAVED_SEARCHES)
    throw new ServiceError(409, "advancedFilter.configLimit");
  return q.insertSavedSearch(ctx.pool, user.id, name, parsed.normalized);
}

export async function removeSavedSearch(d: StatsDeps, user: { id: number }, access: Access, id: number) {
  requirePremium(access);
  if (!(await q.deleteSavedSearch(d.ctx.pool, user.id, id)))
    throw new ServiceError(404, "advancedFilter.configNotFound");
}
