/**
 * The live state of a fixture: one flat, numeric shape that the livescores API, the match page, the live
 * scanner and its backtests all read. Pure types and helpers; no clock, no I/O.
 *
 * Time: a match is 90 minutes of play, split into halves of 45 minutes. `second` is the match clock in seconds
 * (0 at kick-off, 2700 the first second of the second half, 5400 at full time); during the half-time break
 * the clock stands at 2699, the last second of the first half. An event at second s counts from second s on. `minute` is the displayed minute, 1–90 (minute m runs from second (m-1)*60 to m*60-1), 45 at
 * half time; events of added time are shown in minute 45 or 90.
 */

export type LiveStatus = "upcoming" | "live" | "halftime" | "finished";

export const HALF_SECONDS = 45 * 60;
export const MATCH_SECONDS = 90 * 60;
/** The replay's break between the halves, in wall-clock seconds. */
export const BREAK_SECONDS = 15 * 60;
/** Wall-clock length of a replayed match: 45 + 15 + 45 minutes. */
export const MATCH_SPAN_SECONDS = MATCH_SECONDS + BREAK_SECONDS;

/** The per-team counters, in a fixed order (also the order of the compact encodings). */
export const COUNTERS = [
  "shots",
  "shotsOnTarget",
  "shotsOffTarget",
  "attacks",
  "dangerousAttacks",
  "corners",
  "yellowCards",
  "redCards",
  "fouls",
  "penalties",
  "substitutions",
  "possession",
] as const;
export type CounterName = (typeof COUNTERS)[number];

/**
 * Counters of one team at a moment. `null` = the source does not have this figure for the fixture (the extra
 * leagues of the data have goals and odds only), never "zero". `possession` is a percentage 0–100.
 */
export type TeamCounters = Record<CounterName, number | null>;

/** The events that are listed (shots, fouls and attacks are only counted). */
export type LiveEventType = "goal" | "yellow" | "red" | "corner" | "penalty" | "substitution";

export interface LiveEvent {
  type: LiveEventType;
  side: "home" | "away";
  /** Match clock second (see above). */
  second: number;
  /** Displayed minute, 1–90. */
  minute: number;
}

/** In-play prices (decimal odds); null = the market is settled or suspended at this moment. */
export interface LiveOdds {
  /** The match minute the prices are for (they move once per minute). */
  minute: number;
  home: number | null;
  draw: number | null;
  away: number | null;
  /** Over/under total goals, lines 0.5, 1.5, 2.5, 3.5, 4.5. */
  overUnder: Array<{ line: number; over: number | null; under: number | null }>;
  bttsYes: number | null;
  bttsNo: number | null;
  /** The margin (overround) of the closing odds the line is anchored to, e.g. 0.025. */
  margin: number;
  /** Model probabilities behind the prices, margin removed. */
  probabilities: { home: number; draw: number; away: number; bttsYes: number };
  /**
   * The in-play model's goals still to come (replayed matches; absent with a provider's prices): what the goal
   * outcomes of the scanners are priced from (live/goal-quotes.ts).
   */
  goals?: GoalsToCome;
}

export interface GoalsToCome {
  /** expected goals of each team from this minute to full time */
  home: number;
  away: number;
  /** expected goals (both teams) from this minute to half time; 0 in the second half */
  firstHalf: number;
  /** the closing over/under anchor (over, under weights) and margin of the goal lines */
  weightOver: number;
  weightUnder: number;
  marginOu: number;
}

export interface LiveState {
  fixtureId: number;
  status: LiveStatus;
  /** Match clock in seconds, 0–5400; null before kick-off. */
  second: number | null;
  /** Displayed minute 1–90 (45 at half time); null before kick-off and after full time. */
  minute: number | null;
  homeScore: number | null;
  awayScore: number | null;
  home: TeamCounters;
  away: TeamCounters;
  /** Which counters are estimated by a model rather than counted by the source (shared, do not mutate). */
  estimated: readonly CounterName[];
  /** Listed events so far, oldest first. */
  events: LiveEvent[];
  /** Live odds; null before kick-off, after full time, or without closing odds to anchor them. */
  odds: LiveOdds | null;
}

/** Counters all absent. */
export function emptyCounters(): TeamCounters {
  return {
    shots: null,
    shotsOnTarget: null,
    shotsOffTarget: null,
    attacks: null,
    dangerousAttacks: null,
    corners: null,
    yellowCards: null,
    redCards: null,
    fouls: null,
    penalties: null,
    substitutions: null,
    possession: null,
  };
}

/** Displayed minute of a match-clock second. */
export function minuteOfSecond(second: number): number {
  return Math.min(90, Math.floor(second / 60) + 1);
}

/**
 * Where the replay stands `elapsedSeconds` (wall clock) after kick-off: its status and the match clock.
 * Agrees with the minute of `matchState` in `domain/replay/match-state.ts`.
 */
export function replayClock(elapsedSeconds: number): { status: LiveStatus; second: number | null } {
  if (elapsedSeconds < 0) return { status: "upcoming", second: null };
  if (elapsedSeconds < HALF_SECONDS) return { status: "live", second: Math.floor(elapsedSeconds) };
  if (elapsedSeconds < HALF_SECONDS + BREAK_SECONDS) return { status: "halftime", second: HALF_SECONDS - 1 };
  if (elapsedSeconds < MATCH_SPAN_SECONDS)
    return { status: "live", second: Math.floor(elapsedSeconds) - BREAK_SECONDS };
  return { status: "finished", second: MATCH_SECONDS };
}

/** Wall-clock seconds after kick-off at which match-clock `second` is reached (inverse of replayClock). */
export function elapsedOfSecond(second: number): number {
  return second < HALF_SECONDS ? second : second + BREAK_SECONDS;
}
