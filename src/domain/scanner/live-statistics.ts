import type { StatField } from "../alerts/content.ts";
import type { CounterName } from "../live/state.ts";
import type { KIND } from "../live/timeline.ts";

/**
 * The in-play statistics of the live scanner (rule category `liveStats`, SPEC §3 "In-play stats available"),
 * declared once. Everything else derives from this table:
 * - the rule catalogue (`STATS` of rules.ts): a team statistic per row, and the match total `total.<stat>` where
 *   the row has the "match" scope;
 * - the live source (live-source.ts): the value read from the live state, per team and for the Match target;
 * - the engine's index (`COUNTERS_READ`, `ruleDeps`, `changedDeps` of live-source.ts): a filter on a statistic is
 *   evaluated again when its counter (or the score) changes;
 * - the backtest walker (`relevantKinds` of live-backtest.ts): the timeline events after which a filter is checked;
 * - the alert (`countersRead` and `liveAlertContent` of live-pick.ts): the counters shown with a pick;
 * - the label: `liveScanner.stats.<stat>` (and `liveScanner.stats.total.<stat>`) in the 11 files
 *   `src/i18n/locales/livescan/<locale>.json`, read by the rule builder.
 * `tests/unit/live-statistics.test.ts` holds these to each other and to the live timeline.
 *
 * In-play statistics have no window (the season / last 10 / last 5 windows are the pre-match team events'): a
 * value is always the match so far.
 */

/** An event kind of the live timelines (`KIND` of domain/live/timeline.ts). */
export type EventKindName = keyof typeof KIND;

/** Team and match values of a statistic derived from the score (NaN when the score is unknown). */
export interface ScoreFormula {
  /** a team's value from its goals and the opponent's */
  team(own: number, other: number): number;
  /** the Match target's value from the home and away goals */
  match(home: number, away: number): number;
}

export interface LiveStatistic {
  /** the rule's `stat` (category liveStats) and the last part of its label key */
  stat: string;
  /**
   * what the value is read from: a counter of each team in the live state (the Match target is the sum of both
   * teams), or the score, through `score`
   */
  counter: CounterName | "score";
  /** score-derived statistics: the formula (required when `counter` is "score") */
  score?: ScoreFormula;
  /** the live timeline's events that change the value (the backtest checks a filter after them) */
  events: readonly EventKindName[];
  /** the counters an alert on this statistic shows (none: it is shown as the score) */
  fields: readonly StatField[];
  /** "team": read per team (Home, Away, Favorite…, Match = both); "match": also a match total `total.<stat>` */
  scopes: readonly ("team" | "match")[];
}

const known = (x: number, y: number) => !Number.isNaN(x - y);

/** The rows, in the order the rule builder lists them (the match totals follow the team statistics). */
export const LIVE_STATISTICS: readonly LiveStatistic[] = [
  {
    stat: "goals",
    counter: "score",
    score: { team: (own) => own, match: (h, a) => h + a },
    events: ["goal"],
    fields: [],
    scopes: ["team", "match"],
  },
  {
    stat: "shots",
    counter: "shots",
    events: ["shotOn", "shotOff", "shotOther"],
    fields: ["shotsOnTarget", "shotsOffTarget"],
    scopes: ["team", "match"],
  },
  {
    stat: "shotsOnGoal",
    counter: "shotsOnTarget",
    events: ["shotOn", "shotOnOnly"],
    fields: ["shotsOnTarget"],
    scopes: ["team", "match"],
  },
  {
    stat: "shotsOffGoal",
    counter: "shotsOffTarget",
    events: ["shotOff", "shotOffOnly"],
    fields: ["shotsOffTarget"],
    scopes: ["team"],
  },
  { stat: "attacks", counter: "attacks", events: ["attack"], fields: ["attacks"], scopes: ["team", "match"] },
  {
    stat: "dangerousAttacks",
    counter: "dangerousAttacks",
    events: ["dangerousAttack"],
    fields: ["dangerousAttacks"],
    scopes: ["team", "match"],
  },
  { stat: "corners", counter: "corners", events: ["corner"], fields: ["corners"], scopes: ["team", "match"] },
  // Possession is estimated from the attacks of both teams.
  { stat: "possession", counter: "possession", events: ["attack"], fields: ["possession"], scopes: ["team"] },
  {
    stat: "yellowCards",
    counter: "yellowCards",
    events: ["yellow"],
    fields: ["yellowCards"],
    scopes: ["team", "match"],
  },
  { stat: "redCards", counter: "redCards", events: ["red"], fields: ["redCards"], scopes: ["team", "match"] },
  {
    stat: "goalMargin",
    counter: "score",
    score: { team: (own, other) => own - other, match: (h, a) => Math.abs(h - a) },
    events: ["goal"],
    fields: [],
    scopes: ["team"],
  },
  {
    stat: "winning",
    counter: "score",
    score: {
      team: (own, other) => (known(own, other) ? (own > other ? 1 : 0) : Number.NaN),
      match: (h, a) => (known(h, a) ? (h !== a ? 1 : 0) : Number.NaN),
    },
    events: ["goal"],
    fields: [],
    scopes: ["team"],
  },
  {
    stat: "losing",
    counter: "score",
    score: {
      team: (own, other) => (known(own, other) ? (own < other ? 1 : 0) : Number.NaN),
      match: (h, a) => (known(h, a) ? (h !== a ? 1 : 0) : Number.NaN),
    },
    events: ["goal"],
    fields: [],
    scopes: ["team"],
  },
  {
    stat: "drawing",
    counter: "score",
    score: {
      team: (own, other) => (known(own, other) ? (own === other ? 1 : 0) : Number.NaN),
      match: (h, a) => (known(h, a) ? (h === a ? 1 : 0) : Number.NaN),
    },
    events: ["goal"],
    fields: [],
    scopes: ["team"],
  },
];

const BY_STAT = new Map(LIVE_STATISTICS.map((s) => [s.stat, s]));

/** The row of a liveStats `stat`, a team statistic or a match total (`total.<stat>`); undefined when none. */
export function liveStatistic(stat: string): LiveStatistic | undefined {
  if (stat.startsWith("total.")) {
    const row = BY_STAT.get(stat.slice(6));
    return row?.scopes.includes("match") ? row : undefined;
  }
  return BY_STAT.get(stat);
}

/** The rule `stat` keys of the rows: the team statistics, then the match totals. */
export function liveStatKeys(): { team: string[]; match: string[] } {
  return {
    team: LIVE_STATISTICS.filter((s) => s.scopes.includes("team")).map((s) => s.stat),
    match: LIVE_STATISTICS.filter((s) => s.scopes.includes("match")).map((s) => `total.${s.stat}`),
  };
}

/** The label key of a liveStats `stat` (the rule builder's `liveScanner.stats.<stat>`, nested for totals). */
export function liveStatLabelKey(stat: string): string {
  return `liveScanner.stats.${stat}`;
}

/** The live state's counters the statistics read, each once, in the order of the rows (the engine's index bits). */
export const LIVE_COUNTERS: readonly CounterName[] = [
  ...new Set(LIVE_STATISTICS.flatMap((s) => (s.counter === "score" ? [] : [s.counter]))),
];
