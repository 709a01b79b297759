import { TEAM_EVENTS, type TeamMatch, type Venue, VENUES, eventHappened, newestFirst } from "./team-events.ts";

/**
 * Trends (SPEC §3 "Trend event"): a team's running streaks ("Over 2.5 in 7 consecutive home matches") and
 * high rates over its recent matches ("Win in 8 of the last 10"), each as occurrences / totalMatches for
 * overall, home or away matches. Pure.
 */

export interface Trend {
  teamId: number;
  event: string;
  venue: Venue;
  /** consecutive: the event happened in each of the team's last `totalMatches` matches (at that venue); rate: in `occurrences` of them */
  kind: "consecutive" | "rate";
  occurrences: number;
  totalMatches: number;
  /** how unlikely the run is at the event's base rate: -log10 P(at least `occurrences` of `totalMatches`) */
  strength: number;
}

export interface TrendOptions {
  /** shortest streak that counts (default 3) */
  minStreak: number;
  /** matches of a rate trend (default 10) and its lowest rate (default 0.8) */
  rateWindow: number;
  minRate: number;
  /** weakest trend kept (default 1: a 1-in-10 run) */
  minStrength: number;
  /** events to look at (default: all) */
  events: readonly string[];
}

export const DEFAULT_TREND_OPTIONS: TrendOptions = {
  minStreak: 3,
  rateWindow: 10,
  minRate: 0.8,
  minStrength: 1,
  events: TEAM_EVENTS.map((e) => e.key),
};

/** Trend events that free users and visitors see (SPEC §6: "a limited set of events and trends"). */
export const FREE_TREND_EVENTS: readonly string[] = TEAM_EVENTS.filter((e) => !e.premium).map((e) => e.key);

/** Length of the run of matches (newest first) in which the event happened; a match the data cannot judge ends it. */
export function currentStreak(matchesNewestFirst: TeamMatch[], event: string): number {
  let streak = 0;
  for (const m of matchesNewestFirst) {
    if (eventHappened(event, m) !== true) break;
    streak++;
  }
  return streak;
}

/** P(X >= k) for X ~ Binomial(n, p). */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  let term = (1 - p) ** n; // P(X = 0)
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term = (term * (n - i) * p) / ((i + 1) * (1 - p));
  }
  return Math.max(0, 1 - below);
}

const clampRate = (p: number) => Math.min(0.98, Math.max(0.02, p));

/** Per event, in how many of these matches it happened and how many the data can judge: [yes, n]. */
export function eventCounts(matches: TeamMatch[], events: readonly string[]): Record<string, [number, number]> {
  const counts: Record<string, [number, number]> = {};
  for (const event of events) {
    let yes = 0;
    let n = 0;
    for (const m of matches) {
      const happened = eventHappened(event, m);
      if (happened === null) continue;
      n++;
      if (happened) yes++;
    }
    counts[event] = [yes, n];
  }
  return counts;
}

/** Base rates from counts of several teams' matches, summed (the same as `baseRates` of all their matches together). */
export function pooledRates(
  counts: Array<Record<string, [number, number]>>,
  events: readonly string[],
): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const event of events) {
    let yes = 0;
    let n = 0;
    for (const c of counts) {
      yes += c[event]?.[0] ?? 0;
      n += c[event]?.[1] ?? 0;
    }
    rates[event] = clampRate(n === 0 ? 0.5 : yes / n);
  }
  return rates;
}

/** Share of matches (that the data can judge) in which each event happened: the base rates trends are measured against. */
export function baseRates(matches: TeamMatch[], events: readonly string[]): Record<string, number> {
  return pooledRates([eventCounts(matches, events)], events);
}

const strengthOf = (occurrences: number, total: number, p: number) =>
  -Math.log10(Math.max(1e-12, binomialTail(occurrences, total, p)));

/** A run that may be a trend, whatever the base rate: a streak of `minStreak` or more, or else a rate of `minRate` or more. */
export interface TrendCandidate {
  event: string;
  venue: Venue;
  kind: "consecutive" | "rate";
  occurrences: number;
  totalMatches: number;
}

/** A team's trend candidates: per event and venue its streak, or else its rate over the last `rateWindow` matches (no base rate needed). */
export function trendCandidates(matches: TeamMatch[], options: Partial<TrendOptions> = {}): TrendCandidate[] {
  const o = { ...DEFAULT_TREND_OPTIONS, ...options };
  const sorted = newestFirst(matches);
  const out: TrendCandidate[] = [];
  for (const venue of VENUES) {
    const atVenue = sorted.filter((m) => venue === "overall" || m.venue === venue);
    for (const event of o.events) {
      const streak = currentStreak(atVenue, event);
      if (streak >= o.minStreak) {
        out.push({ event, venue, kind: "consecutive", occurrences: streak, totalMatches: streak });
        continue;
      }
      const recent = atVenue.slice(0, o.rateWindow).map((m) => eventHappened(event, m));
      if (recent.length < o.rateWindow || recent.includes(null)) continue;
      const occurrences = recent.filter(Boolean).length;
      if (occurrences / recent.length < o.minRate) continue;
      out.push({ event, venue, kind: "rate", occurrences, totalMatches: recent.length });
    }
  }
  return out;
}

/** A team's trends from its candidates at these base rates, strongest first: the ones at least `minStrength` unlikely, one line per market and venue. */
export function trendsOf(
  teamId: number,
  candidates: TrendCandidate[],
  rates: Record<string, number>,
  options: Partial<TrendOptions> = {},
): Trend[] {
  const o = { ...DEFAULT_TREND_OPTIONS, ...options };
  const trends: Trend[] = [];
  for (const c of candidates) {
    const strength = strengthOf(c.occurrences, c.totalMatches, rates[c.event] ?? 0.5);
    if (strength >= o.minStrength) trends.push({ teamId, ...c, strength });
  }
  return dropEchoes(trends).sort((a, b) => b.strength - a.strength || b.totalMatches - a.totalMatches);
}

/** A team's trends, strongest first: per event and venue its streak, or else its rate over the last `rateWindow` matches. */
export function teamTrends(
  teamId: number,
  matches: TeamMatch[],
  rates: Record<string, number>,
  options: Partial<TrendOptions> = {},
): Trend[] {
  return trendsOf(teamId, trendCandidates(matches, options), rates, options);
}

/** Lines of one market often say the same thing twice (Over 0.5 in 9, Over 1.5 in 9): keep the strongest line per market and venue. */
function dropEchoes(trends: Trend[]): Trend[] {
  const best = new Map<string, Trend>();
  for (const t of trends) {
    const family = t.event.replace(/\d+$/, "");
    const key = `${family}|${t.venue}`;
    const current = best.get(key);
    if (!current || t.strength > current.strength) best.set(key, t);
  }
  return [...best.values()];
}

/** Top trends: the strongest of all teams', with at least `minMatches` matches behind each, one per team and event (its strongest venue). */
export function topTrends(trends: Trend[], limit: number, minMatches = 5): Trend[] {
  const seen = new Set<string>();
  return trends
    .filter((t) => t.totalMatches >= minMatches)
    .sort((a, b) => b.strength - a.strength || b.totalMatches - a.totalMatches)
    .filter((t) => {
      const key = `${t.teamId}|${t.event}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}
