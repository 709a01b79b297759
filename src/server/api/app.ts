import { randomUUID } from "node:crypto";
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { Services } from "../../services/index.ts";
import { isServiceError } from "../../services/errors.ts";
import { type RequestVars, requestContext } from "../request-context.ts";
import { accountRoutes } from "./accounts.ts";
import { livescoreRoutes } from "./livescore.ts";
import { favouriteRoutes } from "./favourites.ts";
import { premiumRoutes } from "./premium.ts";
import { alertRoutes } from "./alerts.ts";
import { statsRoutes } from "./stats.ts";
import { trendsRoutes } from "./trends.ts";
import { prematchRoutes } from "./prematch.ts";
import { serviceErrorResponse } from "./errors.ts";
import {
  CountriesLeaguesQuery,
  CountryWithLeagues,
  DailyQuery,
  ErrorBody,
  Fixture,
  FixtureIdParam,
  FixturesWebQuery,
  InfoQuery,
  MachineQuerySchema,
} from "./schemas.ts";

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

const notFound = { 404: { description: "No such fixture", content: { "application/json": { schema: ErrorBody } } } };
const anyData = (description: string) => ({
  200: { description, content: { "application/json": { schema: z.object({ data: z.any() }) } } },
});

const machine = createRoute({
  method: "get",
  path: "/fixtures/pitchlab-machine",
  summary: "The prediction generator: the best N picks of a range for the chosen events (odds), with their combined odd",
  request: { query: MachineQuerySchema },
  responses: { ...anyData("Picks"), ...badRequest, 403: { description: "Premium events for a free user", content: { "application/json": { schema: ErrorBody } } } },
});

const fixtureInfo = createRoute({
  method: "get",
  path: "/fixtures/info/{id}",
  summary: "A fixture with its predictions, market probabilities, odds and (includeSeasonStats) the teams' season records",
  request: { params: FixtureIdParam, query: InfoQuery },
  responses: { ...anyData("Fixture information"), ...badRequest, ...notFound },
});

const fixtureOdds = createRoute({
  method: "get",
  path: "/fixtures/{id}/odds",
  summary: "Odds by bookmaker, market and moment; closing prices only after kick-off",
  request: { params: FixtureIdParam },
  responses: { ...anyData("Odds"), ...badRequest, ...notFound },
});

const fixtureSimilars = createRoute({
  method: "get",
  path: "/fixtures/{id}/similars",
  summary: "Played fixtures with the closest predicted 1X2 probabilities, and how they ended",
  request: { params: FixtureIdParam },
  responses: { 200: { description: "Similar fixtures", content: { "application/json": { schema: z.object({ data: z.array(Fixture) }) } } }, ...badRequest, ...notFound },
});

const dailyBets = createRoute({
  method: "get",
  path: "/bets/daily",
  summary: "Bet of the Day: a double, a risk pick and the double's total odd",
  request: { query: DailyQuery },
  responses: { ...anyData("Bet of the Day"), ...badRequest },
});

const accuracy = createRoute({
  method: "get",
  path: "/predictions/accuracy",
  summary: "Accuracy of the stored predictions per league and prediction kind",
  responses: anyData("Accuracy"),
});

const leagueProbabilities = createRoute({
  method: "get",
  path: "/predictions/leagues",
  summary: "Mean predicted probabilities per league in its newest season, beside the observed frequencies",
  responses: anyData("Probabilities by league"),
});

const pipelineStatus = createRoute({
  method: "get",
  path: "/predictions/status",
  summary: "Progress of the walk-forward prediction pipeline",
  responses: anyData("Pipeline state"),
});

const contact = createRoute({
  method: "post",
  path: "/contact",
  summary: "Sends a message to the operator (stored first)",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({ topic: z.string(), subject: z.string(), email: z.string(), message: z.string(), locale: z.string().optional(), captcha: z.string().optional() }),
        },
      },
    },
  },
  responses: { 200: { description: "Sent", content: { "application/json": { schema: z.object({ ok: z.boolean() }) } } }, ...badRequest },
});

const VoteBody = z.object({ choice: z.enum(["1", "X", "2"], { error: "must be 1, X or 2" }) });

const castVote = createRoute({
  method: "post",
  path: "/fixtures/{id}/votes",
  summary: "Votes for the result of a fixture, once per voter and before kick-off ('You have already voted!')",
  request: { params: FixtureIdParam, body: { content: { "application/json": { schema: VoteBody } } } },
  responses: { ...anyData("Vote tally"), ...badRequest, ...notFound, 409: { description: "Already voted or closed", content: { "application/json": { schema: ErrorBody } } } },
});

const voteTally = createRoute({
  method: "get",
  path: "/fixtures/{id}/votes",
  summary: "The vote tally of a fixture",
  request: { params: FixtureIdParam },
  responses: { ...anyData("Vote tally"), ...badRequest },
});

const health = createRoute({
  method: "get",
  path: "/health",
  summary: "Database, job queue, dataset and clock",
  responses: { 200: { description: "Health", content: { "application/json": { schema: z.object({}).passthrough() } } } },
});

export const VOTER_COOKIE = "voter";

/** A voter is the account when signed in, else the browser: a random id in an HttpOnly cookie. */
function voterOf(c: Context<{ Variables: RequestVars }>): string {
  const user = c.get("user");
  if (user) return `user:${user.id}`;
  let voter = getCookie(c, VOTER_COOKIE);
  if (!voter || !/^[\w-]{16,64}$/.test(voter)) {
    voter = randomUUID();
    setCookie(c, VOTER_COOKIE, voter, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 400 * 86400 });
  }
  return voter;
}

export interface ApiOptions {
  trustProxy?: boolean;
  secureCookies?: boolean;
}

export function createApi(services: Services, options: ApiOptions = {}) {
  const api = new OpenAPIHono<{ Variables: RequestVars }>({
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
    if (isServiceError(error)) return serviceErrorResponse(c, error);
    console.error(error);
    return c.json({ error: "Internal server error" }, 500);
  });
  api.notFound((c) => c.json({ error: `No such API path: ${c.req.path}` }, 404));
  api.use("*", requestContext(services, { trustProxy: options.trustProxy ?? false }));
  api.route("/", accountRoutes(services, { secureCookies: options.secureCookies ?? false }).api);
  api.route("/", livescoreRoutes(services));
  api.route("/", favouriteRoutes(services));
  api.route("/", statsRoutes(services));
  api.route("/", trendsRoutes(services));
  api.route("/", premiumRoutes(services));
  api.route("/", prematchRoutes(services));
  api.route("/", alertRoutes(services));

  api.openapi(fixturesWeb, async (c) => {
    const { from, to, leagueIds } = c.req.valid("query");
    // Premium kinds (codes 6-18) only for an account with an active subscription.
    return c.json({ data: await services.predictions.inRange({ from, to, leagueIds, includePremium: c.get("access").premium }) }, 200);
  });

  api.openapi(machine, async (c) => {
    const q = c.req.valid("query");
    return c.json({ data: await services.predictions.machine({ ...q, events: q.odds, premium: c.get("access").premium }) }, 200);
  });

  api.openapi(fixtureInfo, async (c) => {
    const { id } = c.req.valid("param");
    const { includeSeasonStats } = c.req.valid("query");
    return c.json({ data: await services.predictions.info(id, { includeSeasonStats: includeSeasonStats ?? false, includePremium: c.get("access").premium }) }, 200);
  });

  api.openapi(fixtureOdds, async (c) => c.json({ data: await services.predictions.odds(c.req.valid("param").id) }, 200));

  api.openapi(fixtureSimilars, async (c) => c.json({ data: await services.predictions.similars(c.req.valid("param").id) }, 200));

  api.openapi(dailyBets, async (c) => c.json({ data: await services.predictions.daily(c.req.valid("query")) }, 200));

  api.openapi(accuracy, async (c) => c.json({ data: await services.predictions.accuracy() }, 200));

  api.openapi(leagueProbabilities, async (c) => c.json({ data: await services.predictions.probabilitiesByLeague() }, 200));

  api.openapi(pipelineStatus, async (c) => c.json({ data: await services.pipeline.status() }, 200));

  api.openapi(countriesLeagues, async (c) => {
    const { recent } = c.req.valid("query");
    return c.json({ data: await services.leagues.countriesWithLeagues({ recent: recent ?? false }) }, 200);
  });

  api.openapi(contact, async (c) => {
    const body = c.req.valid("json");
    const result = await services.community.contact({ ...body, locale: body.locale ?? "en" }, { ip: c.get("clientIp"), captcha: body.captcha });
    if (!result.ok) return c.json({ error: Object.entries(result.fieldErrors).map(([field, key]) => `${field}: ${key}`).join("; ") }, 400);
    return c.json({ ok: true }, 200);
  });

  api.openapi(castVote, async (c) => {
    const voter = voterOf(c);
    return c.json({ data: await services.community.vote(c.req.valid("param").id, voter, c.req.valid("json").choice) }, 200);
  });

  api.openapi(voteTally, async (c) => c.json({ data: await services.community.votes(c.req.valid("param").id, c.get("user") ? `user:${c.get("user")!.id}` : (getCookie(c, VOTER_COOKIE) ?? null)) }, 200));

  api.openapi(health, async (c) => c.json(await services.health.report(), 200));

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Pitchlab API", version: "1" },
    servers: [{ url: "/api/v1" }],
  });
  return api;
}
