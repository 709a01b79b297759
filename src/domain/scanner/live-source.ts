import type { CounterName, LiveOdds, LiveState } from "../live/state.ts";
import { HALF_SECONDS } from "../live/state.ts";
import type { EvaluationSource, Reader, Side, StatRead } from "./compile.ts";
import { LIVE_COUNTERS, type LiveStatistic, liveStatistic } from "./live-statistics.ts";
import type { Rule, TimeCondition } from "./rules.ts";

/**
 * The live scanner's evaluation source (SPEC §3 "Live rule"): what a rule reads in a live match. The state is a
 * fixture's `LiveState` (counters, score, clock, live odds) with its row in the pre-match feature store; the
 * pre-match parts (preMatchStats, probabilities, odds of the PreMatch market, the favourite) are the feature
 * store's (walk-forward: only what was known before kick-off), the live parts are read from the live state.
 *
 * Semantics, shared by the compiler (through this source), the interpreter and the engine's indexes:
 * - liveStats counters of a team: goals (the score), shots, shotsOnGoal, shotsOffGoal, attacks, dangerousAttacks,
 *   corners, possession (%), yellowCards, redCards; goalMargin = own goals − opponent's goals; winning, losing,
 *   drawing = 1 or 0. For the Match target a team counter is the sum of both teams, goalMargin the absolute
 *   difference, winning/losing 1 when one side leads, drawing 1 when level. `total.*` are the match sums.
 *   A counter the source does not have (the extra leagues: goals and odds only) is NaN, never 0.
 * - odds: PreMatch (the default) are the feature store's opening prices of the chosen bookmaker; LiveMatch are the
 *   in-play prices (win, draw, over25, under25, bttsYes, bttsNo), read only while the minute is within
 *   [firstMinute, secondMinute] (each bound optional), NaN outside or where the market is suspended.
 * - IncreasedOf / DecreasedOf compare the live odd with the pre-match (opening, market average unless a
 *   bookmaker is chosen) odd of the same selection, in percent, with the other comparators' tolerance.
 * - time: `minute` is the displayed minute 1–90 (45 during the break). Time conditions hold only in play (live
 *   or half time): MinuteAt m ⇔ minute = m; BeforeMinute m ⇔ minute < m; AfterMinute m ⇔ minute > m;
 *   MinuteRange [a, b] ⇔ a ≤ minute ≤ b; AtHalfTime ⇔ the break; During1stHalf ⇔ playing, clock < 45:00;
 *   During2ndHalf ⇔ playing, clock ≥ 45:00.
 * - leading (WinningTeam / LoosingTeam): the side ahead on the score; level or unknown: neither.
 */

/** What the live scanner evaluates: a fixture's live state and its pre-match row (-1: the store has none). */
export interface LiveEvalState {
  live: LiveState;
  row: number;
}

export function liveEvalState(live: LiveState, row: number): LiveEvalState {
  return { live, row };
}

const num = (x: number | null | undefined): number => (x === null || x === undefined ? Number.NaN : x);

/** Whether the live odds of a rule are read at this minute (between its first and second minute). */
export function inOddsWindow(read: Pick<StatRead, "firstMinute" | "secondMinute">, minute: number | null): boolean {
  if (read.firstMinute === undefined && read.secondMinute === undefined) return true;
  if (minute === null) return false;
  return (
    (read.firstMinute === undefined || minute >= read.firstMinute) &&
    (read.secondMinute === undefined || minute <= read.secondMinute)
  );
}

/** Whether a time condition holds in a live state (see the module's comment). */
export function timeHolds(condition: TimeCondition, state: LiveState): boolean {
  const playing = state.status === "live";
  const inPlay = playing || state.status === "halftime";
  if (!inPlay || state.minute === null) return false;
  const m = state.minute;
  switch (condition.kind) {
    case "MinuteAt":
      return m === condition.minute;
    case "BeforeMinute":
      return m < (condition.minute ?? Number.NaN);
    case "AfterMinute":
      return m > (condition.minute ?? Number.NaN);
    case "MinuteRange":
      return m >= (condition.minute ?? Number.NaN) && m <= (condition.toMinute ?? Number.NaN);
    case "AtHalfTime":
      return state.status === "halftime";
    case "During1stHalf":
      return playing && state.second !== null && state.second < HALF_SECONDS;
    case "During2ndHalf":
      return playing && state.second !== null && state.second >= HALF_SECONDS;
    default:
      return false;
  }
}

/** 0 home leads, 1 away leads, -1 level or unknown. */
export function leadingSide(state: LiveState): number {
  if (state.homeScore === null || state.awayScore === null) return -1;
  return state.homeScore > state.awayScore ? 0 : state.awayScore > state.homeScore ? 1 : -1;
}

const isLive = (read: StatRead) => read.category === "odds" && read.oddsMarket === "LiveMatch";

type R = Reader<LiveEvalState>;
/**
 * Readers with literal property access, one function per counter and side: a reader used by thousands of
 * compiled filters stays monomorphic (a key held in a variable would make every read a dictionary lookup). One
 * per counter of the live state (the type check asks for every one), so a new statistic on a counter needs none.
 */
const COUNTER_READERS: Record<CounterName, { home: R; away: R }> = {
  shots: { home: (s) => num(s.live.home.shots), away: (s) => num(s.live.away.shots) },
  shotsOnTarget: { home: (s) => num(s.live.home.shotsOnTarget), away: (s) => num(s.live.away.shotsOnTarget) },
  shotsOffTarget: { home: (s) => num(s.live.home.shotsOffTarget), away: (s) => num(s.live.away.shotsOffTarget) },
  attacks: { home: (s) => num(s.live.home.attacks), away: (s) => num(s.live.away.attacks) },
  dangerousAttacks: { home: (s) => num(s.live.home.dangerousAttacks), away: (s) => num(s.live.away.dangerousAttacks) },
  corners: { home: (s) => num(s.live.home.corners), away: (s) => num(s.live.away.corners) },
  yellowCards: { home: (s) => num(s.live.home.yellowCards), away: (s) => num(s.live.away.yellowCards) },
  redCards: { home: (s) => num(s.live.home.redCards), away: (s) => num(s.live.away.redCards) },
  fouls: { home: (s) => num(s.live.home.fouls), away: (s) => num(s.live.away.fouls) },
  penalties: { home: (s) => num(s.live.home.penalties), away: (s) => num(s.live.away.penalties) },
  substitutions: { home: (s) => num(s.live.home.substitutions), away: (s) => num(s.live.away.substitutions) },
  possession: { home: (s) => num(s.live.home.possession), away: (s) => num(s.live.away.possession) },
};
/** The score's statistics read most: literal readers too. */
const SCORE_READERS: Record<string, { home: R; away: R }> = {
  goals: { home: (s) => num(s.live.homeScore), away: (s) => num(s.live.awayScore) },
  goalMargin: {
    home: (s) => num(s.live.homeScore) - num(s.live.awayScore),
    away: (s) => num(s.live.awayScore) - num(s.live.homeScore),
  },
};

/** The reader of a liveStats row for one side, or for the Match target (a team statistic's or its `total.`). */
function teamReader(row: LiveStatistic, side: Side | "match"): R {
  if (row.counter !== "score") {
    const fast = COUNTER_READERS[row.counter];
    if (side !== "match") return fast[side];
    const h = fast.home;
    const a = fast.away;
    return (s) => h(s) + a(s);
  }
  const score = row.score;
  if (!score) return () => Number.NaN;
  const fast = SCORE_READERS[row.stat];
  if (fast && side !== "match") return fast[side];
  if (side === "match") return (s) => score.match(num(s.live.homeScore), num(s.live.awayScore));
  if (side === "home") return (s) => score.team(num(s.live.homeScore), num(s.live.awayScore));
  return (s) => score.team(num(s.live.awayScore), num(s.live.homeScore));
}

function line25(odds: LiveOdds, over: boolean): number {
  for (let i = 0; i < odds.overUnder.length; i++) {
    const l = odds.overUnder[i]!;
    if (l.line === 2.5) return num(over ? l.over : l.under);
  }
  return Number.NaN;
}

const PRICE_READERS: Record<string, R> = {
  "win:home": (s) => num(s.live.odds?.home),
  "win:away": (s) => num(s.live.odds?.away),
  draw: (s) => num(s.live.odds?.draw),
  bttsYes: (s) => num(s.live.odds?.bttsYes),
  bttsNo: (s) => num(s.live.odds?.bttsNo),
  over25: (s) => (s.live.odds ? line25(s.live.odds, true) : Number.NaN),
  under25: (s) => (s.live.odds ? line25(s.live.odds, false) : Number.NaN),
};

/**
 * The live scanner's source. `pre` is the pre-match feature store's source over rows (FeatureStore.source());
 * without a store (null) the pre-match parts read NaN and there is no favourite.
 */
export function liveSource(pre: EvaluationSource<number> | null): EvaluationSource<LiveEvalState> {
  const nan: Reader<LiveEvalState> = () => Number.NaN;
  const delegate = (r: Reader<number> | null): Reader<LiveEvalState> | null =>
    r ? (s) => (s.row < 0 ? Number.NaN : r(s.row)) : pre ? null : nan;
  const liveOdds = (read: StatRead, side: Side | "match"): Reader<LiveEvalState> | null => {
    const stat = read.stat;
    if (side !== "match" && stat !== "win") return null;
    if (side === "match" && stat === "win") return null;
    const price = PRICE_READERS[stat === "win" ? `win:${side}` : stat];
    if (!price) return null;
    if (read.firstMinute === undefined && read.secondMinute === undefined) return price;
    const from = read.firstMinute ?? Number.NEGATIVE_INFINITY;
    const to = read.secondMinute ?? Number.POSITIVE_INFINITY;
    return (s) => {
      const m = s.live.minute;
      return m !== null && m >= from && m <= to ? price(s) : Number.NaN;
    };
  };
  const preTeam = (read: StatRead, side: Side | "match") =>
    delegate(pre ? pre.team({ ...read, oddsMarket: "PreMatch" }, side) : null);
  const preMatch = (read: StatRead) => delegate(pre ? pre.match({ ...read, oddsMarket: "PreMatch" }) : null);

  return {
    team(read, side) {
      if (read.category === "liveStats") {
        const row = read.stat.startsWith("total.") ? undefined : liveStatistic(read.stat);
        return row ? teamReader(row, side) : null;
      }
      if (isLive(read)) return liveOdds(read, side);
      return preTeam(read, side);
    },
    match(read) {
      if (read.category === "liveStats") {
        const row = read.stat.startsWith("total.") ? liveStatistic(read.stat) : undefined;
        return row ? teamReader(row, "match") : null;
      }
      if (read.category === "time" && read.stat === "minute") return (s) => num(s.live.minute);
      if (isLive(read)) return liveOdds(read, "match");
      return preMatch(read);
    },
    favorite: pre ? (s) => (s.row < 0 ? -1 : pre.favorite(s.row)) : () => -1,
    leading: (s) => leadingSide(s.live),
    time: (condition) => (s) => timeHolds(condition, s.live),
    baseline(read, side) {
      const preRead: StatRead = {
        category: "odds",
        stat: read.stat,
        oddsMarket: "PreMatch",
        ...(read.bookmaker ? { bookmaker: read.bookmaker } : {}),
      };
      if (side === "match") return preMatch(preRead);
      return preTeam(preRead, side);
    },
  };
}

// ---------- what a rule reads, and when it can hold: the engine's indexes

/**
 * Parts of a live state a rule can read, as bits. A (filter, fixture) pair is evaluated again only when a part
 * the filter reads changed: its counters, the score, the clock (minute or status: time conditions, the minute,
 * live odds between two minutes) or the live prices. Pre-match parts never change during a match.
 */
export const DEP = {
  score: 1 << 0,
  clock: 1 << 1,
  odds: 1 << 2,
  /** counter i of COUNTERS_READ is bit 3 + i */
} as const;
/** Counters whose changes matter (those the in-play statistics read), in bit order from bit 3. */
export const COUNTERS_READ: readonly CounterName[] = LIVE_COUNTERS;
const COUNTER_BIT = new Map(COUNTERS_READ.map((c, i) => [c, 1 << (3 + i)]));
export const DEP_ALL = (1 << (3 + COUNTERS_READ.length)) - 1;

function statDeps(category: Rule["category"], stat: string, rule: Rule): number {
  if (category === "liveStats") {
    const row = liveStatistic(stat);
    if (!row) return 0;
    return row.counter === "score" ? DEP.score : COUNTER_BIT.get(row.counter)!;
  }
  if (category === "time" && stat === "minute") return DEP.clock;
  if (category === "odds" && rule.oddsMarket === "LiveMatch")
    return DEP.odds | (rule.firstMinute !== undefined || rule.secondMinute !== undefined ? DEP.clock : 0);
  return 0;
}

/** The parts of a live state a rule reads (DEP bits). */
export function ruleDeps(rule: Rule): number {
  let deps = statDeps(rule.category, rule.stat, rule);
  if (rule.numeric) deps |= statDeps(rule.category, rule.numeric.stat, rule);
  const targets = [rule.target, rule.numeric?.withTarget];
  if (targets.includes("WinningTeam") || targets.includes("LoosingTeam")) deps |= DEP.score;
  if (rule.time) deps |= DEP.clock;
  return deps;
}

/** The DEP bits that differ between two states of a fixture (all of them when there was none before). */
export function changedDeps(before: LiveState | null, after: LiveState): number {
  if (!before) return DEP_ALL;
  let mask = 0;
  if (before.homeScore !== after.homeScore || before.awayScore !== after.awayScore) mask |= DEP.score;
  if (
    before.minute !== after.minute ||
    before.status !== after.status ||
    (before.second !== null && after.second !== null && before.second < HALF_SECONDS !== after.second < HALF_SECONDS)
  )
    mask |= DEP.clock;
  if (!sameOdds(before.odds, after.odds)) mask |= DEP.odds;
  for (let i = 0; i < COUNTERS_READ.length; i++) {
    const c = COUNTERS_READ[i]!;
    if (before.home[c] !== after.home[c] || before.away[c] !== after.away[c]) mask |= 1 << (3 + i);
  }
  return mask;
}

function sameOdds(a: LiveOdds | null, b: LiveOdds | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.home !== b.home || a.draw !== b.draw || a.away !== b.away || a.bttsYes !== b.bttsYes || a.bttsNo !== b.bttsNo)
    return false;
  if (a.overUnder.length !== b.overUnder.length) return false;
  for (let i = 0; i < a.overUnder.length; i++) {
    const x = a.overUnder[i]!;
    const y = b.overUnder[i]!;
    if (x.line !== y.line || x.over !== y.over || x.under !== y.under) return false;
  }
  return true;
}

/**
 * Clock slots of a live state: 0 not in play (before kick-off, after full time), 1–90 playing in that displayed
 * minute, 91 the half-time break. A filter's time window is the set of slots where its time conditions (and its
 * live odds' minute bounds) can all hold; outside it the filter cannot match, whatever the counters.
 */
export const SLOTS = 92;
export const SLOT_HALFTIME = 91;

export function slotOf(state: LiveState): number {
  if (state.minute === null) return 0;
  if (state.status === "halftime") return SLOT_HALFTIME;
  if (state.status !== "live") return 0;
  return Math.min(90, Math.max(1, state.minute));
}

/** A representative state of a slot, for deciding a condition there (the clock is all a condition reads). */
function slotState(slot: number): LiveState {
  const halftime = slot === SLOT_HALFTIME;
  const minute = halftime ? 45 : slot;
  const second = halftime ? HALF_SECONDS - 1 : (minute - 1) * 60;
  return {
    status: halftime ? "halftime" : slot === 0 ? "upcoming" : "live",
    minute: slot === 0 ? null : minute,
    second: slot === 0 ? null : second,
  } as LiveState;
}

/** The slots where a time condition holds. Minute 45 of play is the first half (the second half starts at 46). */
export function conditionSlots(condition: TimeCondition): Uint8Array {
  const out = new Uint8Array(SLOTS);
  for (let slot = 0; slot < SLOTS; slot++) out[slot] = timeHolds(condition, slotState(slot)) ? 1 : 0;
  return out;
}

/** The time window of a filter: slots where every rule's time condition and live-odds minute bounds can hold. */
export function filterWindow(rules: readonly Rule[]): Uint8Array {
  const out = new Uint8Array(SLOTS).fill(1);
  for (const rule of rules) {
    if (rule.time) {
      const slots = conditionSlots(rule.time);
      for (let i = 0; i < SLOTS; i++) out[i]! &= slots[i]!;
    }
    if (
      rule.category === "odds" &&
      rule.oddsMarket === "LiveMatch" &&
      (rule.firstMinute !== undefined || rule.secondMinute !== undefined)
    ) {
      for (let i = 0; i < SLOTS; i++) if (!inOddsWindow(rule, slotState(i).minute)) out[i] = 0;
    }
  }
  return out;
}
