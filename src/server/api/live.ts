import { createHash } from "node:crypto";
import { MAX_LIVE_PRICE } from "../../domain/live/odds.ts";
import { COUNTERS } from "../../domain/live/state.ts";
import type { Services } from "../../services/index.ts";
import { type ApiContext, createApiApp, idParam, ok, route, z } from "./contract.ts";

const tags = ["Live"];
const notModified = "Unchanged since the ETag sent";

const IdParam = z.object({
  id: idParam("id"),
});

const count = z.number().int().nullable();
const Counters = z
  .object(Object.fromEntries(COUNTERS.map((c) => [c, count])) as Record<(typeof COUNTERS)[number], typeof count>)
  .openapi("LiveCounters", {
    description:
      "Per-team counters; null = the source has no such figure for this fixture. possession is a percentage.",
  });

const Price = z.number().nullable().openapi({ description: "decimal odds; null = settled or suspended" });
const LiveOdds = z
  .object({
    minute: z.number().int(),
    home: Price,
    draw: Price,
    away: Price,
    overUnder: z.array(z.object({ line: z.number(), over: Price, under: Price })),
    bttsYes: Price,
    bttsNo: Price,
    margin: z.number().openapi({ description: "overround of the closing odds the line is anchored to" }),
    probabilities: z.object({ home: z.number(), draw: z.number(), away: z.number(), bttsYes: z.number() }),
  })
  .openapi("LiveOdds");

const LiveEvent = z.object({
  type: z.enum(["goal", "yellow", "red", "corner", "penalty", "substitution"]),
  side: z.enum(["home", "away"]),
  second: z.number().int(),
  minute: z.number().int(),
});

const LiveState = z
  .object({
    fixtureId: z.number().int(),
    status: z.enum(["upcoming", "live", "halftime", "finished"]),
    second: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "match clock in seconds, 0–5400 (2699 during the break)" }),
    minute: z.number().int().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    home: Counters,
    away: Counters,
    estimated: z
      .array(z.enum(COUNTERS))
      .openapi({ description: "counters estimated by a model, not counted by the source" }),
    events: z.array(LiveEvent).openapi({
      description:
        "events so far; in a replayed match (the bundled data, without a live provider) the minutes of goals and events are simulated from the match's totals (half-time and full-time scores, match counts), not recorded",
    }),
    odds: LiveOdds.nullable().openapi({
      description: `in-play prices of the odds model; a selection priced above ${MAX_LIVE_PRICE} (where real in-play markets stop) has none`,
    }),
  })
  .openapi("LiveState");

const LiveFixture = z.object({
  id: z.number().int(),
  kickoff: z.string(),
  league: z.object({
    id: z.number().int(),
    name: z.string(),
    tier: z.number().int(),
    country: z.object({ name: z.string(), code: z.string() }),
  }),
  homeTeam: z.object({ id: z.number().int(), name: z.string() }),
  awayTeam: z.object({ id: z.number().int(), name: z.string() }),
});

const Chart = z
  .object({
    counter: z.literal("dangerousAttacks"),
    estimated: z.boolean(),
    home: z.array(z.number().int()),
    away: z.array(z.number().int()),
  })
  .openapi("LiveChart", { description: "per 5 minutes, 18 buckets" });

const livescores = route({
  method: "get",
  path: "/fixtures/livescores",
  tags,
  summary:
    "Every fixture being played now, with minute, score and counters. Polling: send If-None-Match with the last ETag; 304 when nothing changed",
  data: z.array(z.object({ fixture: LiveFixture, state: LiveState.omit({ events: true }) })),
  dataDescription: "Live fixtures",
  notModified,
});

const fixtureLive = route({
  method: "get",
  path: "/fixtures/{id}/live",
  tags,
  summary:
    "A fixture's live state, events and chart now; for a finished one the whole match (second= replays any moment reached)",
  request: {
    params: IdParam,
    query: z.object({
      second: z.coerce
        .number({ error: "must be a match-clock second 0–5400" })
        .int({ error: "must be a match-clock second 0–5400" })
        .min(0, { error: "must be a match-clock second 0–5400" })
        .max(5400, { error: "must be a match-clock second 0–5400" })
        .optional()
        .openapi({ type: "integer" }),
    }),
  },
  data: z.object({ fixture: LiveFixture, state: LiveState, chart: Chart.nullable() }),
  dataDescription: "Live state",
  notModified,
  errors: { 400: "Bad id or second, or a second not reached yet", 404: "No such fixture, or it has not kicked off" },
});

const inplay = route({
  method: "get",
  path: "/fixtures/odds/playables/inplay/{id}",
  tags,
  summary: "Live odds (1X2, over/under 0.5–4.5, both teams to score) of a fixture being played",
  request: { params: IdParam },
  data: z.object({
    fixtureId: z.number().int(),
    status: z.enum(["upcoming", "live", "halftime", "finished"]),
    minute: z.number().int().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    odds: LiveOdds.nullable(),
  }),
  dataDescription: "Live odds",
  errors: { 400: "Bad id", 404: "No such fixture, or it has not kicked off" },
});

const prematch = route({
  method: "get",
  path: "/fixtures/odds/prematch/{id}",
  tags,
  summary:
    "Pre-match odds by bookmaker (closing prices only after kick-off), limited to the bookmakers licensed in the given bookmaker countries",
  request: {
    params: IdParam,
    query: z.object({
      countries: z
        .string()
        .regex(/^-?\d+(,-?\d+)*$/, { error: "must be comma-separated bookmaker country ids (-1 = the world)" })
        .optional()
        .openapi({ example: "826,276" }),
    }),
  },
  data: z.array(
    z.object({
      bookmaker: z.string(),
      bookmakerName: z.string(),
      market: z.string(),
      closing: z.boolean(),
      line: z.number().nullable(),
      home: z.number(),
      draw: z.number().nullable(),
      away: z.number(),
    }),
  ),
  dataDescription: "Odds",
  errors: { 400: "Bad id or country", 404: "No such fixture" },
});

const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;

/**
 * Polling with ETag: the answer's hash; a client that sends it back gets 304 (no body) while nothing changed.
 * The data is serialized once for the hash and once more by `ok` when it did change.
 */
function cached<T>(c: ApiContext, data: T) {
  const etag = etagOf(JSON.stringify({ data }));
  c.header("ETag", etag);
  c.header("Cache-Control", "no-cache");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return ok(c, data);
}

/** Live match data (SPEC §7.2): livescores, a fixture's live state and timeline, in-play and pre-match odds. */
export function liveRoutes(services: Services) {
  const api = createApiApp();

  api.openapi(livescores, async (c) => cached(c, await services.live.livescores()));

  api.openapi(fixtureLive, async (c) => {
    const { id } = c.req.valid("param");
    const { second } = c.req.valid("query");
    return cached(c, await services.live.fixture(id, second));
  });

  api.openapi(inplay, async (c) => ok(c, await services.live.inplayOdds(c.req.valid("param").id)));

  api.openapi(prematch, async (c) => {
    const countries = c.req.valid("query").countries?.split(",").map(Number) ?? [];
    return ok(c, await services.live.prematchOdds(c.req.valid("param").id, countries));
  });

  return api;
}
