import { FILTER_EVENTS, GOAL_KEYS, RATE_PARAMS } from "../../domain/stats/advanced-filter.ts";
import type { Services } from "../../services/index.ts";
import * as answers from "./answers.gen.ts";
import {
  type ApiContext,
  Done,
  createApiApp,
  done,
  idNumber,
  idParam,
  idText,
  jsonBody,
  ok,
  requireUser,
  route,
  z,
} from "./contract.ts";

const errors = {
  401: "Not signed in (auth.loginRequired)",
  403: "A premium feature asked by a caller without premium (premium.noPermission)",
  404: "No such group, configuration or season of this user",
  409: "Too many groups or configurations",
} as const;

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

const text = (description: string, example?: string) =>
  z
    .string()
    .optional()
    .openapi({ description, ...(example ? { example } : {}) });
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
    from: text(
      "start of the range (YYYY-MM-DD = UTC midnight, or an ISO date-time); default today",
      "2026-11-22T00:00:00.000Z",
    ),
    to: text(
      "end of the range, exclusive; at most 14 days after from; default from + 1 day",
      "2026-11-29T00:00:00.000Z",
    ),
    event: text(
      `the event: ${FILTER_EVENTS.map((e) => `${e.code}${e.premium ? " (premium)" : ""}`).join(", ")}; default O25`,
      "O25",
    ),
    minOdd: text("minimum odd of the event (bookmaker's pre-match price, else the fair odd)", "1.1"),
    maxOdd: text("maximum odd of the event", "4"),
    minProbability: text("minimum probability of the event, in % (premium)"),
    maxProbability: text("maximum probability of the event, in % (premium)"),
    ...Object.fromEntries(RATE_PARAMS.map((k) => [k, text(RATE_DOCS[k])])),
    leagueIds: text("league ids joined by commas; none = every league", "1,2"),
    ...Object.fromEntries(
      GOAL_KEYS.flatMap((k) => [
        [`min${k}`, text(goalDoc("min", k))],
        [`max${k}`, text(goalDoc("max", k))],
      ]),
    ),
  })
  .openapi("AdvancedFilterQuery");

const SavedSearchBody = z
  .object({
    name: z.string({ error: "must be text" }).optional().openapi({ example: "Goals weekend" }),
    query: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .openapi({ description: "the filter's query parameters (as GET /fixtures/advanced-filters takes them)" }),
  })
  .openapi("SavedSearchInput");

const LeagueGroupBody = z
  .object({
    name: z.string({ error: "must be text" }).optional().openapi({ example: "Big five" }),
    leagueIds: z
      .array(idNumber)
      .max(200)
      .optional()
      .openapi({ example: [1, 2] }),
  })
  .openapi("LeagueGroupInput");

/** A body the service already serialized (the filter's per-fixture JSON is cached), typed as the route's `{ data }`. */
const jsonText = (c: ApiContext, body: string) =>
  c.body(body, 200, { "content-type": "application/json; charset=UTF-8" }) as never;
const queryOf = (c: ApiContext) => c.req.query() as Record<string, string | undefined>;

/** API of the stats area, mounted under /api/v1. */
export function statsRoutes(services: Services) {
  const stats = services.stats;
  const api = createApiApp();
  // A visitor gets 401 before any validation.
  for (const path of ["/users/searches", "/users/searches/*", "/users/leagues", "/users/leagues/*"]) {
    api.use(path, async (c, next) => {
      requireUser(c);
      await next();
    });
  }

  const filterSummary =
    "Upcoming fixtures whose event passes every threshold, with the walk-forward rates and goal averages";
  api.openapi(
    route({
      method: "get",
      path: "/fixtures/advanced-filters",
      tags: ["Statistical filter"],
      summary: `${filterSummary} (premium events and the probability range need premium)`,
      request: { query: FilterQuery },
      data: answers.AdvancedFilter,
      errors,
      // visitors get the free events; 401/403 only for a premium event or the probability range
      auth: "optional",
    }),
    async (c) => jsonText(c, await stats.advancedFilterJson(queryOf(c), c.get("access"), { premiumEndpoint: false })),
  );
  api.openapi(
    route({
      method: "get",
      path: "/fixtures/advanced-filters/premium",
      tags: ["Statistical filter"],
      summary: `${filterSummary}; premium members only`,
      request: { query: FilterQuery },
      data: answers.AdvancedFilter,
      errors,
      // premium members only: a visitor is never answered
      auth: "required",
    }),
    async (c) => jsonText(c, await stats.advancedFilterJson(queryOf(c), c.get("access"), { premiumEndpoint: true })),
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/searches",
      tags: ["Statistical filter"],
      summary: "Saved configurations of the advanced filter (premium)",
      data: answers.SavedSearches,
      errors,
    }),
    async (c) => ok(c, await stats.savedSearches.list(requireUser(c), c.get("access"))),
  );
  api.openapi(
    route({
      method: "post",
      path: "/users/searches",
      tags: ["Statistical filter"],
      summary: "Saves a configuration: a name and the filter's query (premium)",
      request: jsonBody(SavedSearchBody),
      data: answers.SavedSearch,
      errors,
    }),
    async (c) => ok(c, await stats.savedSearches.save(requireUser(c), c.get("access"), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/users/searches/{id}",
      tags: ["Statistical filter"],
      summary: "Deletes a saved configuration (premium)",
      request: { params: z.object({ id: idParam("id") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await stats.savedSearches.remove(requireUser(c), c.get("access"), c.req.valid("param").id);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/leagues",
      tags: ["League groups"],
      summary: "League groups of the user (premium)",
      data: answers.LeagueGroups,
      errors,
    }),
    async (c) => ok(c, await stats.leagueGroups.list(requireUser(c), c.get("access"))),
  );
  api.openapi(
    route({
      method: "post",
      path: "/users/leagues",
      tags: ["League groups"],
      summary: "Creates a league group: name and leagueIds (premium)",
      request: jsonBody(LeagueGroupBody),
      data: answers.CreatedLeagueGroup,
      errors,
    }),
    async (c) => ok(c, await stats.leagueGroups.create(requireUser(c), c.get("access"), c.req.valid("json"))),
  );
  api.openapi(
    route({
      method: "get",
      path: "/users/leagues/{id}",
      tags: ["League groups"],
      summary: "One league group of the user (premium)",
      request: { params: z.object({ id: idParam("id") }) },
      data: answers.LeagueGroup,
      errors,
    }),
    async (c) => ok(c, await stats.leagueGroups.get(requireUser(c), c.get("access"), c.req.valid("param").id)),
  );
  api.openapi(
    route({
      method: "put",
      path: "/users/leagues/{id}",
      tags: ["League groups"],
      summary: "Renames a league group or changes its leagues (premium)",
      request: { params: z.object({ id: idParam("id") }), ...jsonBody(LeagueGroupBody) },
      data: answers.UpdatedLeagueGroup,
      errors,
    }),
    async (c) =>
      ok(
        c,
        await stats.leagueGroups.update(requireUser(c), c.get("access"), c.req.valid("param").id, c.req.valid("json")),
      ),
  );
  api.openapi(
    route({
      method: "delete",
      path: "/users/leagues/{id}",
      tags: ["League groups"],
      summary: "Deletes a league group (premium)",
      request: { params: z.object({ id: idParam("id") }) },
      data: Done,
      errors,
    }),
    async (c) => {
      await stats.leagueGroups.remove(requireUser(c), c.get("access"), c.req.valid("param").id);
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/leagues/topleagues",
      tags: ["Leagues"],
      summary:
        "Leagues by priority: the country's own first, then the big five first divisions, then by tier and matches",
      request: {
        query: z.object({ countryCode: z.string().max(8).optional().openapi({ example: "ENG" }) }),
      },
      data: answers.TopLeagues,
      errors,
      // public; `errors` is the area's list
      auth: "optional",
    }),
    async (c) => ok(c, await stats.topLeagues(c.req.valid("query").countryCode || undefined)),
  );
  api.openapi(
    route({
      method: "get",
      path: "/teams",
      tags: ["Leagues"],
      summary: "Teams of a season (cached per season)",
      request: {
        query: z.object({ currentSeasonId: idText }),
      },
      data: answers.TeamsOfSeason,
      errors,
      // public; `errors` is the area's list
      auth: "optional",
    }),
    async (c) => ok(c, await stats.teamsOfSeason(c.req.valid("query").currentSeasonId)),
  );
  return api;
}
