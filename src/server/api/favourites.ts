import { OpenAPIHono, type RouteConfig, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Services } from "../../services/index.ts";
import { translate } from "../../i18n/messages.server.ts";
import type { RequestVars } from "../request-context.ts";
import { requestLocale, requireUser } from "./errors.ts";

type Env = { Variables: RequestVars };
type C = Context<Env>;

const ErrorBody = z.object({ error: z.string(), code: z.string().optional() }).openapi("FavouritesError");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const responses = (summary: string) => ({
  200: { description: summary, content: { "application/json": { schema: z.object({ data: z.any() }) } } },
  400: errorResponse("Bad input, with a message saying what is wrong"),
  401: errorResponse("Not signed in"),
  404: errorResponse("No such team, league, fixture or group of this user"),
  409: errorResponse("'Team already present in this group.' or 'Maximum number of groups reached, delete one group before adding a new one.'"),
});

function route<const M extends "get" | "post" | "put" | "delete", const P extends string, const R extends NonNullable<RouteConfig["request"]>>(
  method: M,
  path: P,
  summary: string,
  request: R = {} as R,
) {
  return createRoute({ method, path, summary, tags: ["Favourites"], request, responses: responses(summary) });
}

const pathId = (name: string, what: string) =>
  z.coerce
    .number({ error: `must be a ${what} id` })
    .int({ error: `must be a ${what} id` })
    .positive({ error: `must be a ${what} id` })
    .max(2_147_483_647, { error: `must be a ${what} id` })
    .openapi({ param: { name, in: "path" }, type: "integer", example: 1 });

const ref = (what: string) => z.object({ id: z.number({ error: `must be a ${what} id` }).int({ error: `must be a ${what} id` }).positive({ error: `must be a ${what} id` }) });
const json = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

const GroupBody = z.object({
  name: z.string({ error: "name is required" }).openapi({ example: "Weekend" }),
  description: z.string({ error: "must be text" }).optional(),
});
const GroupUpdateBody = GroupBody.extend({ id: z.number({ error: "must be a group id" }).int({ error: "must be a group id" }).positive({ error: "must be a group id" }) });
const TeamBody = z.object({ team: ref("team"), teamGroup: ref("group").nullish() });
const LeagueBody = z.object({ league: ref("league") });
const MatchBody = z.object({ fixtureId: z.number({ error: "must be a fixture id" }).int({ error: "must be a fixture id" }).positive({ error: "must be a fixture id" }) });
const LocalState = z
  .object({ teams: z.array(z.any()).optional(), groups: z.array(z.any()).optional(), leagues: z.array(z.any()).optional(), matches: z.array(z.any()).optional() })
  .passthrough()
  .openapi({ description: "The visitor's browser favourites: teams [{id, name}], groups [{id, name, description, generic, teams}], leagues [id], matches [{fixtureId, timestamp}]" });

const ok = (c: C, data: unknown = { ok: true }) => c.json({ data }, 200);

/** Favourites of the signed-in user (SPEC §7.3, plus matches, the flat team list and the merge on login). */
export function favouriteRoutes(services: Services) {
  const fav = services.favourites;
  const api = new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const detail = result.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ");
      return c.json({ error: `${translate(requestLocale(c), "favourites.errors.badInput")} ${detail}`, code: "favourites.errors.badInput" }, 400);
    },
  });
  // Before validation, so that a visitor gets 401 whatever the input.
  for (const path of ["/favourites", "/favourites/*"]) {
    api.use(path, async (c, next) => {
      requireUser(c);
      await next();
    });
  }

  api.openapi(route("get", "/favourites", "All favourites at once: flat team list, groups, league ids, matches"), async (c) => ok(c, await fav.state(requireUser(c))));

  api.openapi(route("get", "/favourites/teamgroups", "Team groups; the generic group (the flat list) is flagged generic"), async (c) =>
    ok(c, await fav.teamGroups(requireUser(c))),
  );
  api.openapi(route("put", "/favourites/teamgroups", "Creates a named group (at most 10)", json(GroupBody)), async (c) =>
    ok(c, await fav.createGroup(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(route("post", "/favourites/teamgroups", "Renames a named group", json(GroupUpdateBody)), async (c) =>
    ok(c, await fav.updateGroup(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(route("delete", "/favourites/teamgroups/{id}", "Deletes a named group", { params: z.object({ id: pathId("id", "group") }) }), async (c) => {
    await fav.deleteGroup(requireUser(c), c.req.valid("param").id);
    return ok(c);
  });
  api.openapi(
    route("delete", "/favourites/teamgroups/{groupId}/teams/{teamId}", "Removes a team from a group; from the generic group it leaves the flat list", {
      params: z.object({ groupId: pathId("groupId", "group"), teamId: pathId("teamId", "team") }),
    }),
    async (c) => {
      const { groupId, teamId } = c.req.valid("param");
      await fav.removeTeamFromGroup(requireUser(c), groupId, teamId);
      return ok(c);
    },
  );
  api.openapi(route("put", "/favourites/teamgroups/teams", "Adds a team: to the flat list (generic group) without teamGroup, else to that group", json(TeamBody)), async (c) =>
    ok(c, await fav.addTeam(requireUser(c), c.req.valid("json"))),
  );

  api.openapi(route("get", "/favourites/teams", "The flat list of favourite teams, with names"), async (c) => ok(c, await fav.teams(requireUser(c))));
  api.openapi(route("delete", "/favourites/teams/{teamId}", "Removes a team from the flat list (the generic group)", { params: z.object({ teamId: pathId("teamId", "team") }) }), async (c) => {
    await fav.removeTeam(requireUser(c), c.req.valid("param").teamId);
    return ok(c);
  });

  api.openapi(route("get", "/favourites/leagues", "Favourite leagues"), async (c) => ok(c, await fav.leagues(requireUser(c))));
  api.openapi(route("put", "/favourites/leagues", "Adds a favourite league (kept without duplicates)", json(LeagueBody)), async (c) =>
    ok(c, await fav.addLeague(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(route("delete", "/favourites/leagues/{leagueId}", "Removes a favourite league", { params: z.object({ leagueId: pathId("leagueId", "league") }) }), async (c) => {
    await fav.removeLeague(requireUser(c), c.req.valid("param").leagueId);
    return ok(c);
  });

  api.openapi(route("get", "/favourites/matches", "Favourite matches ({fixtureId, timestamp = kick-off in ms}); dropped 24 h after kick-off"), async (c) =>
    ok(c, await fav.matches(requireUser(c))),
  );
  api.openapi(route("put", "/favourites/matches", "Adds a favourite match", json(MatchBody)), async (c) => ok(c, await fav.addMatch(requireUser(c), c.req.valid("json"))));
  api.openapi(route("delete", "/favourites/matches", "Removes a favourite match (body {fixtureId})", json(MatchBody)), async (c) => {
    await fav.removeMatch(requireUser(c), c.req.valid("json").fixtureId);
    return ok(c);
  });
  api.openapi(route("delete", "/favourites/matches/{fixtureId}", "Removes a favourite match", { params: z.object({ fixtureId: pathId("fixtureId", "fixture") }) }), async (c) => {
    await fav.removeMatch(requireUser(c), c.req.valid("param").fixtureId);
    return ok(c);
  });

  api.openapi(route("post", "/favourites/merge", "Merges a visitor's browser favourites into the account (on login)", json(LocalState)), async (c) =>
    ok(c, await fav.merge(requireUser(c), c.req.valid("json"))),
  );
  api.openapi(route("post", "/favourites/reset", "Back to defaults: deletes the named groups, keeps the generic group"), async (c) => {
    const user = requireUser(c);
    await fav.reset(user);
    return ok(c, await fav.state(user));
  });
  return api;
}
