import type { Services } from "../../services/index.ts";
import { requirePremium } from "../../services/access.ts";
import * as answers from "./answers.gen.ts";
import {
  createApiApp,
  dateOrDateTime,
  idList,
  idParam,
  idText,
  intText,
  numberText,
  ok,
  route,
  z,
} from "./contract.ts";
import { FixtureIdParam } from "./schemas.ts";

const events = z
  .string()
  .min(1, { error: "apiErrors.validation.events" })
  .max(500)
  .default("O25")
  .transform((v) => v.split(",").filter(Boolean))
  .openapi({ type: "string", example: "O25,GG" });

const teamStats = route({
  method: "get",
  path: "/teams/{id}/stats",
  tags: ["Statistics"],
  summary:
    "A team's 100+ events (occurrences / totalMatches) overall, home and away, for the season, last 10 and last 5 matches",
  request: {
    params: z.object({ id: idParam("id") }),
    query: z.object({ seasonId: idText.optional().openapi({ description: "default: the team's current season" }) }),
  },
  data: answers.TeamStats,
  errors: { 404: "No such team, or no such season of the team" },
});

const preMatch = route({
  method: "get",
  path: "/fixtures/{id}/team-stats",
  tags: ["Statistics"],
  summary: "Both teams' 100+ events from the matches that ended before the fixture's kick-off (walk-forward)",
  request: { params: FixtureIdParam },
  data: answers.PreMatchStats,
  errors: { 404: "No such fixture" },
});

const trends = route({
  method: "get",
  path: "/trends",
  tags: ["Statistics"],
  summary:
    "Trends of the teams of the upcoming fixtures (default: the next 48 hours): running streaks and high rates, overall, home and away. Free users and visitors get wins/draws/losses, over/under 2.5 and GG/NG only.",
  request: {
    query: z.object({
      from: dateOrDateTime.optional(),
      to: dateOrDateTime.optional(),
      tab: z.enum(["AllTrends", "TopTrends"]).default("AllTrends"),
    }),
  },
  data: answers.Trends,
});

const bestTeams = route({
  method: "get",
  path: "/teams/best",
  tags: ["Statistics"],
  summary:
    "Premium: the teams with the best rate of the chosen events over their last matchesQuantity matches, with their next fixture, our probability and the pre-match odd",
  request: {
    query: z.object({
      events,
      leagueIds: idList.optional(),
      from: dateOrDateTime.optional(),
      to: dateOrDateTime.optional(),
      minOdd: numberText(1, 1000).default(1),
      maxOdd: numberText(1, 1000).default(4),
      matchesQuantity: intText(1, 20).default(5),
      minProbability: numberText(1, 100).default(1),
      maxProbability: numberText(1, 100).default(100),
    }),
  },
  data: answers.BestTeams,
  errors: { 401: "Not signed in", 403: "Not a premium member" },
});

/** API of the trends area, mounted under /api/v1: team statistics, trends, best teams by market. */
export function trendsRoutes(services: Services) {
  const api = createApiApp();
  // Premium is checked before the input, so that a visitor or free user is refused whatever they send.
  api.use("/teams/best", async (c, next) => {
    requirePremium(c.get("access"));
    await next();
  });

  api.openapi(teamStats, async (c) => {
    const { id: teamId } = c.req.valid("param");
    return ok(c, await services.teamStats.team(teamId, c.req.valid("query").seasonId, c.get("access").premium));
  });
  api.openapi(preMatch, async (c) =>
    ok(c, await services.teamStats.preMatch(c.req.valid("param").id, c.get("access").premium)),
  );
  api.openapi(trends, async (c) => {
    const q = c.req.valid("query");
    return ok(c, await services.teamStats.trends({ ...q, premium: c.get("access").premium }));
  });
  api.openapi(bestTeams, async (c) => ok(c, await services.teamStats.bestTeams(c.req.valid("query"), c.get("access"))));
  return api;
}
