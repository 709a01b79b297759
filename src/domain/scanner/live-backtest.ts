import { type FigureBasis, type FigurePick, type FilterFigures, filterFigures } from "../alerts/figures.ts";
import type { OddsModel } from "../live/odds.ts";
import { type CounterName, HALF_SECONDS } from "../live/state.ts";
import { KIND, type Timeline, goalSidesOf } from "../live/timeline.ts";
import { outcomePriced } from "./goal-outcomes.ts";
import { type Grade, type Score, grade } from "./outcomes.ts";
import type { FeatureStore } from "../prematch/feature-store.ts";
import { scopeOf } from "./stat-scope.ts";
import { compileRules } from "./compile.ts";
import { LiveCursor } from "./live-cursor.ts";
import type { Quote } from "./goal-quotes.ts";
import { inFirstHalf, livePickQuote } from "./live-pick.ts";
import {
  COUNTERS_READ,
  DEP,
  type LiveEvalState,
  SLOTS,
  SLOT_HALFTIME,
  filterWindow,
  liveEvalState,
  liveSource,
  ruleDeps,
} from "./live-source.ts";
import { LIVE_STATISTICS } from "./live-statistics.ts";
import type { DesiredOutcome, Rule } from "./rules.ts";

/**
 * Backtest of a live filter (pure): the filter's compiled predicate is run over the stored timelines of past
 * matches, walking each match forward in time exactly as the live scanner sees it, and the first moment every rule
 * holds is the pick, priced with the live odd of that moment and judged like an alert.
 *
 * Walk-forward. A match is replayed with a cursor: a live state that only ever moves forward, event by event. At a
 * moment of match-clock second `t` the state holds the events up to and including `t`, the live odds of `t`'s
 * minute (computed from the score and red cards of `t`), and the pre-match context known before kick-off (the
 * scanner's source reads it from the pre-match feature store). Nothing after `t` is read: the cursor has not seen
 * it yet.
 *
 * Moments. The live scanner checks every second, and a match's state changes only when an event happens or a new
 * minute starts (the odds move per minute), so the first moment all rules hold is found by checking the state at
 * each minute's first second, at every event that can change what the filter reads, and once during the half-time
 * break (status halftime, as AtHalfTime needs). Events the filter cannot see (a foul, for a filter on shots) are
 * applied but not checked: the predicate's answer cannot change with them. Goals and red cards are always checked
 * (they move the score, who is winning, the favourite's live odds and every live price).
 */

/** The timeline events each counter the live source reads is made of (the rows of LIVE_STATISTICS that read it). */
const COUNTER_KINDS: ReadonlyMap<CounterName, number> = new Map(
  COUNTERS_READ.map((counter) => [
    counter,
    LIVE_STATISTICS.filter((row) => row.counter === counter).reduce(
      (mask, row) => row.events.reduce((m, kind) => m | (1 << KIND[kind]), mask),
      0,
    ),
  ]),
);
const bits = (...kinds: number[]) => kinds.reduce((m, k) => m | (1 << k), 0);
/** Goals and red cards move the score and every live price: always checked. */
const ALWAYS = bits(KIND.goal, KIND.red);

/**
 * The event kinds (bit per KIND) after which a filter's answer may change: those of the counters its rules read
 * (the live scanner's own dependency bits, `ruleDeps`), plus goals and red cards.
 */
export function relevantKinds(rules: readonly Rule[]): number {
  let deps = 0;
  for (const rule of rules) deps |= ruleDeps(rule);
  let mask = ALWAYS;
  COUNTERS_READ.forEach((counter, i) => {
    if ((deps & (1 << (3 + i))) !== 0) mask |= COUNTER_KINDS.get(counter) ?? 0;
  });
  return mask;
}

/**
 * The live scanner's judgement for a backtest: its source over the live state and the pre-match feature store,
 * the rules compiled by the same compiler, picks priced by `livePickQuote` (as alerts are), only the moments where
 * the filter's time window is open. Throws CompileError for a rule the source cannot read.
 */
export function liveJudge(
  rules: readonly Rule[],
  outcome: DesiredOutcome,
  store: FeatureStore | null,
): LiveBacktestJudge<LiveEvalState, number> {
  return {
    // All rules must hold: the ones that read live odds (computed per minute) are checked last.
    matches: compileRules(
      [...rules].sort((a, b) => (ruleDeps(a) & DEP.odds) - (ruleDeps(b) & DEP.odds)),
      liveSource(store ? store.source() : null),
      scopeOf,
    ),
    stateOf: (cursor, row) => liveEvalState(cursor, row),
    quoteOf: (_state, cursor, favorite) => livePickQuote(outcome, favorite, cursor),
    kinds: relevantKinds(rules),
    window: filterWindow(rules),
    clocked: readsClock(rules),
  };
}

/**
 * Whether a filter's answer can change with the clock alone, besides its time window. The rules all hold at once,
 * so their time conditions together are the window (`filterWindow`); what is left reads the clock only through the
 * minute statistic and live odds (they move each minute).
 */
export function readsClock(rules: readonly Rule[]): boolean {
  let deps = 0;
  for (const rule of rules) deps |= ruleDeps({ ...rule, time: undefined });
  return (deps & (DEP.clock | DEP.odds)) !== 0;
}

/** One past match to replay. */
export interface BacktestMatch<C> {
  fixtureId: number;
  leagueId: number;
  kickoff: number;
  timeline: Timeline;
  /** in-play odds model anchored to the closing line (null: no live odds) */
  model: OddsModel | null;
  /** 0 home, 1 away, -1 unknown: the pre-match favourite (grading of favourite/underdog outcomes) */
  favorite: number;
  score: Score;
  /** what the scanner's source needs of the fixture before kick-off (e.g. its feature-store row) */
  context: C;
}

/** How a backtest judges: the filter as compiled by the live scanner, over its state type `S`. */
export interface LiveBacktestJudge<S, C> {
  /** the filter's predicate (compiled once) */
  matches: (state: S) => boolean;
  /** the scanner's state for a match, over the cursor (called once per match; the cursor then moves in place) */
  stateOf: (cursor: LiveCursor, context: C) => S;
  /** the live price and model probability of the desired outcome at the moment of the pick, as a live alert takes them */
  quoteOf: (state: S, cursor: LiveCursor, favorite: number) => Quote;
  /** event kinds after which the predicate may change (relevantKinds of the rules) */
  kinds: number;
  /** clock slots where the filter can hold (the live scanner's `filterWindow`: 1–90 minutes, 91 the break) */
  window?: Uint8Array;
  /**
   * whether the predicate reads the clock beyond its time window (the minute, live odds, which move each minute):
   * then every minute is a moment; otherwise, inside the window, only relevant events are (default true)
   */
  clocked?: boolean;
}

export interface LiveBacktestPick {
  fixtureId: number;
  leagueId: number;
  kickoff: number;
  /** displayed minute of the pick, 1–90 (45 during the break) */
  minute: number;
  /** match-clock second of the pick */
  second: number;
  halftime: boolean;
  /** score at the pick */
  homeScore: number;
  awayScore: number;
  odds: number | null;
  /** the in-play model's probability of the outcome at the pick; null without one (corners, half-time results) */
  probability: number | null;
  /** no odd because the outcome was priced above the in-play cap (MAX_LIVE_PRICE): left out of the ROI, counted */
  beyondCap: boolean;
  grade: Grade;
  /** final and half-time scores */
  score: Score;
}

export interface LeagueBreakdown {
  leagueId: number;
  analysed: number;
  figures: FilterFigures;
}

export interface LiveBacktestResult {
  analysed: number;
  figures: FilterFigures;
  /** picks whose outcome was priced above the in-play cap at the pick: no price, so out of the ROI (figures.stakes) */
  beyondCap: number;
  leagues: LeagueBreakdown[];
  /** cumulative profit in unit stakes after each settled pick with an odd, in kick-off order (at most EQUITY_POINTS) */
  equity: number[];
  /** the kick-off (ms) of the pick of each point of `equity` */
  equityKickoffs: number[];
  picks: LiveBacktestPick[];
}

export const EQUITY_POINTS = 200;

const ALL_SLOTS = new Uint8Array(SLOTS).fill(1);

/**
 * Replays one match: returns the first moment the predicate holds (the cursor stands there), or false. Moments:
 * each minute's first second, every relevant event, the half-time break.
 */
export function firstMoment<S>(
  cursor: LiveCursor,
  state: S,
  matches: (s: S) => boolean,
  kinds: number,
  window: Uint8Array = ALL_SLOTS,
  clocked = true,
): boolean {
  // Whether the state changed (or the window opened) since the last check.
  let unchecked = true;
  for (let minute = 1; minute <= 90; minute++) {
    const open = window[minute] !== 0;
    const breakOpen = minute === 45 && window[SLOT_HALFTIME] !== 0;
    if (!open) {
      // Outside the window nothing is checked; events are applied when the window opens.
      unchecked = true;
      if (!breakOpen) continue;
      cursor.advance(HALF_SECONDS - 1);
      cursor.at(HALF_SECONDS - 1, "halftime");
      if (matches(state)) return true;
      continue;
    }
    const start = (minute - 1) * 60;
    const end = minute * 60;
    if ((cursor.advance(start) & kinds) !== 0) unchecked = true;
    if (clocked || unchecked) {
      cursor.at(start, "live");
      if (matches(state)) return true;
      unchecked = false;
    }
    // Events inside the minute, one second at a time (several events of one second are one moment).
    for (let s = cursor.nextEventSecond(); s < end; s = cursor.nextEventSecond()) {
      if ((cursor.advance(s) & kinds) === 0) continue;
      cursor.at(s, "live");
      if (matches(state)) return true;
    }
    if (breakOpen) {
      // The break: the clock stands at the last second of the first half (events of added time included).
      cursor.advance(HALF_SECONDS - 1);
      cursor.at(HALF_SECONDS - 1, "halftime");
      if (matches(state)) return true;
    }
  }
  return false;
}

/** What a scan gathers: picks in kick-off order and the matches analysed per league. */
export interface ScanTally {
  picks: LiveBacktestPick[];
  analysed: number;
  analysedByLeague: Map<number, number>;
}

export const emptyTally = (): ScanTally => ({ picks: [], analysed: 0, analysedByLeague: new Map() });

const sharedCursor = new LiveCursor();

/** Replays matches (in kick-off order) into a tally; a long backtest scans in chunks into one tally. */
export function scanLiveBacktest<S, C>(
  matches: Iterable<BacktestMatch<C>>,
  judge: LiveBacktestJudge<S, C>,
  outcome: DesiredOutcome,
  tally: ScanTally,
): ScanTally {
  const cursor = sharedCursor;
  for (const m of matches) {
    tally.analysed++;
    tally.analysedByLeague.set(m.leagueId, (tally.analysedByLeague.get(m.leagueId) ?? 0) + 1);
    cursor.reset(m.timeline, m.model);
    const state = judge.stateOf(cursor, m.context);
    if (!firstMoment(cursor, state, judge.matches, judge.kinds, judge.window, judge.clocked ?? true)) continue;
    const quote = judge.quoteOf(state, cursor, m.favorite);
    const odds = quote.odds;
    const priced = odds !== null && Number.isFinite(odds) && odds > 1;
    const moment = { home: cursor.homeScore!, away: cursor.awayScore!, firstHalf: inFirstHalf(cursor) };
    tally.picks.push({
      fixtureId: m.fixtureId,
      leagueId: m.leagueId,
      kickoff: m.kickoff,
      minute: cursor.minute!,
      second: cursor.second!,
      halftime: cursor.status === "halftime",
      homeScore: cursor.homeScore!,
      awayScore: cursor.awayScore!,
      odds: priced ? odds : null,
      probability: quote.probability,
      beyondCap: !priced && quote.beyondCap,
      grade: grade(outcome, { ...m.score, goalSides: goalSidesOf(m.timeline) }, m.favorite, moment),
      score: m.score,
    });
  }
  return tally;
}

/** Runs a backtest over matches in kick-off order. */
export function runLiveBacktest<S, C>(
  matches: Iterable<BacktestMatch<C>>,
  judge: LiveBacktestJudge<S, C>,
  outcome: DesiredOutcome,
): LiveBacktestResult {
  const tally = scanLiveBacktest(matches, judge, outcome, emptyTally());
  return summarise(
    tally.picks,
    tally.analysed,
    tally.analysedByLeague,
    outcomePriced("live", outcome) ? "roi" : "edge",
  );
}

const asFigure = (p: LiveBacktestPick): FigurePick => ({ status: p.grade, odds: p.odds, probability: p.probability });

/** Figures (the alerts module's), the per-league breakdown and the equity curve of picks. */
export function summarise(
  picks: LiveBacktestPick[],
  analysed: number,
  analysedByLeague: Map<number, number>,
  basis: FigureBasis = "roi",
): LiveBacktestResult {
  const byLeague = new Map<number, FigurePick[]>();
  for (const p of picks) {
    let list = byLeague.get(p.leagueId);
    if (!list) {
      list = [];
      byLeague.set(p.leagueId, list);
    }
    list.push(asFigure(p));
  }
  const leagues = [...analysedByLeague.entries()]
    .map(([leagueId, n]) => ({ leagueId, analysed: n, figures: filterFigures(byLeague.get(leagueId) ?? [], basis) }))
    .sort((a, b) => b.figures.picks - a.figures.picks || a.leagueId - b.leagueId);
  const curve: number[] = [];
  const kickoffs: number[] = [];
  let running = 0;
  for (const p of picks) {
    if (p.odds === null || p.grade === "void") continue;
    running += p.grade === "won" ? p.odds - 1 : -1;
    curve.push(Math.round(running * 100) / 100);
    kickoffs.push(p.kickoff);
  }
  return {
    analysed,
    figures: filterFigures(picks.map(asFigure), basis),
    beyondCap: picks.filter((p) => p.beyondCap).length,
    leagues,
    equity: downsample(curve, EQUITY_POINTS),
    equityKickoffs: downsample(kickoffs, EQUITY_POINTS),
    picks,
  };
}

/** At most `n` points of a curve, evenly spaced, the last point kept. */
export function downsample(curve: number[], n: number): number[] {
  if (curve.length <= n) return curve;
  const out: number[] = [];
  for (let i = 1; i <= n; i++) out.push(curve[Math.round((i * curve.length) / n) - 1]!);
  return out;
}
