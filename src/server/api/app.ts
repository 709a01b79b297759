import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Services } from "../../services/index.ts";
import { ServiceError } from "../../services/index.ts";
import { CountriesLeaguesQuery, CountryWithLeagues, ErrorBody, Fixture, FixturesWebQuery } from "./schemas.ts";

const badRequest = { 400: { description: "A bad parameter", content: { "application/json": { schema: ErrorBody } } } };

const fixturesWeb = createRoute({
  method: "get",
  path: "/fixtures/web",
  summary: "Fixtures kicking off in a range, with league, country, teams and the score as known now",
  request: { query: FixturesWebQuery },
  responses: {
    200: { description: "Fixtures", content: { "application/json": { schema: z.object({ data: z.array(Fixture) }) } } },
    ...badRequest,
  },
});

const countriesLeagues = createRoute({
  method: "get",
  path: "/countries/leagues",
  summary: "Countries with their leagues",
  request: { query: CountriesLeaguesQuery },
  responses: {
    200: {
      description: "Countries",
      content: { "application/json": { schema: z.object({ data: z.array(CountryWithLeagues) }) } },
    },
    ...badRequest,
  },
});

const health = createRoute({
  method: "get",
  path: "/health",
  summary: "Database, job queue, dataset and clock",
  responses: { 200: { description: "Health", content: { "application/json": { schema: z.object({}).passthrough() } } } },
});

export function createApi(services: Services) {
  const api = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) {
        const message = result.error.issues
          .map((issue) => `${issue.path.join(".") || "request"}: ${issue.message}`)
          .join("; ");
        return c.json({ error: message }, 400);
      }
    },
  });

  api.onError((error, c) => {
    if (error instanceof ServiceError) return c.json({ error: error.message }, error.status);
    console.error(error);
    return c.json({ error: "Internal server error" }, 500);
  });
  api.notFound((c) => c.json({ error: `No such API path: ${c.req.path}` }, 404));

  api.openapi(fixturesWeb, async (c) => {
    const { from, to, leagueIds } = c.req.valid("query");
    return c.json({ data: await services.fixtures.inRange({ from, to, leagueIds }) }, 200);
  });

  api.openapi(countriesLeagues, async (c) => {
    const { recent } = c.req.valid("query");
    return c.json({ data: await services.leagues.countriesWithLeagues({ recent: recent ?? false }) }, 200);
  });

  api.openapi(health, async (c) => c.json(await services.health.report(), 200));

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Pitchlab API", version: "1" },
    servers: [{ url: "/api/v1" }],
  });
  return api;
}
