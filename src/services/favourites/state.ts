import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/favourites.ts";
import { type FavouritesState, planMerge } from "../../domain/favourites/index.ts";
import type { User } from "../accounts.ts";
import { favouriteFixtures } from "../favourite-fixtures.ts";
import { LocalStateInput, parseInput } from "../favourites-input.ts";
import type { FavouritesDeps } from "./deps.ts";
import { matches as matchesOf } from "./leagues-matches.ts";

/** Everything at once, in the shape the browser keeps for visitors. */
export async function state(d: FavouritesDeps, user: User): Promise<FavouritesState> {
  const { ctx } = d;
  const [groups, leagues, matches] = await Promise.all([
    q.groupsOf(ctx.pool, user.id),
    q.leaguesOf(ctx.pool, user.id),
    matchesOf(d, user),
  ]);
  const strip = (teams: q.TeamRow[]) => teams.map((t) => ({ id: t.id, name: t.name }));
  return {
    teams: strip(groups.find((g) => g.generic)?.teams ?? []),
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      generic: g.generic,
      teams: strip(g.teams),
    })),
    leagues: leagues.map((l) => l.id),
    matches,
    selectedGroupId: null,
  };
}

/**
 * A visitor's browser favourites join the account on login: the union of both, without duplicates and
 * within the group limit. Unknown teams, leagues and fixtures and expired matches are left out.
 */
export async function merge(
  d: FavouritesDeps,
  user: User,
  input: unknown,
): Promise<{ state: FavouritesState; skippedGroups: string[] }> {
  const { ctx, now, expiryCutoff } = d;
  const local = parseInput(LocalStateInput, input, "favourites.errors.invalidState");
  const skippedGroups = await inTransaction(ctx.pool, async (tx) => {
    await q.lockUser(tx, user.id);
    const at = now();
    // One client: one query at a time.
    const groups = await q.groupsOf(tx, user.id);
    const leagues = await q.leaguesOf(tx, user.id);
    const matches = await q.matchesOf(tx, user.id, expiryCutoff());
    const plan = planMerge(
      {
        groups: groups.map((g) => ({
          id: g.id,
          name: g.name,
          generic: g.generic,
          teamIds: g.teams.map((t) => t.id),
        })),
        leagueIds: leagues.map((l) => l.id),
        fixtureIds: matches.map((m) => m.fixtureId),
      },
      local,
      at.getTime(),
    );
    if (plan.genericTeamIds.length > 0) {
      await q.addTeamsToGroup(tx, user.id, (await q.genericGroupId(tx, user.id, true))!, plan.genericTeamIds, at);
    }
    for (const { groupId, teamIds } of plan.addToGroups) await q.addTeamsToGroup(tx, user.id, groupId, teamIds, at);
    for (const g of plan.newGroups)
      await q.addTeamsToGroup(tx, user.id, await q.insertGroup(tx, user.id, g.name, g.description, at), g.teamIds, at);
    await q.addLeagues(tx, user.id, plan.leagueIds, at);
    await q.addMatches(
      tx,
      user.id,
      plan.matches.map((m) => m.fixtureId),
      expiryCutoff(),
    );
    return plan.skippedGroups;
  });
  return { state: await state(d, user), skippedGroups };
}

/** Back to defaults: the named groups go; the flat list, leagues and matches stay. */
export async function reset(d: FavouritesDeps, user: User): Promise<void> {
  const { ctx } = d;
  await q.deleteNamedGroups(ctx.pool, user.id);
}

/** What the favourites page lists: the favourite matches, and the next days of the teams' and leagues' fixtures. */
export async function fixtures(d: FavouritesDeps, user: User, params: { timeZone: string; groupId?: number | null }) {
  const { ctx } = d;
  const [groups, leagues, matches] = await Promise.all([
    q.groupsOf(ctx.pool, user.id),
    q.leaguesOf(ctx.pool, user.id),
    matchesOf(d, user),
  ]);
  const selected = params.groupId ? groups.find((g) => g.id === params.groupId) : undefined;
  const teamIds = (selected ? [selected] : groups).flatMap((g) => g.teams.map((t) => t.id));
  return favouriteFixtures(ctx, {
    timeZone: params.timeZone,
    teamIds: [...new Set(teamIds)],
    leagueIds: selected ? [] : leagues.map((l) => l.id),
    fixtureIds: matches.map((m) => m.fixtureId),
    selectedGroupId: selected?.id ?? null,
  });
}
