import type { CounterName, LiveEvent, LiveStatus } from "./state.ts";

/**
 * SportMonks Football API v3 type ids (docs.sportmonks.com, definitions/types), in one place for the two sides
 * that speak SportMonks: the live feed's adapter reads them (src/data/live/sportmonks-feed.ts) and the offline
 * stand-in writes them (./../standin/sportmonks-livescores.ts), so the two cannot drift apart.
 */

/** Statistic type ids → our counters (definitions/types/statistics). */
export const SPORTMONKS_STATISTICS: Record<number, CounterName> = {
  34: "corners",
  41: "shotsOffTarget",
  42: "shots",
  43: "attacks",
  44: "dangerousAttacks",
  45: "possession",
  47: "penalties",
  56: "fouls",
  59: "substitutions",
  83: "redCards",
  84: "yellowCards",
  86: "shotsOnTarget",
};

/** Event type ids: goal, own goal, penalty goal, missed penalty, substitution, yellow, red, second yellow. */
export const SPORTMONKS_EVENTS: Record<number, Array<LiveEvent["type"]>> = {
  14: ["goal"],
  15: ["goal"],
  16: ["goal", "penalty"],
  17: ["penalty"],
  18: ["substitution"],
  19: ["yellow"],
  20: ["red"],
  21: ["red"],
};

/** Fixture state ids: 1 not started; 2 first half, 22 second half, 6 extra time; 3 half time, 4 break; 5, 7, 8 ended. */
export const SPORTMONKS_STATES: Record<number, LiveStatus> = {
  1: "upcoming",
  2: "live",
  22: "live",
  6: "live",
  3: "halftime",
  4: "halftime",
  5: "finished",
  7: "finished",
  8: "finished",
};

/** The halves' ids: fixture states 2 and 22 (INPLAY_1ST_HALF, INPLAY_2ND_HALF), period types 1 and 2. */
export const FIRST_HALF = { state: 2, period: 1 } as const;
export const SECOND_HALF = { state: 22, period: 2 } as const;
/** Half time's fixture state (HT). */
export const HALF_TIME_STATE = 3;

/** Market ids of the in-play odds: full-time result, both teams to score, goals over/under. */
export const SPORTMONKS_MARKETS = { result: 1, btts: 14, overUnder: 80 } as const;
