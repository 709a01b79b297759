import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Services } from "../../services/index.ts";
import { requirePremium } from "../../services/access.ts";
import type { RequestVars } from "../request-context.ts";
import { FixtureIdParam, leagueIdList } from "./schemas.ts";

type Env = { Variables: RequestVars };

const ErrorBody = z.object({ error: z.string(), code: z.string().optional() }).openapi("TrendsError");
const error = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });
const ok = (description: string) => ({ 200: { description, content: { "application/json": { schema: z.object({ data: z.any() }) } } } });

const id = (what: string) =>
  z.coerce
    .number({ error: `must be a ${what} id` })
    .int({ error: `must be a ${what} id` })
    .positive({ error: `must be a ${what} id` })
    .max(2_147_483_647, { error: `must be a ${what} id` });

const dateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: "must be a date (YYYY-MM-DD) or an ISO date-time",
  })
  .transform((v) => new Date(v))
  .openapi({ type: "string", example: "2026-11-22T00:00:00.000Z" });

const numberIn = (min: number, max: number) =>
  z.coerce.number({ error: "must be a number" }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });

const teamStats = createRoute({
  method: "get",
  path: "/teams/{id}/stats",
  tags: ["Statistics"],
  summary: "A team's 100+ events (occurrences / totalMatches) overall, home and away, for the season, last 10 and last 5 matches",
  request: {
    params: z.object({ id: id("team").openapi({ param: { name: "id", in: "path" }, type: "integer", example: 1 }) }),
    query: z.object({ seasonId: id("season").optional().openapi({ type: "integer", description: "default: the team's current season" }) }),
  },
  responses: { ...ok("Team statistics"), 400: error("A bad parameter"), 404: error("No such team, or no such season of the team") },
});

const preMatch = createRoute({
  method: "get",
  path: "/fixtures/{id}/team-stats",
  tags: ["Statistics"],
  summary: "Both teams' 100+ events from the matches that ended before the fixture's kick-off (walk-forward)",
  request: { params: FixtureIdParam },
  responses: { ...ok("Both teams' statistics"), 400: error("A bad parameter"), 404: error("No such fixture") },
});

const trends = createRoute({
  method: "get",
  path: "/trends",
  tags: ["Statistics"],
  summary:
    "Trends of the teams of the upcoming fixtures (default: the next 48 hours): running streaks and high rates, overall, home and away. Free users and visitors get wins/draws/losses, over/under 2.5 and GG/NG only.",
  request: {
    query: z.object({
      from: dateTime.optional(),
      to: dateTime.optional(),
      tab: z.enum(["AllTrends", "TopTrends"], { error: "must be AllTrends or TopTrends" }).default("AllTrends"),
    }),
  },
  responses: { ...ok("Trends"), 400: error("A bad parameter") },
});

const bestTeams = createRoute({
  method: "get",
  path: "/teams/best",
  tags: ["Statistics"],
  summary: "Premium: the teams with the best rate of the chosen events over their last matchesQuantity matches, with their next fixture, our probability and the pre-match odd",
  request: {
    query: z.object({
      events: z.string().min(1, { error: "choose at least one event" }).default("O25").transform((v) => v.split(",").filter(Boolean)).openapi({ example: "O25,GG" }),
      leagueIds: leagueIdList.optional().openapi({ type: "string", example: "1,2" }),
      from: dateTime.optional(),
      to: dateTime.optional(),
      minOdd: numberIn(1, 1000).default(1),
      maxOdd: numberIn(1, 1000).default(4),
      matchesQuantity: z.coerce.number({ error: "must be a whole number from 1 to 20" }).int({ error: "must be a whole number from 1 to 20" }).default(5),
      minProbability: numberIn(1, 100).default(1),
      maxProbability: numberIn(1, 100).default(100),
    }),
  },
  responses: { ...ok("Best teams"), 400: error("A bad parameter"), 401: error("Not signed in"), 403: error("Not a premium member") },
});

/** API of the trends area, mounted under /api/v1: team statistics, trends, best teams by market. */
export function trendsRoutes(services: Services) {
  const api = new OpenAPIHono<Env>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const message = result.error.issues.map((issue) => `${issue.path.join(".") || "request"}: ${issue.message}`).join("; ");
      return c.json({ error: message }, 400);
    },
  });
  // Premium is checked before the input, so that a visitor or free user is refused whatever they send.
  api.use("/teams/best", async (c, next) => {
    requirePremium(c.get("access"));
    await next();
  });

  api.openapi(teamStats, async (c) => {
    const { id: teamId } = c.req.valid("param");
    return c.json({ data: await services.teamStats.team(teamId, c.req.valid("query").seasonId, c.get("access").premium) }, 200);
  });
  api.openapi(preMatch, async (c) => c.json({ data: await services.teamStats.preMatch(c.req.valid("param").id, c.get("access").premium) }, 200));
  api.openapi(trends, async (c) => {
    const q = c.req.valid("query");
    return c.json({ data: await services.teamStats.trends({ ...q, premium: c.get("access").premium }) }, 200);
  });
  api.openapi(bestTeams, async (c) => c.json({ data: await services.teamStats.bestTeams(c.req.valid("query"), c.get("access")) }, 200));
  return api;
}
