import { z } from "zod";
import { MAX_ID, isId } from "../domain/ids.ts";
import { ServiceError } from "./errors.ts";

/** Bodies of the favourites calls; a refusal names the field in the message key. */

const id = (key: string) =>
  z.number({ error: key }).int({ error: key }).positive({ error: key }).max(MAX_ID, { error: key });
const ref = (key: string) => z.object({ id: id(key) }, { error: key });

export const TeamInput = z.object({
  team: ref("favourites.errors.invalidTeam"),
  teamGroup: ref("favourites.errors.invalidGroup").nullish(),
});
export const LeagueInput = z.object({ league: ref("favourites.errors.invalidLeague") });
export const MatchInput = z.object({ fixtureId: id("favourites.errors.invalidFixture") });
export const GroupUpdateInput = z.object({ id: id("favourites.errors.invalidGroup") });

const LocalTeam = z.object({ id: id("favourites.errors.invalidState"), name: z.string().max(200).catch("") });
const LIST_MAX = 1000;

/** A visitor's browser favourites; generous caps keep a tampered copy from costing much. */
export const LocalStateInput = z.object({
  teams: z.array(LocalTeam).max(LIST_MAX).default([]),
  groups: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string().max(500),
        description: z.string().max(2000).catch(""),
        generic: z.boolean().default(false),
        teams: z.array(LocalTeam).max(LIST_MAX).default([]),
      }),
    )
    .max(100)
    .default([]),
  leagues: z.array(id("favourites.errors.invalidState")).max(LIST_MAX).default([]),
  matches: z
    .array(z.object({ fixtureId: id("favourites.errors.invalidState"), timestamp: z.number() }))
    .max(LIST_MAX)
    .default([]),
  selectedGroupId: z.number().int().nullable().catch(null),
});

/** The first message key of a failed parse; a missing or non-object body reads as `fallback`. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, fallback: string): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const key = parsed.error.issues.map((i) => i.message).find((m) => m.startsWith("favourites.")) ?? fallback;
  throw new ServiceError(400, key);
}

export function checkId(value: unknown, key: string): number {
  if (!isId(value)) throw new ServiceError(400, key);
  return value;
}
