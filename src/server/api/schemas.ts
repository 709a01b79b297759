import { z } from "@hono/zod-openapi";

export const ErrorBody = z.object({ error: z.string() }).openapi("Error");

const Country = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const Pick = z
  .object({
    kind: z.number().int().openapi({ description: "prediction kind code (SPEC §3); 0 = best bet" }),
    outcome: z.string().openapi({ example: "O25" }),
    probability: z.number(),
    fairOdds: z.number(),
    odds: z.number().nullable().openapi({ description: "pre-match bookmaker price where the data has one" }),
    ev: z.number().nullable(),
    fromKind: z.number().int().optional(),
    won: z.boolean().nullable().optional(),
  })
  .openapi("Pick");

const FixturePredictions = z
  .object({ best: Pick.nullable(), picks: z.array(Pick), modelVersion: z.string(), marketWeight: z.number() })
  .nullable();

export const Fixture = z
  .object({
    id: z.number().int(),
    kickoff: z.string().openapi({ description: "UTC ISO time" }),
    status: z.enum(["upcoming", "live", "halftime", "finished"]),
    minute: z.number().int().nullable(),
    score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    halfTimeScore: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    league: z.object({ id: z.number().int(), name: z.string(), tier: z.number().int(), season: z.string(), country: Country }),
    localTeam: z.object({ id: z.number().int(), name: z.string() }),
    visitorTeam: z.object({ id: z.number().int(), name: z.string() }),
    predictions: FixturePredictions.optional(),
  })
  .openapi("Fixture");

export const FixtureIdParam = z.object({
  id: z.coerce.number({ error: "must be a fixture id" }).int({ error: "must be a fixture id" }).positive({ error: "must be a fixture id" }).openapi({ param: { name: "id", in: "path" }, example: 1, type: "integer" }),
});

export const InfoQuery = z.object({
  includeSeasonStats: z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true").optional(),
});

export const DailyQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be YYYY-MM-DD" }).optional(),
  timeZone: z.string().min(1).default("UTC"),
});

export const CountryWithLeagues = Country.extend({
  leagues: z.array(z.object({ id: z.number().int(), name: z.string(), tier: z.number().int(), fixtures: z.number().int() })),
}).openapi("CountryWithLeagues");

const dateOrDateTime = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    error: "must be a date (YYYY-MM-DD) or an ISO date-time",
  })
  .transform((v) => new Date(v));

export const leagueIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { error: "must be comma-separated league ids" })
  .transform((v) => v.split(",").map(Number));

export const FixturesWebQuery = z.object({
  dateFormat: z.literal("extended", { error: "must be extended" }).optional(),
  platform: z.literal("website", { error: "must be website" }).optional(),
  from: dateOrDateTime.openapi({ example: "2026-11-22T00:00:00.000Z", type: "string" }),
  to: dateOrDateTime.openapi({ example: "2026-11-23T00:00:00.000Z", type: "string" }),
  leagueIds: leagueIdList.optional().openapi({ example: "1,2", type: "string" }),
});

const booleanText = z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true");

export const CountriesLeaguesQuery = z.object({
  recent: booleanText.optional(),
  all: booleanText.optional(),
});

const numberIn = (min: number, max: number, what: string) =>
  z.coerce.number({ error: `must be a number` }).min(min, { error: `must be at least ${min} (${what})` }).max(max, { error: `must be at most ${max} (${what})` });

export const MachineQuerySchema = z.object({
  dateFormat: z.literal("extended", { error: "must be extended" }).optional(),
  platform: z.literal("website", { error: "must be website" }).optional(),
  from: dateOrDateTime.openapi({ type: "string", example: "2026-11-22T00:00:00.000Z" }),
  to: dateOrDateTime.openapi({ type: "string", example: "2026-11-23T00:00:00.000Z" }),
  minOdd: numberIn(1, 1000, "odd").default(1),
  maxOdd: numberIn(1, 1000, "odd").default(1000),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 20" }).int({ error: "must be a whole number from 1 to 20" }).min(1, { error: "must be a whole number from 1 to 20" }).max(20, { error: "must be a whole number from 1 to 20" }).default(5),
  minProbability: numberIn(1, 100, "percent").default(1),
  maxProbability: numberIn(1, 100, "percent").default(100),
  odds: z.string().min(1, { error: "choose at least one event" }).default("1X2").transform((v) => v.split(",").filter(Boolean)),
  leagueIds: leagueIdList.optional().openapi({ type: "string", example: "1,2" }),
});
