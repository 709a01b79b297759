import { type RawResult, goalTimeline, redCardTimeline, rng } from "../replay/match-state.ts";
import { PROFILES, drawSecond } from "./profiles.ts";
import {
  COUNTERS,
  type CounterName,
  HALF_SECONDS,
  type LiveEvent,
  type LiveEventType,
  MATCH_SECONDS,
  type TeamCounters,
  emptyCounters,
  minuteOfSecond,
} from "./state.ts";

/**
 * A fixture's whole match as a list of timed events, sorted by second: the compact form the replay builds, the
 * job stores for finished matches and the backtests read. Each event is a second (0–5399) and a code
 * `kind * 2 + side` (side 0 = home, 1 = away).
 */
export interface Timeline {
  fixtureId: number;
  /** Bit i set = counter COUNTERS[i] has a value for this fixture (else it is absent: null). */
  known: number;
  /** Bit i set = counter COUNTERS[i] is estimated by a model, not counted by the source. */
  estimated: number;
  seconds: Uint16Array;
  codes: Uint8Array;
}

/** The scorers of a timeline's goals in order: "h" or "a" per goal (how next-goal outcomes are judged). */
export function goalSidesOf(timeline: Timeline): string {
  let out = "";
  for (const code of timeline.codes) if (code >> 1 === KIND.goal) out += code & 1 ? "a" : "h";
  return out;
}

/** Event kinds of a timeline. */
export const KIND = {
  goal: 0,
  /** a shot on target (counts in shots and shots on target) */
  shotOn: 1,
  /** a shot off target (counts in shots) */
  shotOff: 2,
  corner: 3,
  foul: 4,
  yellow: 5,
  red: 6,
  penalty: 7,
  substitution: 8,
  attack: 9,
  dangerousAttack: 10,
  /** a shot on target that the source did not count in its shots (a few rows say fewer shots than shots on target) */
  shotOnOnly: 11,
  /** a shot counted only in shots (a provider's blocked shots, or shots recorded before their split was known) */
  shotOther: 12,
  /** a shot counted only in shots off target (recorded from a provider's separate counter) */
  shotOffOnly: 13,
} as const;
const KINDS = 14;

const LISTED: Array<LiveEventType | null> = [
  "goal",
  null,
  null,
  "corner",
  null,
  "yellow",
  "red",
  "penalty",
  "substitution",
  null,
  null,
  null,
  null,
  null,
];

/** Full-time figures of one team as the source file has them (null = not in the file). */
export interface SideTotals {
  shots: number | null;
  shotsOnTarget: number | null;
  fouls: number | null;
  corners: number | null;
  yellowCards: number | null;
  redCards: number | null;
}

export interface ReplayInput {
  fixtureId: number;
  result: RawResult;
  home: SideTotals | null;
  away: SideTotals | null;
  /** Substitutions allowed per team: 5 from 2020/21 on, 3 before. */
  maxSubstitutions: number;
}

const bit = (name: CounterName) => 1 << COUNTERS.indexOf(name);
const ESTIMATED =
  bit("attacks") | bit("dangerousAttacks") | bit("possession") | bit("substitutions") | bit("penalties");
export const ESTIMATED_COUNTERS: readonly CounterName[] = COUNTERS.filter((c) => (ESTIMATED & bit(c)) !== 0);

const clampHalf = (second: number, anchor: number) => Math.max(anchor < HALF_SECONDS ? 0 : HALF_SECONDS, second);

/**
 * The replay of a played fixture: deterministic per fixture id (seeded generators), and its full-time counters
 * equal the source's totals exactly. Model of the estimated counters (documented in the README too):
 *
 * - goals: the minutes of `goalTimeline`, each at the first second of its minute; each goal is also a shot on
 *   target while the team's shots on target last (goals beyond them, e.g. own goals, are not shots);
 * - other shots on and off target, corners, fouls, yellow cards: drawn from the minute profiles; red cards at the
 *   minutes of `redCardTimeline`;
 * - penalties (estimated): each goal is a penalty with probability 0.08 (about 0.25 penalty goals a match);
 * - dangerous attacks (estimated): one 3–25 s before every shot, plus more up to 2.6 × shots + 1.2 × corners + 10
 *   (±4); without shot figures, shots are taken as 10 + 2 × goals and corners as 5;
 * - attacks (estimated): one 2–15 s before every dangerous attack, plus more up to 1.9 × dangerous attacks + 15 (±5);
 * - possession (estimated): the shrunk share of attacks so far, 100 × (attacks + 15) / (both teams' attacks + 30);
 * - substitutions (estimated): 3 per team before 2020/21, else 3–5, drawn from the substitution profile.
 */
export function buildReplayTimeline(input: ReplayInput): Timeline {
  const { fixtureId, result } = input;
  const events: number[] = [];
  const push = (second: number, kind: number, side: number) => events.push(second * 32 + kind * 2 + side);
  if (result.ftHome === null || result.ftAway === null) {
    return { fixtureId, known: 0, estimated: 0, seconds: new Uint16Array(0), codes: new Uint8Array(0) };
  }
  const goals = goalTimeline(fixtureId, result);
  const next = rng(fixtureId * 374761393 + 7);
  const hasStats = (s: SideTotals | null) => s !== null && s.shots !== null && s.shotsOnTarget !== null;

  let known = ESTIMATED;
  const sides = [input.home, input.away];
  const fields: Array<[keyof SideTotals, CounterName]> = [
    ["shots", "shots"],
    ["shotsOnTarget", "shotsOnTarget"],
    ["corners", "corners"],
    ["fouls", "fouls"],
    ["yellowCards", "yellowCards"],
    ["redCards", "redCards"],
  ];
  for (const [field, counter] of fields) {
    if (sides.every((s) => s !== null && s[field] !== null)) known |= bit(counter);
  }
  if ((known & bit("shots")) !== 0 && (known & bit("shotsOnTarget")) !== 0) known |= bit("shotsOffTarget");

  for (let side = 0; side < 2; side++) {
    const totals = sides[side]!;
    const teamGoals = goals.filter((g) => (g.side === "home" ? 0 : 1) === side);
    const shotSeconds: number[] = [];
    for (const goal of teamGoals) {
      const second = (goal.minute - 1) * 60;
      push(second, KIND.goal, side);
      if (next() < 0.08) push(second, KIND.penalty, side);
    }
    if (hasStats(totals)) {
      const onTarget = totals!.shotsOnTarget!;
      const shots = totals!.shots!;
      const goalShots = Math.min(onTarget, teamGoals.length);
      for (let i = 0; i < goalShots; i++) {
        const second = (teamGoals[i]!.minute - 1) * 60;
        push(second, shots > i ? KIND.shotOn : KIND.shotOnOnly, side);
        shotSeconds.push(second);
      }
      // Shots on target first while the file's shot count lasts; a row with fewer shots than shots on target
      // keeps the surplus out of the shot count.
      for (let i = goalShots; i < onTarget; i++) {
        const second = drawSecond(PROFILES.shots, next);
        push(second, i < shots ? KIND.shotOn : KIND.shotOnOnly, side);
        shotSeconds.push(second);
      }
      for (let i = onTarget; i < shots; i++) {
        const second = drawSecond(PROFILES.shots, next);
        push(second, KIND.shotOff, side);
        shotSeconds.push(second);
      }
    }
    const drawMany = (count: number | null | undefined, profile: Float64Array, kind: number) => {
      for (let i = 0; i < (count ?? 0); i++) push(drawSecond(profile, next), kind, side);
    };
    if ((known & bit("corners")) !== 0) drawMany(totals!.corners, PROFILES.corners, KIND.corner);
    if ((known & bit("fouls")) !== 0) drawMany(totals!.fouls, PROFILES.fouls, KIND.foul);
    if ((known & bit("yellowCards")) !== 0) drawMany(totals!.yellowCards, PROFILES.yellowCards, KIND.yellow);

    // Dangerous attacks: one before each shot (or goal without shot figures), then the rest by profile.
    const shotsForModel = hasStats(totals) ? totals!.shots! : 10 + 2 * teamGoals.length;
    const cornersForModel = totals?.corners ?? 5;
    const dangerous = Math.max(
      shotSeconds.length,
      Math.round(2.6 * shotsForModel + 1.2 * cornersForModel + 10 + 8 * (next() - 0.5)),
    );
    const dangerSeconds = (hasStats(totals) ? shotSeconds : teamGoals.map((g) => (g.minute - 1) * 60)).map((s) =>
      clampHalf(s - 3 - Math.floor(next() * 23), s),
    );
    while (dangerSeconds.length < dangerous) dangerSeconds.push(drawSecond(PROFILES.attacks, next));
    const attacks = Math.max(dangerSeconds.length, Math.round(1.9 * dangerSeconds.length + 15 + 10 * (next() - 0.5)));
    const attackSeconds = dangerSeconds.map((s) => clampHalf(s - 2 - Math.floor(next() * 14), s));
    while (attackSeconds.length < attacks) attackSeconds.push(drawSecond(PROFILES.attacks, next));
    for (const s of dangerSeconds) push(s, KIND.dangerousAttack, side);
    for (const s of attackSeconds) push(s, KIND.attack, side);

    const subs = input.maxSubstitutions <= 3 ? 3 : 3 + Math.floor(next() * 3);
    drawMany(Math.min(subs, input.maxSubstitutions), PROFILES.substitutions, KIND.substitution);
  }
  for (const red of redCardTimeline(fixtureId, { home: input.home?.redCards ?? 0, away: input.away?.redCards ?? 0 })) {
    if ((known & bit("redCards")) !== 0) push((red.minute - 1) * 60, KIND.red, red.side === "home" ? 0 : 1);
  }
  // Sorting the packed numbers sorts by second, then kind and side: a stable, platform-independent order.
  const packed = Uint32Array.from(events).sort();
  const seconds = new Uint16Array(packed.length);
  const codes = new Uint8Array(packed.length);
  for (let i = 0; i < packed.length; i++) {
    seconds[i] = packed[i]! >>> 5;
    codes[i] = packed[i]! & 31;
  }
  return { fixtureId, known, estimated: ESTIMATED, seconds, codes };
}

/** Counts per kind and side of the events up to and including match-clock `second` (scratch reused). */
function countUpTo(timeline: Timeline, second: number, counts: Int32Array): number {
  counts.fill(0);
  const { seconds, codes } = timeline;
  let i = 0;
  for (; i < seconds.length && seconds[i]! <= second; i++) counts[codes[i]!]!++;
  return i;
}

const scratch = new Int32Array(KINDS * 2);

function counters(timeline: Timeline, counts: Int32Array, side: number): TeamCounters {
  const c = (kind: number) => counts[kind * 2 + side]!;
  const own = c(KIND.attack);
  const other = counts[KIND.attack * 2 + (1 - side)]!;
  const all: TeamCounters = {
    shots: c(KIND.shotOn) + c(KIND.shotOff) + c(KIND.shotOther),
    shotsOnTarget: c(KIND.shotOn) + c(KIND.shotOnOnly),
    shotsOffTarget: c(KIND.shotOff) + c(KIND.shotOffOnly),
    attacks: own,
    dangerousAttacks: c(KIND.dangerousAttack),
    corners: c(KIND.corner),
    yellowCards: c(KIND.yellow),
    redCards: c(KIND.red),
    fouls: c(KIND.foul),
    penalties: c(KIND.penalty),
    substitutions: c(KIND.substitution),
    possession: Math.round((100 * (own + 15)) / (own + other + 30)),
  };
  if (timeline.known === (1 << COUNTERS.length) - 1) return all;
  const out = emptyCounters();
  for (let i = 0; i < COUNTERS.length; i++) {
    if ((timeline.known & (1 << i)) !== 0) out[COUNTERS[i]!] = all[COUNTERS[i]!];
  }
  return out;
}

export interface TimelineSnapshot {
  homeScore: number;
  awayScore: number;
  home: TeamCounters;
  away: TeamCounters;
  events: LiveEvent[];
}

/** The score, counters and listed events of a timeline at match-clock `second` (events at `second` included). */
export function snapshotAt(timeline: Timeline, second: number): TimelineSnapshot {
  const n = countUpTo(timeline, second, scratch);
  const events: LiveEvent[] = [];
  for (let i = 0; i < n; i++) {
    const code = timeline.codes[i]!;
    const type = LISTED[code >> 1];
    if (type)
      events.push({
        type,
        side: (code & 1) === 0 ? "home" : "away",
        second: timeline.seconds[i]!,
        minute: minuteOfSecond(timeline.seconds[i]!),
      });
  }
  return {
    homeScore: scratch[KIND.goal * 2]!,
    awayScore: scratch[KIND.goal * 2 + 1]!,
    home: counters(timeline, scratch, 0),
    away: counters(timeline, scratch, 1),
    events,
  };
}

/** Full-time snapshot. */
export function totalsOf(timeline: Timeline): TimelineSnapshot {
  return snapshotAt(timeline, MATCH_SECONDS);
}

/** Estimated counter names of a timeline (a shared array per mask). */
export function estimatedCounters(timeline: Timeline): readonly CounterName[] {
  return timeline.estimated === ESTIMATED
    ? ESTIMATED_COUNTERS
    : COUNTERS.filter((c) => (timeline.estimated & bit(c)) !== 0);
}

/**
 * Per-5-minute counts of one event kind per team (18 buckets; added time falls in the last bucket of its half),
 * up to match-clock `second`: the data of the match page's chart.
 */
export function perFiveMinutes(timeline: Timeline, kind: number, second: number): { home: number[]; away: number[] } {
  const home = new Array<number>(18).fill(0);
  const away = new Array<number>(18).fill(0);
  for (let i = 0; i < timeline.seconds.length && timeline.seconds[i]! <= second; i++) {
    const code = timeline.codes[i]!;
    if (code >> 1 !== kind) continue;
    const bucket = Math.min(17, Math.floor(timeline.seconds[i]! / 300));
    ((code & 1) === 0 ? home : away)[bucket]!++;
  }
  return { home, away };
}

/** The part of a timeline up to and including match-clock `second`: what is known at that moment. */
export function cutTimeline(timeline: Timeline, second: number): Timeline {
  let n = 0;
  while (n < timeline.seconds.length && timeline.seconds[n]! <= second) n++;
  return { ...timeline, seconds: timeline.seconds.slice(0, n), codes: timeline.codes.slice(0, n) };
}

/** Counter → the event kind that adds one to it alone (for recording a provider's counters as events). */
const RECORDED: Partial<Record<CounterName, number>> = {
  shots: KIND.shotOther,
  shotsOnTarget: KIND.shotOnOnly,
  shotsOffTarget: KIND.shotOffOnly,
  attacks: KIND.attack,
  dangerousAttacks: KIND.dangerousAttack,
  corners: KIND.corner,
  yellowCards: KIND.yellow,
  redCards: KIND.red,
  fouls: KIND.foul,
  penalties: KIND.penalty,
  substitutions: KIND.substitution,
};

/**
 * Records a fixture's successive states (from a provider that sends counters, not events) as a timeline: each
 * increase of a counter or of the score becomes that many events at the state's second. Counts seen for the first
 * time mid-match (after a restart) are placed at that moment. Possession is then derived from attacks (estimated).
 */
export class TimelineRecorder {
  private readonly packed: number[] = [];
  private last: { home: TeamCounters; away: TeamCounters; homeScore: number; awayScore: number } | null = null;
  private known = 0;

  constructor(readonly fixtureId: number) {}

  add(state: {
    second: number | null;
    homeScore: number | null;
    awayScore: number | null;
    home: TeamCounters;
    away: TeamCounters;
  }): void {
    if (state.second === null) return;
    const second = Math.min(MATCH_SECONDS - 1, state.second);
    const push = (kind: number, side: number, n: number) => {
      for (let i = 0; i < n; i++) this.packed.push(second * 32 + kind * 2 + side);
    };
    const sides = [state.home, state.away] as const;
    const scores = [state.homeScore ?? 0, state.awayScore ?? 0];
    const lastScores = this.last ? [this.last.homeScore, this.last.awayScore] : [0, 0];
    for (let side = 0; side < 2; side++) {
      push(KIND.goal, side, Math.max(0, scores[side]! - lastScores[side]!));
      for (const [counter, kind] of Object.entries(RECORDED) as Array<[CounterName, number]>) {
        const now = sides[side]![counter];
        if (now === null) continue;
        this.known |= bit(counter);
        const before = this.last ? ((side === 0 ? this.last.home : this.last.away)[counter] ?? 0) : 0;
        push(kind, side, Math.max(0, now - before));
      }
    }
    if (this.known & bit("attacks")) this.known |= bit("possession");
    this.last = { home: { ...state.home }, away: { ...state.away }, homeScore: scores[0]!, awayScore: scores[1]! };
  }

  timeline(): Timeline {
    const packed = Uint32Array.from(this.packed).sort();
    return {
      fixtureId: this.fixtureId,
      known: this.known,
      estimated: this.known & bit("possession"),
      seconds: Uint16Array.from(packed, (p) => p >>> 5),
      codes: Uint8Array.from(packed, (p) => p & 31),
    };
  }
}
