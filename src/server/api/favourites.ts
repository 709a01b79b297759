import type { Services } from "../../services/index.ts";
import { GroupUpdateInput, LeagueInput, MatchInput, TeamInput } from "../../services/favourites-input.ts";
import * as answers from "./answers.gen.ts";
import { Done, createApiApp, done, idParam, jsonBody, ok, requireUser, route, z } from "./contract.ts";

const errors = {
  401: "Not signed in",
  404: "No such team, league, fixture or group of this user",
  409: "'Team already present in this group.' or 'Maximum number of groups reached, delete one group before adding a new one.'",
} as const;
const tags = ["Favourites"];

// The bodies are the service's own input schemas: one validation, its messages keys of the locale files.
const GroupBody = z.object({
  name: z.string().max(200).openapi({ example: "Weekend" }),
  description: z.string().max(1000).optional(),
});
const GroupUpdateBody = GroupBody.extend(GroupUpdateInput.shape);
// The service checks the copy in depth (tampered names are dropped): here only its shape.
const LocalTeam = z.object({ id: z.union([z.number(), z.string().max(20)]), name: z.string().max(500).optional() });
const LocalState = z
  .object({
    teams: z.array(LocalTeam).max(1000).optional(),
    groups: z
      .array(
        z.object({
          id: z.number(),
          name: z.string().max(500),
          description: z.string().max(2000).optional(),
          generic: z.boolean().optional(),
          teams: z.array(LocalTeam).max(1000).optional(),
        }),
      )
      .max(100)
      .optional(),
    leagues: z
      .array(z.union([z.number(), z.string().max(20)]))
      .max(1000)
      .optional(),
    matches: z
      .array(z.object({ fixtureId: z.union([z.number(), z.string().max(20)]), timestamp: z.number() }))
      .max(1000)
      .optional(),
    selectedGroupId: z.number().nullable().optional(),
  })
  .openapi("LocalFavourites", {
    description:
      "The visitor's browser favourites: teams [{id, name}], groups [{id, name, description, generic, teams}], leagues [id], matches [{fixtureId, timestamp}]",
  });

/** Favourites of the signed-in user (SPEC §7.3, plus matches, the flat team list and the merge on login). */
export function favouriteRoutes(services: Services) {
  const fav = services.favourites;
  const api = createApiApp();
  // Before validation, so that a visitor gets 401 whatever the input.
  for (const path of ["/favourites", "/favourites/*"]) {
    api.use(path, async (c, next) => {
      requireUser(c);
      await next();
    });
  }

  api.openapi(
    route({
      method: "get",
      path: "/favourites",
      tags,
      summary: "All favourites at once: flat team list, groups, league ids, matches",
      data: answers.FavouritesState,
      errors,
    }),
    async (c) => ok(c, await fav.state(requireUser(c))),
  );

  api.openapi(
    route({
      method: "get",
      path: "/favourites/teamgroups",
      tags,
      summary: "Team groups; the generic group (the flat list) is flagged generic",
      data: answers.TeamGroups,
      errors,
    }),
    async (c) => ok(c, await fav.teamGroups(requireUser(c))),
  );
  api.openapi(
    route({
      method: "put",
      path: "/favourites/teamgroups",
      tags,
      summary: "Creates a named group (at most 10)",
      request: jsonBody(GroupBody),
      data: answers.TeamGroup,
      errors,
    }),
    async (c) => ok(c, await fav.createGroup(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "post",
      path: "/favourites/teamgroups",
      tags,
      summary: "Renames a named group",
      request: jsonBody(GroupUpdateBody),
      data: answers.UpdatedTeamGroup,
      errors,
    }),
    async (c) => ok(c, await fav.updateGroup(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/teamgroups/{id}",
      tags,
      summary: "Deletes a named group",
      request: { params: z.object({ id: idParam("id") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await fav.deleteGroup(requireUser(c), c.req.valid("param").id);
      return done(c);
    },
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/teamgroups/{groupId}/teams/{teamId}",
      tags,
      summary: "Removes a team from a group; from the generic group it leaves the flat list",
      request: {
        params: z.object({ groupId: idParam("groupId"), teamId: idParam("teamId") }),
      },
      data: Done,
      errors,
    }),
    async (c) => {
      const { groupId, teamId } = c.req.valid("param");
      await fav.removeTeamFromGroup(requireUser(c), groupId, teamId);
      return done(c);
    },
  );
  api.openapi(
    route({
      method: "put",
      path: "/favourites/teamgroups/teams",
      tags,
      summary: "Adds a team: to the flat list (generic group) without teamGroup, else to that group",
      request: jsonBody(TeamInput),
      data: answers.AddedTeam,
      errors,
    }),
    async (c) => ok(c, await fav.addTeam(requireUser(c), c.req.valid("json"))),
  );

  api.openapi(
    route({
      method: "get",
      path: "/favourites/teams",
      tags,
      summary: "The flat list of favourite teams, with names",
      data: answers.FavouriteTeams,
      errors,
    }),
    async (c) => ok(c, await fav.teams(requireUser(c))),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/teams/{teamId}",
      tags,
      summary: "Removes a team from the flat list (the generic group)",
      request: { params: z.object({ teamId: idParam("teamId") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await fav.removeTeam(requireUser(c), c.req.valid("param").teamId);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/favourites/leagues",
      tags,
      summary: "Favourite leagues",
      data: answers.FavouriteLeagues,
      errors,
    }),
    async (c) => ok(c, await fav.leagues(requireUser(c))),
  );
  api.openapi(
    route({
      method: "put",
      path: "/favourites/leagues",
      tags,
      summary: "Adds a favourite league (kept without duplicates)",
      request: jsonBody(LeagueInput),
      data: answers.AddedLeague,
      errors,
    }),
    async (c) => ok(c, await fav.addLeague(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/leagues/{leagueId}",
      tags,
      summary: "Removes a favourite league",
      request: { params: z.object({ leagueId: idParam("leagueId") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await fav.removeLeague(requireUser(c), c.req.valid("param").leagueId);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/favourites/matches",
      tags,
      summary: "Favourite matches ({fixtureId, timestamp = kick-off in ms}); dropped 24 h after kick-off",
      data: answers.FavouriteMatches,
      errors,
    }),
    async (c) => ok(c, await fav.matches(requireUser(c))),
  );
  api.openapi(
    route({
      method: "put",
      path: "/favourites/matches",
      tags,
      summary: "Adds a favourite match",
      request: jsonBody(MatchInput),
      data: answers.AddedMatch,
      errors,
    }),
    async (c) => ok(c, await fav.addMatch(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/matches",
      tags,
      summary: "Removes a favourite match (body {fixtureId})",
      request: jsonBody(MatchInput),
      data: Done,
      errors,
    }),
    async (c) => {
      await fav.removeMatch(requireUser(c), c.req.valid("json").fixtureId);
      return done(c);
    },
  );
  api.openapi(
    route({
      method: "delete",
      path: "/favourites/matches/{fixtureId}",
      tags,
      summary: "Removes a favourite match",
      request: { params: z.object({ fixtureId: idParam("fixtureId") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await fav.removeMatch(requireUser(c), c.req.valid("param").fixtureId);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/favourites/merge",
      tags,
      summary: "Merges a visitor's browser favourites into the account (on login)",
      request: jsonBody(LocalState),
      data: answers.MergedFavourites,
      errors,
      bodyLimit: 256 * 1024,
    }),
    async (c) => ok(c, await fav.merge(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "post",
      path: "/favourites/reset",
      tags,
      summary: "Back to defaults: deletes the named groups, keeps the generic group",
      data: answers.FavouritesState,
      errors,
    }),
    async (c) => {
      const user = requireUser(c);
      await fav.reset(user);
      return ok(c, await fav.state(user));
    },
  );
  return api;
}
