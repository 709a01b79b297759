import {
  type AlertContent,
  type HomeAway,
  type MatchEventLine,
  STAT_FIELDS,
  type StatField,
} from "../alerts/content.ts";
import { beyondLivePriceCap } from "../live/odds.ts";
import { type CounterName, HALF_SECONDS, type LiveOdds, type LiveState } from "../live/state.ts";
import { type Quote, liveGoalQuote } from "./goal-quotes.ts";
import { liveStatistic } from "./live-statistics.ts";
import { backedSide } from "./outcomes.ts";
import type { DesiredOutcome, Rule } from "./rules.ts";

/**
 * A live pick: the price it is taken at and what its alert says. Alerts and live backtests both price a pick with
 * `livePickOdds`, so their figures agree.
 */

/**
 * The live odd at notification of a desired outcome: home, draw, away, and the favourite/underdog outcomes (their
 * `_home`/`_away` variants only where that team plays there) from the live 1X2 line. None (null) for none/all,
 * without a favourite, where the line has no price (suspended, settled) and for the `_ht` outcomes: the live line
 * prices the full-time result only, and the first-half result is another market whose price we do not have.
 */
export function livePickOdds(outcome: DesiredOutcome | string, favorite: number, odds: LiveOdds | null): number | null {
  if (!odds || outcome.endsWith("_ht")) return null;
  const side = backedSide(outcome as DesiredOutcome, favorite);
  const price = side === 0 ? odds.home : side === 1 ? odds.away : side === 2 ? odds.draw : null;
  return price !== null && price > 1 && Number.isFinite(price) ? price : null;
}

/** Whether a pick has no odd because its outcome was priced above the in-play cap (MAX_LIVE_PRICE): not offered. */
export function livePickBeyondCap(outcome: DesiredOutcome | string, favorite: number, odds: LiveOdds | null): boolean {
  if (!odds || outcome.endsWith("_ht")) return false;
  return beyondLivePriceCap(odds, backedSide(outcome as DesiredOutcome, favorite));
}

/** What a live pick is quoted at: the state of the match at the alert (a LiveState or a backtest's cursor). */
export interface PickState {
  odds: LiveOdds | null;
  homeScore: number | null;
  awayScore: number | null;
  second: number | null;
  status: LiveState["status"];
}

/** Whether a live moment is the first half's play (the break is not: first-half outcomes can no longer be backed). */
export function inFirstHalf(state: Pick<PickState, "second" | "status">): boolean {
  return state.status === "live" && state.second !== null && state.second < HALF_SECONDS;
}

/**
 * The price and model probability of a live pick's outcome at its alert: the live 1X2 line for the match-result
 * outcomes (livePickOdds), the in-play goals model for the goal outcomes (goal-quotes.ts). Alerts and backtests
 * both take it, so their figures agree.
 */
export function livePickQuote(outcome: DesiredOutcome | string, favorite: number, state: PickState): Quote {
  const goal = liveGoalQuote(outcome, state.odds, {
    homeScore: state.homeScore ?? 0,
    awayScore: state.awayScore ?? 0,
    firstHalf: inFirstHalf(state),
  });
  if (goal) return goal;
  const odds = livePickOdds(outcome, favorite, state.odds);
  const side = outcome.endsWith("_ht") ? -1 : backedSide(outcome as DesiredOutcome, favorite);
  const p = state.odds?.probabilities;
  const probability = !p || side < 0 ? null : side === 0 ? p.home : side === 1 ? p.away : p.draw;
  return { odds, probability, beyondCap: odds === null && livePickBeyondCap(outcome, favorite, state.odds) };
}

/** The message fields of the counters a filter's rules read (goals and the score-derived ones show as the score). */
export function countersRead(rules: readonly Rule[]): StatField[] {
  const out = new Set<StatField>();
  for (const rule of rules) {
    if (rule.category !== "liveStats") continue;
    for (const stat of [rule.stat, rule.numeric?.stat]) {
      if (!stat) continue;
      for (const f of liveStatistic(stat)?.fields ?? []) out.add(f);
    }
  }
  return [...out];
}

export interface LiveFixtureInfo {
  home: string;
  away: string;
  league?: string;
  country?: string;
  /** ISO time of the kick-off */
  kickoff: string;
}

const EVENT_KIND: Record<string, MatchEventLine["kind"] | undefined> = {
  goal: "goal",
  yellow: "yellow_card",
  red: "red_card",
  penalty: "penalty",
  substitution: "substitution",
};

/**
 * What a live alert shows: the match, the minute and score when the rules matched, every counter the source has
 * (not only those the rules read: the recipient's settings choose what the message shows), the live 1X2, over/under
 * 2.5 and both-teams-to-score prices, the match events so far; `extra` adds the pre-match parts (pre-match prices,
 * rankings).
 */
export function liveAlertContent(
  fixture: LiveFixtureInfo,
  state: LiveState,
  extra: Partial<AlertContent> = {},
): AlertContent {
  const stats: Partial<Record<StatField, HomeAway>> = {};
  for (const field of STAT_FIELDS) {
    const counter = field as CounterName;
    const h = state.home[counter];
    const a = state.away[counter];
    if (h !== null && a !== null && h !== undefined && a !== undefined) stats[field] = { home: h, away: a };
  }
  const o = state.odds;
  const ou = o?.overUnder.find((l) => l.line === 2.5);
  const events = state.events.flatMap((e) => {
    const kind = EVENT_KIND[e.type];
    return kind ? [{ minute: e.minute, kind, side: e.side }] : [];
  });
  return {
    ...extra,
    home: fixture.home,
    away: fixture.away,
    ...(fixture.league ? { league: fixture.league } : {}),
    ...(fixture.country ? { country: fixture.country } : {}),
    kickoff: fixture.kickoff,
    minute: state.minute,
    score:
      state.homeScore !== null && state.awayScore !== null ? { home: state.homeScore, away: state.awayScore } : null,
    ...(Object.keys(stats).length > 0 ? { stats } : {}),
    ...(o && o.home !== null && o.draw !== null && o.away !== null
      ? { odds1x2Live: { home: o.home, draw: o.draw, away: o.away } }
      : {}),
    ...(ou && ou.over !== null && ou.under !== null ? { oddsUnderOver25Live: { over: ou.over, under: ou.under } } : {}),
    ...(o && o.bttsYes !== null && o.bttsNo !== null ? { oddsBttsLive: { yes: o.bttsYes, no: o.bttsNo } } : {}),
    ...(events.length > 0 ? { events } : {}),
  };
}
