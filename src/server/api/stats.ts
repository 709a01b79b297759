import { OpenAPIHono, type RouteConfig, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FILTER_EVENTS, GOAL_KEYS, RATE_PARAMS } from "../../domain/stats/advanced-filter.ts";
import type { Services } from "../../services/index.ts";
import type { RequestVars } from "../request-context.ts";
import { requireUser } from "./errors.ts";

type Env = { Variables: RequestVars };
type C = Context<Env>;

const ErrorBody = z.object({ error: z.string(), code: z.string().optional() }).openapi("StatsError");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const responses = (summary: string) => ({
  200: { description: summary, content: { "application/json": { schema: z.object({ data: z.any() }) } } },
  400: errorResponse("Bad input, with a message saying what is wrong"),
  401: errorResponse("Not signed in (auth.loginRequired)"),
  403: errorResponse("A premium feature asked by a caller without premium (premium.noPermission)"),
  404: errorResponse("No such group, configuration or season of this user"),
  409: errorResponse("Too many groups or configurations"),
});

function route<const M extends "get" | "post" | "put" | "delete", const P extends string, const R extends NonNullable<RouteConfig["request"]>>(
  method: M,
  path: P,
  summary: string,
  tag: string,
  request: R = {} as R,
) {
  return createRoute({ method, path, summary, tags: [tag], request, responses: responses(summary) });
}

const RATE_DOCS: Record<(typeof RATE_PARAMS)[number], string> = {
  homePercentage: "minimum % of the home team's last 10 matches (any venue) in which the event happened",
  visitorPercentage: "minimum % of the visiting team's last 10 matches (any venue) in which the event happened",
  minLeaguePercentage: "minimum % of the league's matches this season in which the event happened",
  homeTeamLeaguePercentage: "minimum % of the home team's home matches this season",
  visitorTeamLeaguePercentage: "minimum % of the visiting team's away matches this season",
  homeTeamOverallLeaguePercentage: "minimum % of all the home team's matches this season",
  visitorTeamOverallLeaguePercentage: "minimum % of all the visiting team's matches this season",
  head2head: "minimum % of the last 10 meetings of the two teams",
};

const SCOPE_DOCS: Record<string, string> = {
  Last5: "its last 5 matches",
  Last5Venue: "its last 5 matches at the venue it plays at (home team at home, visitor away)",
  Season: "its matches this season",
  SeasonHome: "its home matches this season",
  SeasonAway: "its away matches this season",
};

const text = (description: string, example?: string) => z.string().optional().openapi({ description, ...(example ? { example } : {}) });
const goalDoc = (bound: "min" | "max", key: string) => {
  const side = key.startsWith("Home") ? "home" : "visiting";
  const stat = key.includes("Scored") ? "scored" : "conceded";
  const scope = key.replace(/^(Home|Away)(Scored|Conceded)/, "");
  return `${bound === "min" ? "minimum" : "maximum"} average goals ${stat} per match by the ${side} team over ${SCOPE_DOCS[scope]}; 10 means "ten or more"`;
};

/**
 * Query of GET /fixtures/advanced-filters (SPEC §7.2). Every threshold is optional; empty or zero values are
 * ignored. Rates are walk-forward: only matches that ended before the fixture's kick-off count.
 */
const FilterQuery = z
  .object({
    dateFormat: z.literal("extended", { error: "must be extended" }).optional(),
    platform: z.literal("website", { error: "must be website" }).optional(),
    from: text("start of the range (YYYY-MM-DD = UTC midnight, or an ISO date-time); default today", "2026-11-22T00:00:00.000Z"),
    to: text("end of the range, exclusive; at most 14 days after from; default from + 1 day", "2026-11-29T00:00:00.000Z"),
    event: text(`the event: ${FILTER_EVENTS.map((e) => `${e.code}${e.premium ? " (premium)" : ""}`).join(", ")}; default O25`, "O25"),
    minOdd: text("minimum odd of the event (bookmaker's pre-match price, else the fair odd)", "1.1"),
    maxOdd: text("maximum odd of the event", "4"),
    minProbability: text("minimum probability of the event, in % (premium)"),
    maxProbability: text("maximum probability of the event, in % (premium)"),
    ...Object.fromEntries(RATE_PARAMS.map((k) => [k, text(RATE_DOCS[k])])),
    leagueIds: text("league ids joined by commas; none = every league", "1,2"),
    ...Object.fromEntries(GOAL_KEYS.flatMap((k) => [[`min${k}`, text(goalDoc("min", k))], [`max${k}`, text(goalDoc("max", k))]])),
  })
  .openapi("AdvancedFilterQuery");

const SavedSearchBody = z
  .object({
    name: z.string({ error: "must be text" }).optional().openapi({ example: "Goals weekend" }),
    query: z.record(z.string(), z.union([z.string(), z.number()])).optional().openapi({ description: "the filter's query parameters (as GET /fixtures/advanced-filters takes them)" }),
  })
  .openapi("SavedSearchInput");

const LeagueGroupBody = z
  .object({
    name: z.string({ error: "must be text" }).optional().openapi({ example: "Big five" }),
    leagueIds: z.array(z.number({ error: "must be league ids" }), { error: "must be a list of league ids" }).optional().openapi({ example: [1, 2] }),
  })
  .openapi("LeagueGroupInput");

const pathId = (name: string) =>
  z.coerce
    .number({ error: "must be an id" })
    .int({ error: "must be an id" })
    .positive({ error: "must be an id" })
    .max(2_147_483_647, { error: "must be an id" })
    .openapi({ param: { name, in: "path" }, type: "integer", example: 1 });

const json = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });
const ok = (c: C, data: unknown = { ok: true }) => c.json({ data }, 200);
/** A body the service already serialized (the filter's per-fixture JSON is cached), typed as the route's `{ data }`. */
const jsonText = (c: C, body: string) => c.body(body, 200, { "content-type": "application/json; charset=UTF-8" }) as unknown as ReturnType<typeof ok>;
const queryOf = (c: C) => c.req.query() as Record<string, string | undefined>;

/** API of the stats area, mounted under /api/v1. */
export function statsRoutes(services: Services) {
  const stats = services.stats;
  const api = new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const detail = result.error.issues.map((issue) => `${issue.path.join(".") || "request"}: ${issue.message}`).join("; ");
      return c.json({ error: detail }, 400);
    },
  });
  // A visitor gets 401 before any validation.
  for (const path of ["/users/searches", "/users/searches/*", "/users/leagues", "/users/leagues/*"]) {
    api.use(path, async (c, next) => {
      requireUser(c);
      await next();
    });
  }

  const filterSummary = "Upcoming fixtures whose event passes every threshold, with the walk-forward rates and goal averages";
  api.openapi(route("get", "/fixtures/advanced-filters", `${filterSummary} (premium events and the probability range need premium)`, "Statistical filter", { query: FilterQuery }), async (c) =>
    jsonText(c, await stats.advancedFilterJson(queryOf(c), c.get("access"), { premiumEndpoint: false })),
  );
  api.openapi(route("get", "/fixtures/advanced-filters/premium", `${filterSummary}; premium members only`, "Statistical filter", { query: FilterQuery }), async (c) =>
    jsonText(c, await stats.advancedFilterJson(queryOf(c), c.get("access"), { premiumEndpoint: true })),
  );

  api.openapi(route("get", "/users/searches", "Saved configurations of the advanced filter (premium)", "Statistical filter"), async (c) =>
    ok(c, await stats.savedSearches.list(requireUser(c), c.get("access"))),
  );
  api.openapi(route("post", "/users/searches", "Saves a configuration: a name and the filter's query (premium)", "Statistical filter", json(SavedSearchBody)), async (c) =>
    ok(c, await stats.savedSearches.save(requireUser(c), c.get("access"), c.req.valid("json"))),
  );
  api.openapi(route("delete", "/users/searches/{id}", "Deletes a saved configuration (premium)", "Statistical filter", { params: z.object({ id: pathId("id") }) }), async (c) => {
    await stats.savedSearches.remove(requireUser(c), c.get("access"), c.req.valid("param").id);
    return ok(c);
  });

  api.openapi(route("get", "/users/leagues", "League groups of the user (premium)", "League groups"), async (c) => ok(c, await stats.leagueGroups.list(requireUser(c), c.get("access"))));
  api.openapi(route("post", "/users/leagues", "Creates a league group: name and leagueIds (premium)", "League groups", json(LeagueGroupBody)), async (c) =>
    ok(c, await stats.leagueGroups.create(requireUser(c), c.get("access"), c.req.valid("json"))),
  );
  api.openapi(route("get", "/users/leagues/{id}", "One league group of the user (premium)", "League groups", { params: z.object({ id: pathId("id") }) }), async (c) =>
    ok(c, await stats.leagueGroups.get(requireUser(c), c.get("access"), c.req.valid("param").id)),
  );
  api.openapi(
    route("put", "/users/leagues/{id}", "Renames a league group or changes its leagues (premium)", "League groups", { params: z.object({ id: pathId("id") }), ...json(LeagueGroupBody) }),
    async (c) => ok(c, await stats.leagueGroups.update(requireUser(c), c.get("access"), c.req.valid("param").id, c.req.valid("json"))),
  );
  api.openapi(route("delete", "/users/leagues/{id}", "Deletes a league group (premium)", "League groups", { params: z.object({ id: pathId("id") }) }), async (c) => {
    await stats.leagueGroups.remove(requireUser(c), c.get("access"), c.req.valid("param").id);
    return ok(c);
  });

  api.openapi(
    route("get", "/leagues/topleagues", "Leagues by priority: the country's own first, then the big five first divisions, then by tier and matches", "Leagues", {
      query: z.object({ countryCode: z.string().optional().openapi({ example: "ENG" }) }),
    }),
    async (c) => ok(c, await stats.topLeagues(c.req.valid("query").countryCode || undefined)),
  );
  api.openapi(
    route("get", "/teams", "Teams of a season (cached per season)", "Leagues", {
      query: z.object({ currentSeasonId: z.coerce.number({ error: "must be a season id" }).int({ error: "must be a season id" }).positive({ error: "must be a season id" }).max(2_147_483_647, { error: "must be a season id" }).openapi({ type: "integer", example: 1 }) }),
    }),
    async (c) => ok(c, await stats.teamsOfSeason(c.req.valid("query").currentSeasonId)),
  );
  return api;
}
