import { type PlayedFacts, outcomeHappened } from "../predictions/kinds.ts";
import { isPremiumMarket } from "../predictions/markets.ts";

/**
 * Team statistics: 100+ events counted over a team's played matches (SPEC §3 "Team-stat events"), per
 * venue (overall, home, away) and window (season, last 10, last 5), as occurrences / totalMatches.
 * Pure: takes a team's matches, returns counts.
 */

/** One played match seen from the team's side. Statistics are null where the source has none. */
export interface TeamMatch {
  fixtureId: number;
  /** kick-off, epoch milliseconds */
  kickoff: number;
  venue: "home" | "away";
  goalsFor: number;
  goalsAgainst: number;
  htFor: number | null;
  htAgainst: number | null;
  cornersFor: number | null;
  cornersAgainst: number | null;
  yellowFor: number | null;
  yellowAgainst: number | null;
  redFor: number | null;
  redAgainst: number | null;
  shotsFor: number | null;
  shotsAgainst: number | null;
  shotsOnTargetFor: number | null;
  shotsOnTargetAgainst: number | null;
}

export const EVENT_GROUPS = [
  "result",
  "htResult",
  "shResult",
  "btts",
  "goals",
  "htGoals",
  "shGoals",
  "scored",
  "conceded",
  "special",
  "cornersTotal",
  "cornersFor",
  "cornersAgainst",
  "cards",
  "shots",
] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

/** How an event reads: a label key of the `teamStats.ev` namespace, with a line where it has one. */
export interface TeamEventInfo {
  key: string;
  group: EventGroup;
  label: string;
  line?: number;
  /**
   * The market outcome (SPEC §3 codes of `outcomeHappened`) this event is when the team plays at home, for
   * events that are a market; see `marketOf` for the away side.
   */
  outcome?: string;
  /** from the outcome (FREE_MARKETS in domain/predictions/markets.ts is the one declaration) */
  premium: boolean;
}

interface TeamEvent extends Omit<TeamEventInfo, "premium"> {
  test: (m: TeamMatch) => boolean | null;
}

const lineCode = (line: number) => String(Math.round(line * 10)).padStart(2, "0");

/** The match as if the team played at home: the outcome codes of the prediction kinds then read from the team's side. */
function teamFacts(m: TeamMatch): PlayedFacts {
  return {
    ftHome: m.goalsFor,
    ftAway: m.goalsAgainst,
    htHome: m.htFor,
    htAway: m.htAgainst,
    corners: m.cornersFor === null || m.cornersAgainst === null ? null : m.cornersFor + m.cornersAgainst,
  };
}

const market = (key: string, group: EventGroup, label: string, outcome: string, line?: number): TeamEvent => ({
  key,
  group,
  label,
  outcome,
  ...(line === undefined ? {} : { line }),
  test: (m) => outcomeHappened(outcome, teamFacts(m)),
});

const stat = (
  key: string,
  group: EventGroup,
  label: string,
  test: (m: TeamMatch) => boolean | null,
  line?: number,
): TeamEvent => ({
  key,
  group,
  label,
  ...(line === undefined ? {} : { line }),
  test,
});

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
const over = (value: number | null, line: number) => (value === null ? null : value > line);
const more = (a: number | null, b: number | null) => (a === null || b === null ? null : a > b);

const GOAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5];

function overUnder(prefix: string, keyPrefix: string, group: EventGroup): TeamEvent[] {
  return GOAL_LINES.flatMap((line) => [
    market(`${keyPrefix}O${lineCode(line)}`, group, "over", `${prefix}O${lineCode(line)}`, line),
    market(`${keyPrefix}U${lineCode(line)}`, group, "under", `${prefix}U${lineCode(line)}`, line),
  ]);
}

const EVENTS: TeamEvent[] = [
  market("W", "result", "win", "1"),
  market("D", "result", "draw", "X"),
  market("L", "result", "loss", "2"),
  market("HT_W", "htResult", "win", "HT_1"),
  market("HT_D", "htResult", "draw", "HT_X"),
  market("HT_L", "htResult", "loss", "HT_2"),
  market("2H_W", "shResult", "win", "2H_1"),
  market("2H_D", "shResult", "draw", "2H_X"),
  market("2H_L", "shResult", "loss", "2H_2"),
  market("GG", "btts", "gg", "GG"),
  market("NG", "btts", "ng", "NG"),
  market("HT_GG", "btts", "htGg", "HT_GG"),
  market("HT_NG", "btts", "htNg", "HT_NG"),
  market("2H_GG", "btts", "shGg", "2H_GG"),
  market("2H_NG", "btts", "shNg", "2H_NG"),
  ...overUnder("", "", "goals"),
  ...overUnder("HT_", "HT_", "htGoals"),
  ...overUnder("2H_", "2H_", "shGoals"),
  ...overUnder("H_", "TS_", "scored"),
  ...overUnder("A_", "TC_", "conceded"),
  market("CS", "special", "cleanSheet", "A_U05"),
  market("FTS", "special", "failedToScore", "H_U05"),
  stat("SBH", "special", "scoredBothHalves", (m) =>
    m.htFor === null ? null : m.htFor > 0 && m.goalsFor - m.htFor > 0,
  ),
  stat("CBH", "special", "concededBothHalves", (m) =>
    m.htAgainst === null ? null : m.htAgainst > 0 && m.goalsAgainst - m.htAgainst > 0,
  ),
  stat("WTN", "special", "winToNil", (m) => m.goalsFor > m.goalsAgainst && m.goalsAgainst === 0),
  stat("COMEBACK", "special", "comeback", (m) =>
    m.htFor === null || m.htAgainst === null ? null : m.htFor < m.htAgainst && m.goalsFor >= m.goalsAgainst,
  ),
  ...[7.5, 8.5, 9.5, 10.5, 11.5].flatMap((line) => [
    market(`C_O${lineCode(line)}`, "cornersTotal", "over", `C_O${lineCode(line)}`, line),
    market(`C_U${lineCode(line)}`, "cornersTotal", "under", `C_U${lineCode(line)}`, line),
  ]),
  ...[2.5, 3.5, 4.5, 5.5, 6.5].map((line) =>
    stat(`CF_O${lineCode(line)}`, "cornersFor", "over", (m) => over(m.cornersFor, line), line),
  ),
  ...[2.5, 3.5, 4.5, 5.5, 6.5].map((line) =>
    stat(`CA_O${lineCode(line)}`, "cornersAgainst", "over", (m) => over(m.cornersAgainst, line), line),
  ),
  stat("C_MORE", "cornersFor", "moreCorners", (m) => more(m.cornersFor, m.cornersAgainst)),
  ...[0.5, 1.5, 2.5, 3.5].map((line) =>
    stat(`Y_O${lineCode(line)}`, "cards", "teamYellowOver", (m) => over(m.yellowFor, line), line),
  ),
  ...[2.5, 3.5, 4.5, 5.5].map((line) =>
    stat(
      `MY_O${lineCode(line)}`,
      "cards",
      "matchYellowOver",
      (m) => over(sum(m.yellowFor, m.yellowAgainst), line),
      line,
    ),
  ),
  stat("R", "cards", "teamRed", (m) => over(m.redFor, 0.5)),
  stat("MR", "cards", "matchRed", (m) => over(sum(m.redFor, m.redAgainst), 0.5)),
  ...[9.5, 12.5, 15.5].map((line) =>
    stat(`SH_O${lineCode(line)}`, "shots", "shotsOver", (m) => over(m.shotsFor, line), line),
  ),
  ...[2.5, 3.5, 4.5, 5.5].map((line) =>
    stat(`SOT_O${lineCode(line)}`, "shots", "shotsOnTargetOver", (m) => over(m.shotsOnTargetFor, line), line),
  ),
  ...[2.5, 4.5].map((line) =>
    stat(
      `SOTA_O${lineCode(line)}`,
      "shots",
      "shotsOnTargetAgainstOver",
      (m) => over(m.shotsOnTargetAgainst, line),
      line,
    ),
  ),
  stat("SH_MORE", "shots", "moreShots", (m) => more(m.shotsFor, m.shotsAgainst)),
  stat("SOT_MORE", "shots", "moreShotsOnTarget", (m) => more(m.shotsOnTargetFor, m.shotsOnTargetAgainst)),
];

const BY_KEY = new Map(EVENTS.map((e) => [e.key, e]));

/** Every event, in display order, without its test. */
/**
 * A team statistic is free when it is a free market seen from the team's side (FREE_MARKETS: win, draw, loss,
 * both teams to score, under/over 2.5...); the others (lines, halves, corners, cards, shots) are premium.
 */
function premiumEvent(e: TeamEvent): boolean {
  return e.outcome === undefined || isPremiumMarket(e.outcome);
}

export const TEAM_EVENTS: TeamEventInfo[] = EVENTS.map(({ test: _test, ...info }) => ({
  ...info,
  premium: premiumEvent({ ...info, test: _test }),
}));

export function isPremiumTeamEvent(key: string): boolean {
  const e = BY_KEY.get(key);
  return e === undefined || premiumEvent(e);
}

export function isTeamEvent(key: string): boolean {
  return BY_KEY.has(key);
}

export function eventInfo(key: string): TeamEventInfo | undefined {
  const e = BY_KEY.get(key);
  if (!e) return undefined;
  const { test: _test, ...info } = e;
  return { ...info, premium: premiumEvent(e) };
}

/** Whether the event happened in the match; null when the data cannot tell (no half-time score, no corners…). */
export function eventHappened(key: string, m: TeamMatch): boolean | null {
  const e = BY_KEY.get(key);
  if (!e) throw new Error(`unknown team event ${key}`);
  return e.test(m);
}

/** The market key (of the prediction markets) of a team event in a fixture where the team plays at `venue`; null when it is no market. */
export function marketOf(key: string, venue: "home" | "away"): string | null {
  const outcome = BY_KEY.get(key)?.outcome;
  if (!outcome) return null;
  if (venue === "home") return outcome;
  const [prefix, rest] = outcome.includes("_") ? (outcome.split("_", 2) as [string, string]) : ["", outcome];
  const swapped = rest === "1" ? "2" : rest === "2" ? "1" : rest;
  const side = prefix === "H" ? "A" : prefix === "A" ? "H" : prefix;
  return side ? `${side}_${swapped}` : swapped;
}

export interface EventCount {
  occurrences: number;
  /** matches where the data could tell */
  totalMatches: number;
}

export interface SplitTotals {
  matches: number;
  goalsFor: number;
  goalsAgainst: number;
  /** averages per match over the matches that have the statistic; null without any */
  avgCornersFor: number | null;
  avgCornersAgainst: number | null;
  avgYellow: number | null;
  avgRed: number | null;
  avgShots: number | null;
  avgShotsOnTarget: number | null;
}

export interface SplitStats {
  totals: SplitTotals;
  events: Record<string, EventCount>;
}

export const VENUES = ["overall", "home", "away"] as const;
export type Venue = (typeof VENUES)[number];
export const WINDOWS = ["season", "last10", "last5"] as const;
export type StatsWindow = (typeof WINDOWS)[number];

export type TeamStats = Record<StatsWindow, Record<Venue, SplitStats>>;

const WINDOW_SIZE: Record<StatsWindow, number> = { season: Number.POSITIVE_INFINITY, last10: 10, last5: 5 };

function average(matches: TeamMatch[], pick: (m: TeamMatch) => number | null): number | null {
  let total = 0;
  let n = 0;
  for (const m of matches) {
    const v = pick(m);
    if (v === null) continue;
    total += v;
    n++;
  }
  return n === 0 ? null : total / n;
}

/** Counts of every event (or of `keys`) over the matches. */
export function countEvents(matches: TeamMatch[], keys: readonly string[] = EVENTS.map((e) => e.key)): SplitStats {
  const events: Record<string, EventCount> = {};
  for (const key of keys) {
    const event = BY_KEY.get(key);
    if (!event) throw new Error(`unknown team event ${key}`);
    let occurrences = 0;
    let totalMatches = 0;
    for (const m of matches) {
      const happened = event.test(m);
      if (happened === null) continue;
      totalMatches++;
      if (happened) occurrences++;
    }
    events[key] = { occurrences, totalMatches };
  }
  return {
    totals: {
      matches: matches.length,
      goalsFor: matches.reduce((a, m) => a + m.goalsFor, 0),
      goalsAgainst: matches.reduce((a, m) => a + m.goalsAgainst, 0),
      avgCornersFor: average(matches, (m) => m.cornersFor),
      avgCornersAgainst: average(matches, (m) => m.cornersAgainst),
      avgYellow: average(matches, (m) => m.yellowFor),
      avgRed: average(matches, (m) => m.redFor),
      avgShots: average(matches, (m) => m.shotsFor),
      avgShotsOnTarget: average(matches, (m) => m.shotsOnTargetFor),
    },
    events,
  };
}

/** Newest first, whatever order they came in. */
export function newestFirst(matches: TeamMatch[]): TeamMatch[] {
  return [...matches].sort((a, b) => b.kickoff - a.kickoff || b.fixtureId - a.fixtureId);
}

/** The matches of a venue, newest first, cut to a window. */
export function selectMatches(matches: TeamMatch[], venue: Venue, window: StatsWindow): TeamMatch[] {
  const atVenue = newestFirst(matches).filter((m) => venue === "overall" || m.venue === venue);
  return atVenue.slice(0, Math.min(atVenue.length, WINDOW_SIZE[window]));
}

/**
 * Every event for every venue and window: the season window counts `season` (a team's played matches of one
 * season), the last-5 and last-10 windows count `recent` (by default the same matches; across seasons early
 * in a season).
 */
export function teamStats(season: TeamMatch[], recent: TeamMatch[] = season): TeamStats {
  const out = {} as TeamStats;
  for (const window of WINDOWS) {
    out[window] = {} as Record<Venue, SplitStats>;
    for (const venue of VENUES)
      out[window][venue] = countEvents(selectMatches(window === "season" ? season : recent, venue, window));
  }
  return out;
}

/** occurrences / totalMatches, null without matches. */
export function rateOf(count: EventCount | undefined): number | null {
  return count && count.totalMatches > 0 ? count.occurrences / count.totalMatches : null;
}

/** A split as a caller may see it: every event for premium members, the free ones otherwise. */
export function visibleSplit(split: SplitStats, premium: boolean): SplitStats {
  if (premium) return split;
  return {
    totals: split.totals,
    events: Object.fromEntries(Object.entries(split.events).filter(([key]) => !isPremiumTeamEvent(key))),
  };
}

/** Every split of a team's statistics as a caller may see them (see `visibleSplit`). */
export function visibleTeamStats(stats: TeamStats, premium: boolean): TeamStats {
  if (premium) return stats;
  const out = {} as TeamStats;
  for (const w of WINDOWS) {
    out[w] = {
      overall: visibleSplit(stats[w].overall, false),
      home: visibleSplit(stats[w].home, false),
      away: visibleSplit(stats[w].away, false),
    };
  }
  return out;
}
