/** What is known of a fixture at a given moment: the replay plays history out minute by minute. */

export const FIRST_HALF_MIN = 45;
export const BREAK_MIN = 15;
export const MATCH_SPAN_MIN = 45 + BREAK_MIN + 45;

export type MatchStatus = "upcoming" | "live" | "halftime" | "finished";

export interface Goal {
  minute: number;
  side: "home" | "away";
}

export interface RawResult {
  htHome: number | null;
  htAway: number | null;
  ftHome: number | null;
  ftAway: number | null;
}

export interface MatchState {
  status: MatchStatus;
  /** Match minute while live (1–90), 45 at half time. */
  minute: number | null;
  score: { home: number; away: number } | null;
  halfTimeScore: { home: number; away: number } | null;
  goals: Goal[];
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function minutes(count: number, from: number, to: number, next: () => number): number[] {
  return Array.from({ length: count }, () => from + Math.floor(next() * (to - from + 1)));
}

/** Goal minutes consistent with the real half-time and full-time scores, always the same for a fixture. */
export function goalTimeline(fixtureId: number, result: RawResult): Goal[] {
  if (result.ftHome === null || result.ftAway === null) return [];
  const next = rng(fixtureId * 2654435761);
  const goals: Goal[] = [];
  const place = (side: Goal["side"], total: number, firstHalf: number | null) => {
    if (firstHalf === null) {
      for (const minute of minutes(total, 1, 90, next)) goals.push({ minute, side });
      return;
    }
    for (const minute of minutes(firstHalf, 1, 45, next)) goals.push({ minute, side });
    for (const minute of minutes(total - firstHalf, 46, 90, next)) goals.push({ minute, side });
  };
  place("home", result.ftHome, result.htHome);
  place("away", result.ftAway, result.htAway);
  return goals.sort((a, b) => a.minute - b.minute || (a.side === "home" ? -1 : 1));
}

function tally(goals: Goal[]): { home: number; away: number } {
  return {
    home: goals.filter((g) => g.side === "home").length,
    away: goals.filter((g) => g.side === "away").length,
  };
}

/**
 * The state of a fixture at `nowMs`. Before kick-off nothing of the result is revealed; during the
 * match only the goals scored so far; the full result once it has ended.
 */
export function matchState(fixtureId: number, kickoffMs: number, nowMs: number, result: RawResult): MatchState {
  const elapsed = (nowMs - kickoffMs) / 60_000;
  if (elapsed < 0 || result.ftHome === null || result.ftAway === null) {
    return { status: "upcoming", minute: null, score: null, halfTimeScore: null, goals: [] };
  }
  const timeline = goalTimeline(fixtureId, result);
  const hasHalfTime = result.htHome !== null && result.htAway !== null;
  const halfTime = hasHalfTime
    ? { home: result.htHome!, away: result.htAway! }
    : tally(timeline.filter((g) => g.minute <= 45));
  if (elapsed >= MATCH_SPAN_MIN) {
    return {
      status: "finished",
      minute: null,
      score: { home: result.ftHome, away: result.ftAway },
      halfTimeScore: halfTime,
      goals: timeline,
    };
  }
  if (elapsed >= FIRST_HALF_MIN && elapsed < FIRST_HALF_MIN + BREAK_MIN) {
    const goals = timeline.filter((g) => g.minute <= 45);
    return { status: "halftime", minute: 45, score: tally(goals), halfTimeScore: halfTime, goals };
  }
  const minute = elapsed < FIRST_HALF_MIN ? Math.floor(elapsed) + 1 : Math.floor(elapsed - BREAK_MIN) + 1;
  const goals = timeline.filter((g) => g.minute <= minute);
  return { status: "live", minute, score: tally(goals), halfTimeScore: minute > 45 ? halfTime : null, goals };
}

export interface RedCard {
  minute: number;
  side: "home" | "away";
}

/**
 * The data holds red cards only as match totals, so the replay places them like goals: minutes drawn from a
 * generator seeded by the fixture id (a different seed from the goals), always the same for a fixture and
 * consistent with the totals.
 */
export function redCardTimeline(fixtureId: number, totals: { home: number; away: number }): RedCard[] {
  const next = rng(fixtureId * 2246822519 + 1);
  const cards: RedCard[] = [];
  for (const minute of minutes(totals.home, 1, 90, next)) cards.push({ minute, side: "home" });
  for (const minute of minutes(totals.away, 1, 90, next)) cards.push({ minute, side: "away" });
  return cards.sort((a, b) => a.minute - b.minute || (a.side === "home" ? -1 : 1));
}
