import type { AppLoadContext } from "react-router";

/**
 * League groups (premium) wherever leagues are chosen: a form's `leagueGroup` parameter adds the leagues of
 * that group of the member's; the member's groups come back for the chooser.
 */
export async function withLeagueGroup(context: AppLoadContext, params: URLSearchParams, leagueIds: number[]) {
  if (!context.user || !context.access.premium) return { leagueIds, groups: [], groupId: null };
  const groups = (await context.services.stats.leagueGroups.list(context.user, context.access)).map((g) => ({
    id: g.id,
    name: g.name,
    leagueIds: g.leagueIds,
  }));
  const group = groups.find((g) => g.id === Number(params.get("leagueGroup")));
  return {
    leagueIds: group ? [...new Set([...leagueIds, ...group.leagueIds])] : leagueIds,
    groups,
    groupId: group?.id ?? null,
  };
}
