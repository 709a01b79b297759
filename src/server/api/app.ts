import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { ensureVoter, voterOf } from "../../domain/community/voter.ts";
import type { Services } from "../../services/index.ts";
import { requestContext } from "../request-context.ts";
import { accountRoutes } from "./accounts.ts";
import { livescoreRoutes } from "./livescore.ts";
import { liveRoutes } from "./live.ts";
import { favouriteRoutes } from "./favourites.ts";
import { premiumRoutes } from "./premium.ts";
import { alertRoutes } from "./alerts.ts";
import { statsRoutes } from "./stats.ts";
import { trendsRoutes } from "./trends.ts";
import { previewsRoutes } from "./previews.ts";
import { MESSAGE_MAX, SUBJECT_MAX } from "../../domain/contact.ts";
import * as answers from "./answers.gen.ts";
import {
  type ApiContext,
  type ApiEnv,
  type ApiLog,
  apiErrorHandler,
  apiNotFound,
  bodyLimits,
  createApiApp,
  errorAnswer,
  inputRules,
  jsonBody,
  ok,
  rawRoute,
  route,
  serveDocument,
  z,
} from "./contract.ts";
import {
  CountriesLeaguesQuery,
  DailyQuery,
  FixtureIdParam,
  FixturesWebQuery,
  InfoQuery,
  MachineQuerySchema,
} from "./schemas.ts";
import { botsRoutes } from "./bots.ts";
import { scannerRoutes } from "./scanner.ts";

const fixturesWeb = route({
  method: "get",
  path: "/fixtures/web",
  tags: ["Fixtures"],
  summary: "Fixtures kicking off in a range, with league, country, teams and the score as known now",
  request: { query: FixturesWebQuery },
  data: answers.FixtureList,
  dataDescription: "Fixtures with their predictions (premium kinds only for premium members)",
});

const countriesLeagues = route({
  method: "get",
  path: "/countries/leagues",
  tags: ["Leagues"],
  summary: "Countries with their leagues",
  request: { query: CountriesLeaguesQuery },
  data: answers.CountriesWithLeagues,
});

const noFixture = { 404: "No such fixture" } as const;

const machine = route({
  method: "get",
  path: "/fixtures/pitchlab-machine",
  tags: ["Predictions"],
  summary:
    "The prediction generator: the best N picks of a range for the chosen events (odds), with their combined odd",
  request: { query: MachineQuerySchema },
  data: answers.Machine,
  errors: { 403: "Premium events for a free user" },
});

const fixtureInfoDef = {
  method: "get",
  path: "/fixtures/{id}/info",
  tags: ["Fixtures"],
  summary:
    "A fixture with its predictions, market probabilities, odds and (includeSeasonStats) the teams' season records",
  request: { params: FixtureIdParam, query: InfoQuery },
  data: answers.FixtureInfo,
  errors: noFixture,
} as const;
const fixtureInfo = route(fixtureInfoDef);
/** The old path of the same endpoint, served for existing clients but not documented (it shadows /fixtures/{id}/…). */
const fixtureInfoAlias = route({ ...fixtureInfoDef, path: "/fixtures/info/{id}", hide: true });

const fixtureOdds = route({
  method: "get",
  path: "/fixtures/{id}/odds",
  tags: ["Fixtures"],
  summary: "Odds by bookmaker, market and moment; closing prices only after kick-off",
  request: { params: FixtureIdParam },
  data: answers.FixtureOdds,
  errors: noFixture,
});

const fixturePriceHistory = route({
  method: "get",
  path: "/fixtures/{id}/price-history",
  tags: ["Fixtures"],
  summary: "The pre-match prices each sync saw, by bookmaker and market, oldest first",
  request: { params: FixtureIdParam },
  data: answers.PriceHistory,
  errors: noFixture,
});

const fixtureSimilars = route({
  method: "get",
  path: "/fixtures/{id}/similars",
  tags: ["Fixtures"],
  summary: "Played fixtures with the closest predicted 1X2 probabilities, and how they ended",
  request: { params: FixtureIdParam },
  data: answers.Similars,
  errors: noFixture,
});

const dailyBets = route({
  method: "get",
  path: "/bets/daily",
  tags: ["Predictions"],
  summary: "Bet of the Day: a double, a risk pick and the double's total odd",
  request: { query: DailyQuery },
  data: answers.BetOfTheDay,
});

const accuracy = route({
  method: "get",
  path: "/predictions/accuracy",
  tags: ["Predictions"],
  summary: "Accuracy of the stored predictions per league and prediction kind",
  data: answers.Accuracy,
});

const leagueProbabilities = route({
  method: "get",
  path: "/predictions/leagues",
  tags: ["Predictions"],
  summary: "Mean predicted probabilities per league in its newest season, beside the observed frequencies",
  data: answers.LeagueProbabilities,
});

const pipelineStatus = route({
  method: "get",
  path: "/predictions/status",
  tags: ["Predictions"],
  summary: "Progress of the walk-forward prediction pipeline (null before its first run)",
  data: answers.PipelineStatus,
});

const ContactBody = z
  .object({
    topic: z.string().openapi({ example: "general" }),
    subject: z.string().openapi({ description: "one line: CR/LF are refused" }),
    email: z.string(),
    message: z.string(),
    locale: z.string().optional(),
    captcha: z.string().optional(),
  })
  .openapi("ContactMessage");

const contact = rawRoute({
  method: "post",
  path: "/contact",
  tags: ["Community"],
  summary: "Sends a message to the operator (stored first); field messages in the request's language",
  request: jsonBody(ContactBody),
  content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
  contentDescription: "Sent",
  errors: { 429: "Too many messages from this address" },
});

const VoteBody = z.object({ choice: z.enum(["1", "X", "2"], { error: "apiErrors.voteChoice" }) });

const castVote = route({
  method: "post",
  path: "/fixtures/{id}/votes",
  tags: ["Community"],
  summary: "Votes for the result of a fixture, once per voter and before kick-off ('You have already voted!')",
  request: { params: FixtureIdParam, ...jsonBody(VoteBody) },
  data: answers.VoteTally,
  errors: { ...noFixture, 409: "Already voted (vote.already) or voting closed (vote.closed)" },
});

const voteTally = route({
  method: "get",
  path: "/fixtures/{id}/votes",
  tags: ["Community"],
  summary: "The vote tally of a fixture",
  request: { params: FixtureIdParam },
  data: answers.VoteTally,
});

const health = rawRoute({
  method: "get",
  path: "/health",
  tags: ["Operations"],
  summary: "Database, job queue, dataset, clock, and the process's role and live shards",
  content: { "application/json": { schema: answers.Health } },
});

/** The voter of a request (the account, else the browser's voter cookie, set here when missing). */
function voterFor(c: Context<ApiEnv>): string {
  const { voter, setCookie } = ensureVoter(c.get("user")?.id, c.req.header("cookie"), randomUUID);
  if (setCookie) c.header("Set-Cookie", setCookie, { append: true });
  return voter;
}

export interface ApiOptions {
  trustProxy?: boolean;
  secureCookies?: boolean;
  /** where refused and failed requests are logged (one line each); the console without it */
  logger?: ApiLog;
}

const consoleLog = {
  warn: (object: object, message: string) => console.warn(message, JSON.stringify(object)),
  error: (object: object, message: string) => console.error(message, object),
};

export function createApi(services: Services, options: ApiOptions = {}) {
  const api = createApiApp();
  api.onError(apiErrorHandler(options.logger ?? consoleLog));
  api.notFound(apiNotFound);
  // Before anything reads a body: 413 for a body over the route's limit (most take a few kB).
  api.use("*", bodyLimits);
  // One rule for every text and number of the input: a NUL or a subnormal number answers 400 (never a 500).
  api.use("*", inputRules);
  api.use("*", requestContext(services, { trustProxy: options.trustProxy ?? false }));
  api.route("/", accountRoutes(services, { secureCookies: options.secureCookies ?? false }).api);
  api.route("/", livescoreRoutes(services));
  api.route("/", liveRoutes(services));
  api.route("/", favouriteRoutes(services));
  api.route("/", statsRoutes(services));
  api.route("/", trendsRoutes(services));
  api.route("/", botsRoutes(services));
  api.route("/", premiumRoutes(services));
  api.route("/", previewsRoutes(services));
  api.route("/", scannerRoutes(services));
  api.route("/", alertRoutes(services));

  api.openapi(fixturesWeb, async (c) => {
    const { from, to, leagueIds } = c.req.valid("query");
    // Premium kinds (codes 6-18) only for an account with an active subscription.
    return ok(c, await services.predictions.inRange({ from, to, leagueIds, includePremium: c.get("access").premium }));
  });

  api.openapi(machine, async (c) => {
    const q = c.req.valid("query");
    return ok(c, await services.predictions.machine({ ...q, events: q.odds, premium: c.get("access").premium }));
  });

  const fixtureInfoHandler = async (c: ApiContext, id: number, includeSeasonStats: boolean | undefined) =>
    ok(
      c,
      await services.predictions.info(id, {
        includeSeasonStats: includeSeasonStats ?? false,
        includePremium: c.get("access").premium,
      }),
    );
  api.openapi(fixtureInfo, (c) =>
    fixtureInfoHandler(c, c.req.valid("param").id, c.req.valid("query").includeSeasonStats),
  );
  api.openapi(fixtureInfoAlias, (c) =>
    fixtureInfoHandler(c, c.req.valid("param").id, c.req.valid("query").includeSeasonStats),
  );

  api.openapi(fixtureOdds, async (c) => ok(c, await services.predictions.odds(c.req.valid("param").id)));

  api.openapi(fixturePriceHistory, async (c) =>
    ok(c, await services.predictions.priceHistory(c.req.valid("param").id)),
  );

  api.openapi(fixtureSimilars, async (c) => ok(c, await services.predictions.similars(c.req.valid("param").id)));

  api.openapi(dailyBets, async (c) => ok(c, await services.predictions.daily(c.req.valid("query"))));

  api.openapi(accuracy, async (c) => ok(c, await services.predictions.accuracy()));

  api.openapi(leagueProbabilities, async (c) => ok(c, await services.predictions.probabilitiesByLeague()));

  api.openapi(pipelineStatus, async (c) => ok(c, await services.pipeline.status()));

  api.openapi(countriesLeagues, async (c) => {
    const { recent } = c.req.valid("query");
    return ok(c, await services.leagues.countriesWithLeagues({ recent: recent ?? false }));
  });

  api.openapi(contact, async (c) => {
    const body = c.req.valid("json");
    const result = await services.community.contact(
      { ...body, locale: body.locale ?? "en" },
      { ip: c.get("clientIp"), captcha: body.captcha },
    );
    if (!result.ok) {
      const max: Record<string, number> = { subject: SUBJECT_MAX, message: MESSAGE_MAX };
      const fields = Object.fromEntries(
        Object.entries(result.fieldErrors).map(([field, key]) => [field, { key, params: { max: max[field] ?? 0 } }]),
      );
      return errorAnswer(c, 400, "errors.checkFields", undefined, fields);
    }
    return c.json({ ok: true as const }, 200);
  });

  api.openapi(castVote, async (c) => {
    const voter = voterFor(c);
    return ok(
      c,
      await services.community.vote(c.req.valid("param").id, voter, c.req.valid("json").choice, {
        ip: c.get("clientIp"),
      }),
    );
  });

  api.openapi(voteTally, async (c) =>
    ok(c, await services.community.votes(c.req.valid("param").id, voterOf(c.get("user")?.id, c.req.header("cookie")))),
  );

  api.openapi(health, async (c) => c.json(await services.health.report(), 200));

  serveDocument(api, "/openapi.json");
  // Mounted under /api/v1 of the site: an unknown API path is a JSON 404, never the site's HTML page.
  api.all("*", apiNotFound);
  return api;
}
