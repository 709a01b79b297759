import { createHash } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { MAX_LIVE_PRICE } from "../../domain/live/odds.ts";
import { COUNTERS } from "../../domain/live/state.ts";
import type { Services } from "../../services/index.ts";
import { ErrorBody, createApiApp, idParam } from "./contract.ts";
const failure = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

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

const livescores = createRoute({
  method: "get",
  path: "/fixtures/livescores",
  summary:
    "Every fixture being played now, with minute, score and counters. Polling: send If-None-Match with the last ETag; 304 when nothing changed",
  responses: {
    200: {
      description: "Live fixtures",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(z.object({ fixture: LiveFixture, state: LiveState.omit({ events: true }) })),
          }),
        },
      },
    },
    304: { description: "Unchanged since the ETag sent" },
  },
});

const fixtureLive = createRoute({
  method: "get",
  path: "/fixtures/{id}/live",
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
  responses: {
    200: {
      description: "Live state",
      content: {
        "application/json": {
          schema: z.object({ data: z.object({ fixture: LiveFixture, state: LiveState, chart: Chart.nullable() }) }),
        },
      },
    },
    304: { description: "Unchanged since the ETag sent" },
    400: failure("Bad id or second, or a second not reached yet"),
    404: failure("No such fixture, or it has not kicked off"),
  },
});

const inplay = createRoute({
  method: "get",
  path: "/fixtures/odds/playables/inplay/{id}",
  summary: "Live odds (1X2, over/under 0.5–4.5, both teams to score) of a fixture being played",
  request: { params: IdParam },
  responses: {
    200: {
      description: "Live odds",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              fixtureId: z.number().int(),
              status: z.enum(["upcoming", "live", "halftime", "finished"]),
              minute: z.number().int().nullable(),
              homeScore: z.number().int().nullable(),
              awayScore: z.number().int().nullable(),
              odds: LiveOdds.nullable(),
            }),
          }),
        },
      },
    },
    400: failure("Bad id"),
    404: failure("No such fixture, or it has not kicked off"),
  },
});

const prematch = createRoute({
  method: "get",
  path: "/fixtures/odds/prematch/{id}",
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
  responses: {
    200: {
      description: "Odds",
      content: {
        "application/json": {
          schema: z.object({
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
          }),
        },
      },
    },
    400: failure("Bad id or country"),
    404: failure("No such fixture"),
  },
});

const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;

/** Live match data (SPEC §7.2): livescores, a fixture's live state and timeline, in-play and pre-match odds. */
export function liveRoutes(services: Services) {
  const api = createApiApp();

  // Polling with ETag: the body's hash; a client that sends it back gets 304 while nothing changed.
  const cached = (c: Parameters<Parameters<typeof api.openapi>[1]>[0], data: unknown) => {
    const body = JSON.stringify({ data });
    const etag = etagOf(body);
    c.header("ETag", etag);
    c.header("Cache-Control", "no-cache");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    return c.body(body, 200, { "Content-Type": "application/json" });
  };

  api.openapi(livescores, async (c) => cached(c, await services.live.livescores()) as never);

  api.openapi(fixtureLive, async (c) => {
    const { id } = c.req.valid("param");
    const { second } = c.req.valid("query");
    return cached(c, await services.live.fixture(id, second)) as never;
  });

  api.openapi(inplay, async (c) => c.json({ data: await services.live.inplayOdds(c.req.valid("param").id) }, 200));

  api.openapi(prematch, async (c) => {
    const countries = c.req.valid("query").countries?.split(",").map(Number) ?? [];
    return c.json({ data: await services.live.prematchOdds(c.req.valid("param").id, countries) }, 200);
  });

  return api;
}
