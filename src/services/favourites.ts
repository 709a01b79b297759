import { inTransaction } from "../db/client.ts";
import * as q from "../db/queries/favourites.ts";
import { FAVOURITE_MATCH_TTL_MS } from "../domain/accounts/rules.ts";
import {
  type FavouritesState,
  MAX_TEAM_GROUPS,
  checkGroupInput,
  planMerge,
  refusalKey,
} from "../domain/favourites/index.ts";
import type { User } from "./accounts.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";
import { favouriteFixtures } from "./favourite-fixtures.ts";
import {
  GroupUpdateInput,
  LeagueInput,
  LocalStateInput,
  MatchInput,
  TeamInput,
  checkId,
  parseInput,
} from "./favourites-input.ts";

export type TeamGroupView = q.GroupRow;
export type FavouriteLeagueView = q.LeagueRefRow;

const notFound = (what: string) => new ServiceError(404, `favourites.errors.${what}`);
const SEARCH_MIN = 2;
const SEARCH_MAX = 50;
const SEARCH_LIMIT = 20;

/** Favourite teams, groups, leagues and matches of one account: every call reads and writes that account's rows only. */
export function createFavouritesService(ctx: ServiceContext) {
  const now = () => ctx.clock.now();
  /** Matches whose timestamp is at or before this are expired. */
  const expiryCutoff = () => new Date(now().getTime() - FAVOURITE_MATCH_TTL_MS);

  async function group(user: User, groupId: number): Promise<TeamGroupView> {
    const found = (await q.groupsOf(ctx.pool, user.id)).find((g) => g.id === groupId);
    if (!found) throw notFound("unknownGroup");
    return found;
  }

  const service = {
    /** All groups, the generic one (flagged) included; a user without favourite teams has no generic group yet. */
    async teamGroups(user: User): Promise<TeamGroupView[]> {
      return q.groupsOf(ctx.pool, user.id);
    },

    async createGroup(user: User, input: unknown): Promise<TeamGroupView> {
      const checked = checkGroupInput((input ?? {}) as Record<string, unknown>);
      if (!checked.ok) throw new ServiceError(400, refusalKey(checked.refusal));
      const id = await inTransaction(ctx.pool, async (tx) => {
        await q.lockUser(tx, user.id);
        if ((await q.countNamedGroups(tx, user.id)) >= MAX_TEAM_GROUPS)
          throw new ServiceError(409, refusalKey("maxGroups"));
        return q.insertGroup(tx, user.id, checked.value.name, checked.value.description, now());
      });
      return group(user, id);
    },

    async updateGroup(user: User, input: unknown): Promise<TeamGroupView> {
      const { id } = parseInput(GroupUpdateInput, input, "favourites.errors.invalidGroup");
      const checked = checkGroupInput(input as Record<string, unknown>);
      if (!checked.ok) throw new ServiceError(400, refusalKey(checked.refusal));
      if (!(await q.updateGroup(ctx.pool, user.id, id, checked.value.name, checked.value.description)))
        throw notFound("unknownGroup");
      return group(user, id);
    },

    /** Named groups only: the generic group is the flat list and cannot be deleted. */
    async deleteGroup(user: User, groupId: number): Promise<void> {
      checkId(groupId, "favourites.errors.invalidGroup");
      if (!(await q.deleteGroup(ctx.pool, user.id, groupId))) throw notFound("unknownGroup");
    },

    /** Without a group the team joins the flat list (the generic group); with one, that group only. */
    async addTeam(user: User, input: unknown): Promise<TeamGroupView> {
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
    },

    /** Out of one group; out of the generic group is out of the flat list. */
    async removeTeamFromGroup(user: User, groupId: number, teamId: number): Promise<void> {
      checkId(groupId, "favourites.errors.invalidGroup");
      checkId(teamId, "favourites.errors.invalidTeam");
      if (!(await q.groupOf(ctx.pool, user.id, groupId))) throw notFound("unknownGroup");
      if (!(await q.removeTeamFromGroup(ctx.pool, user.id, groupId, teamId))) throw notFound("teamNotInGroup");
    },

    /** The flat list of favourite teams: the generic group's teams. */
    async teams(user: User): Promise<q.TeamRow[]> {
      return (await q.groupsOf(ctx.pool, user.id)).find((g) => g.generic)?.teams ?? [];
    },

    async removeTeam(user: User, teamId: number): Promise<void> {
      checkId(teamId, "favourites.errors.invalidTeam");
      const generic = await q.genericGroupId(ctx.pool, user.id, false);
      if (generic === null || !(await q.removeTeamFromGroup(ctx.pool, user.id, generic, teamId)))
        throw notFound("teamNotInGroup");
    },

    async leagues(user: User): Promise<FavouriteLeagueView[]> {
      return q.leaguesOf(ctx.pool, user.id);
    },

    /** Kept without duplicates: adding a favourite league again changes nothing. */
    async addLeague(user: User, input: unknown): Promise<FavouriteLeagueView[]> {
      const { league } = parseInput(LeagueInput, input, "favourites.errors.invalidLeague");
      if (!(await q.leagueById(ctx.pool, league.id))) throw notFound("unknownLeague");
      await q.addLeagues(ctx.pool, user.id, [league.id], now());
      return q.leaguesOf(ctx.pool, user.id);
    },

    async removeLeague(user: User, leagueId: number): Promise<void> {
      checkId(leagueId, "favourites.errors.invalidLeague");
      if (!(await q.removeLeague(ctx.pool, user.id, leagueId))) throw notFound("notFavouriteLeague");
    },

    /** Unexpired favourite matches; the expired ones are forgotten on the way. */
    async matches(user: User): Promise<Array<{ fixtureId: number; timestamp: number }>> {
      const cutoff = expiryCutoff();
      await q.deleteMatchesUpTo(ctx.pool, user.id, cutoff);
      return (await q.matchesOf(ctx.pool, user.id, cutoff)).map((m) => ({
        fixtureId: m.fixtureId,
        timestamp: m.timestamp.getTime(),
      }));
    },

    /** The timestamp is the fixture's kick-off, so the match expires 24 h after it. */
    async addMatch(user: User, input: unknown): Promise<Array<{ fixtureId: number; timestamp: number }>> {
      const { fixtureId } = parseInput(MatchInput, input, "favourites.errors.invalidFixture");
      const kickoff = await q.fixtureKickoff(ctx.pool, fixtureId);
      if (!kickoff) throw notFound("unknownFixture");
      if (kickoff <= expiryCutoff()) throw new ServiceError(400, refusalKey("matchExpired"));
      await q.addMatches(ctx.pool, user.id, [fixtureId], expiryCutoff());
      return service.matches(user);
    },

    async removeMatch(user: User, fixtureId: number): Promise<void> {
      checkId(fixtureId, "favourites.errors.invalidFixture");
      if (!(await q.removeMatch(ctx.pool, user.id, fixtureId))) throw notFound("notFavouriteMatch");
    },

    /** Everything at once, in the shape the browser keeps for visitors. */
    async state(user: User): Promise<FavouritesState> {
      const [groups, leagues, matches] = await Promise.all([
        q.groupsOf(ctx.pool, user.id),
        q.leaguesOf(ctx.pool, user.id),
        service.matches(user),
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
    },

    /**
     * A visitor's browser favourites join the account on login: the union of both, without duplicates and
     * within the group limit. Unknown teams, leagues and fixtures and expired matches are left out.
     */
    async merge(user: User, input: unknown): Promise<{ state: FavouritesState; skippedGroups: string[] }> {
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
          await q.addTeamsToGroup(
            tx,
            user.id,
            await q.insertGroup(tx, user.id, g.name, g.description, at),
            g.teamIds,
            at,
          );
        await q.addLeagues(tx, user.id, plan.leagueIds, at);
        await q.addMatches(
          tx,
          user.id,
          plan.matches.map((m) => m.fixtureId),
          expiryCutoff(),
        );
        return plan.skippedGroups;
      });
      return { state: await service.state(user), skippedGroups };
    },

    /** Back to defaults: the named groups go; the flat list, leagues and matches stay. */
    async reset(user: User): Promise<void> {
      await q.deleteNamedGroups(ctx.pool, user.id);
    },

    /** Teams by name, for adding one to a group. */
    async searchTeams(text: string): Promise<q.TeamRow[]> {
      const query = text.trim().slice(0, SEARCH_MAX);
      return query.length < SEARCH_MIN ? [] : q.searchTeams(ctx.pool, query, SEARCH_LIMIT);
    },

    /** What the favourites page lists: the favourite matches, and the next days of the teams' and leagues' fixtures. */
    async fixtures(user: User, params: { timeZone: string; groupId?: number | null }) {
      const [groups, leagues, matches] = await Promise.all([
        q.groupsOf(ctx.pool, user.id),
        q.leaguesOf(ctx.pool, user.id),
        service.matches(user),
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
    },
  };
  return service;
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
