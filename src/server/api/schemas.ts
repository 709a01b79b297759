import { booleanText, dateOrDateTime, dayText, idList, idParam, intText, numberText, z } from "./contract.ts";

export const FixtureIdParam = z.object({ id: idParam("id") });

export const InfoQuery = z.object({ includeSeasonStats: booleanText.optional() });

export const DailyQuery = z.object({
  date: dayText.optional(),
  timeZone: z.string().min(1).max(64).default("UTC").openapi({ example: "Europe/London" }),
});

export const FixturesWebQuery = z.object({
  dateFormat: z.literal("extended", { error: "apiErrors.validation.extended" }).optional(),
  platform: z.literal("website", { error: "apiErrors.validation.website" }).optional(),
  from: dateOrDateTime,
  to: dateOrDateTime,
  leagueIds: idList.optional(),
});

export const CountriesLeaguesQuery = z.object({
  recent: booleanText.optional(),
  all: booleanText.optional(),
});

export const MachineQuerySchema = z.object({
  dateFormat: z.literal("extended", { error: "apiErrors.validation.extended" }).optional(),
  platform: z.literal("website", { error: "apiErrors.validation.website" }).optional(),
  from: dateOrDateTime,
  to: dateOrDateTime,
  minOdd: numberText(1, 1000).default(1),
  maxOdd: numberText(1, 1000).default(1000),
  limit: intText(1, 20).default(5),
  minProbability: numberText(1, 100).default(1),
  maxProbability: numberText(1, 100).default(100),
  odds: z
    .string()
    .min(1, { error: "apiErrors.validation.events" })
    .max(500)
    .default("1X2")
    .transform((v) => v.split(",").filter(Boolean))
    .openapi({ type: "string", example: "1X2,O25" }),
  leagueIds: idList.optional(),
});
