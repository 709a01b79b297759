import { COUNTERS, type CounterName } from "../live/state.ts";
import { liveStatistic } from "./live-statistics.ts";
import type { Rule } from "./rules.ts";

/**
 * Which leagues of a backtest lack data that its filter needs. Not every league of the bundled data has every
 * figure: some have no pre-match prices, some no in-play counters (shots, corners…). A backtest over them would
 * silently make no pick on an odds or counter rule, or picks without a price (no ROI); the result says so, per league.
 * Computed from the matches scanned, never from a list of leagues.
 */

/** What a filter may need of a match: prices (odds rules, an outcome with a price) or an in-play counter. */
export type DataNeed = "prices" | CounterName;

export interface LeagueDataGap {
  leagueId: number;
  /** what none of the league's matches in the backtest has (in DataNeed order: prices, then the counters) */
  missing: DataNeed[];
}

/**
 * The data a filter needs: prices when a rule reads odds or the outcome has a price (ROI), and the in-play counters
 * its live-statistic rules read (a score-derived statistic needs none).
 */
export function dataNeeds(rules: readonly Rule[], pricedOutcome: boolean): DataNeed[] {
  const needs = new Set<DataNeed>();
  if (pricedOutcome || rules.some((r) => r.category === "odds")) needs.add("prices");
  for (const rule of rules) {
    if (rule.category !== "liveStats") continue;
    for (const stat of [rule.stat, rule.numeric?.stat]) {
      const counter = stat ? liveStatistic(stat)?.counter : undefined;
      if (counter && counter !== "score") needs.add(counter);
    }
  }
  return [...needs].sort((a, b) => order(a) - order(b));
}

const order = (need: DataNeed) => (need === "prices" ? -1 : COUNTERS.indexOf(need));

/**
 * Counts, per league, the matches scanned that have each need; `gaps()` lists the leagues where none had one. A
 * league with a few matches with the figure is not a gap (the data has it, the filter simply rarely matches).
 */
export function dataGapTally(needs: readonly DataNeed[]) {
  const seen = new Map<number, number[]>();
  return {
    add(leagueId: number, has: (need: DataNeed) => boolean): void {
      if (needs.length === 0) return;
      let counts = seen.get(leagueId);
      if (!counts) {
        counts = needs.map(() => 0);
        seen.set(leagueId, counts);
      }
      for (let k = 0; k < needs.length; k++) if (counts[k] === 0 && has(needs[k]!)) counts[k] = 1;
    },
    gaps(): LeagueDataGap[] {
      const out: LeagueDataGap[] = [];
      for (const [leagueId, counts] of seen) {
        const missing = needs.filter((_, k) => counts[k] === 0);
        if (missing.length > 0) out.push({ leagueId, missing });
      }
      return out.sort((a, b) => a.leagueId - b.leagueId);
    },
  };
}

/** Whether a timeline's `known` bit mask has a counter. */
export function knowsCounter(known: number, counter: CounterName): boolean {
  return (known & (1 << COUNTERS.indexOf(counter))) !== 0;
}
