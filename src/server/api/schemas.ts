import { z } from "@hono/zod-openapi";

export const ErrorBody = z.object({ error: z.string() }).openapi("Error");

const Country = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

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
  })
  .openapi("Fixture");

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
