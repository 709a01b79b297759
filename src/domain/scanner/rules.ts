import { GOAL_OUTCOMES, isLiveOnlyOutcome } from "./goal-outcomes.ts";
import { liveStatKeys } from "./live-statistics.ts";

/**
 * The rule language of both scanners (SPEC §3 "Live rule", "Pre-match filter", "Desired outcomes"). A filter is a
 * set of rules that must all hold; a rule reads one statistic of a category for a target, optionally combines it
 * with a second statistic (numeric mode), and compares the result with a value. Pure data: the compiler
 * (`compile.ts`) turns it into predicates over whatever state a scanner evaluates (a live match state, or a row of
 * the pre-match feature store).
 */

export const CATEGORIES = ["liveStats", "odds", "time", "probabilities", "preMatchStats"] as const;
export type Category = (typeof CATEGORIES)[number];

export const TARGETS = [
  "Home",
  "Away",
  "Favorite",
  "FavoriteHome",
  "FavoriteAway",
  "Underdog",
  "UnderdogHome",
  "UnderdogAway",
  "LoosingTeam",
  "WinningTeam",
  "Match",
  "HomeOrAway",
] as const;
export type Target = (typeof TARGETS)[number];

export const COMPARATORS = [
  "EqualTo",
  "LessThan",
  "LessEqualThen",
  "GreaterThan",
  "GreaterEqualThan",
  "IncreasedOf",
  "DecreasedOf",
] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const TIME_CONDITIONS = [
  "MinuteAt",
  "BeforeMinute",
  "AfterMinute",
  "MinuteRange",
  "AtHalfTime",
  "During1stHalf",
  "During2ndHalf",
] as const;
export type TimeConditionKind = (typeof TIME_CONDITIONS)[number];

export const ODDS_MARKETS = ["PreMatch", "LiveMatch"] as const;
export type OddsMarket = (typeof ODDS_MARKETS)[number];

/** Numeric mode: the statistic combined with a second one (e.g. home dangerous attacks ÷ away dangerous attacks). */
export const NUMERIC_OPS = ["add", "sub", "div"] as const;
export type NumericOp = (typeof NUMERIC_OPS)[number];

export const DESIRED_OUTCOMES = [
  "none",
  "all",
  "home",
  "draw",
  "away",
  "favorite_wins",
  "favorite_wins_home",
  "favorite_wins_away",
  "underdog_wins",
  "underdog_wins_home",
  "underdog_wins_away",
  "home_ht",
  "draw_ht",
  "away_ht",
  "favorite_wins_ht",
  "favorite_wins_home_ht",
  "favorite_wins_away_ht",
  "underdog_wins_ht",
  "underdog_wins_home_ht",
  "underdog_wins_away_ht",
  ...GOAL_OUTCOMES,
] as const;
export type DesiredOutcome = (typeof DESIRED_OUTCOMES)[number];

/** What a pre-match filter may want: every outcome but those judged from the moment of a live alert on. */
export const PREMATCH_OUTCOMES = DESIRED_OUTCOMES.filter((o) => !isLiveOnlyOutcome(o)) as [
  DesiredOutcome,
  ...DesiredOutcome[],
];

/** Outcomes that can be judged (none and all pick nothing to bet on). */
export function gradable(outcome: DesiredOutcome): boolean {
  return outcome !== "none" && outcome !== "all";
}

export const VENUES = ["overall", "home", "away"] as const;
export type StatVenue = (typeof VENUES)[number];
export const WINDOWS = ["season", "last10", "last5"] as const;
export type StatWindow = (typeof WINDOWS)[number];

export interface TimeCondition {
  kind: TimeConditionKind;
  /** MinuteAt, BeforeMinute, AfterMinute; the start of MinuteRange */
  minute?: number;
  /** the end of MinuteRange */
  toMinute?: number;
}

export interface Rule {
  /** stable id inside its filter */
  id: string;
  category: Category;
  /** the statistic's key in its category's catalogue (`stat` of STATS), or a team event key for preMatchStats */
  stat: string;
  target: Target;
  comparator: Comparator;
  value: number;
  /** preMatchStats team events: which of the team's matches (default overall) over which window (default season) */
  venue?: StatVenue;
  window?: StatWindow;
  /** live rules: when the rule is checked */
  time?: TimeCondition;
  /** odds rules: pre-match or live odds; live odds between two minutes */
  oddsMarket?: OddsMarket;
  firstMinute?: number;
  secondMinute?: number;
  /** odds rules: which prices (bookmaker average by default) */
  bookmaker?: string;
  /** numeric mode: this rule's statistic `op` a second statistic of the same category, for `withTarget` */
  numeric?: { op: NumericOp; stat: string; withTarget: Target };
}

/** A team statistic is read for a team target; a match statistic only for the Match target. */
export type StatScope = "team" | "match";

export interface StatInfo {
  category: Category;
  stat: string;
  scope: StatScope;
  /** which scanner can evaluate it */
  scanners: ReadonlyArray<"live" | "preMatch">;
}

const team = (category: Category, stat: string, scanners: StatInfo["scanners"]): StatInfo => ({
  category,
  stat,
  scope: "team",
  scanners,
});
const match = (category: Category, stat: string, scanners: StatInfo["scanners"]): StatInfo => ({
  category,
  stat,
  scope: "match",
  scanners,
});
const LIVE = ["live"] as const;
const BOTH = ["live", "preMatch"] as const;
const PRE = ["preMatch"] as const;

/** Statistics of every category except the team events, which `preMatchStats` reads by their team-stats key. */
export const STATS: StatInfo[] = [
  // In-play statistics (SPEC §3 "In-play stats available"), declared in live-statistics.ts: each a team
  // statistic, some also a match total `total.<stat>`; their values come from the live evaluator.
  ...liveStatKeys().team.map((s) => team("liveStats", s, LIVE)),
  ...liveStatKeys().match.map((s) => match("liveStats", s, LIVE)),
  // Odds: a team's win price, and the match's draw, over/under 2.5 and both-teams-to-score prices.
  team("odds", "win", BOTH),
  match("odds", "draw", BOTH),
  match("odds", "over25", BOTH),
  match("odds", "under25", BOTH),
  match("odds", "bttsYes", BOTH),
  match("odds", "bttsNo", BOTH),
  // Time: the live minute, or the kick-off (UTC hour 0–23.99, ISO weekday 1–7) before the match.
  match("time", "minute", LIVE),
  match("time", "kickoffHour", PRE),
  match("time", "kickoffWeekday", PRE),
  // Our probabilities in percent: of the model alone and of the final (market-informed) prediction.
  ...(["model", "final"] as const).flatMap((source) => [
    team("probabilities", `${source}.win`, BOTH),
    match("probabilities", `${source}.draw`, BOTH),
    match("probabilities", `${source}.over25`, BOTH),
    match("probabilities", `${source}.under25`, BOTH),
    match("probabilities", `${source}.btts`, BOTH),
  ]),
  // Standings before kick-off (league table of the season from the matches ended before it).
  team("preMatchStats", "rank", BOTH),
  team("preMatchStats", "points", BOTH),
  team("preMatchStats", "pointsGap", BOTH),
  team("preMatchStats", "played", BOTH),
  match("preMatchStats", "pointsGap", BOTH),
];

/** Bookmaker sources of pre-match odds: the market average, the best price, two bookmakers. */
export const ODDS_BOOKMAKERS = ["Avg", "Max", "B365", "PS"] as const;

const STAT_INDEX = new Map(STATS.map((s) => [`${s.category}:${s.stat}`, s]));

/**
 * The catalogue entry of a statistic; `isTeamEvent` tells whether a preMatchStats key is one of the team events
 * (team scope, both scanners), kept outside this module so that the language does not depend on their list.
 */
export function statInfo(category: Category, stat: string, isTeamEvent: (key: string) => boolean): StatInfo | null {
  const known = STAT_INDEX.get(`${category}:${stat}`);
  if (known) return known;
  // Team events (a team's rate of wins, over 2.5…) before kick-off: the live scanner reads them from the feature store too.
  if (category === "preMatchStats" && isTeamEvent(stat)) return { category, stat, scope: "team", scanners: BOTH };
  return null;
}

/** Targets that need a live score (who is winning); pre-match they do not exist. */
export const LIVE_ONLY_TARGETS: ReadonlySet<Target> = new Set(["LoosingTeam", "WinningTeam"]);
/** Comparators that compare a live value with its pre-match value. */
export const LIVE_ONLY_COMPARATORS: ReadonlySet<Comparator> = new Set(["IncreasedOf", "DecreasedOf"]);

/** Notification lead time of a pre-match filter: how long before kick-off it alerts. */
export const LEAD_UNITS = ["hours", "days"] as const;
export type LeadUnit = (typeof LEAD_UNITS)[number];
export interface LeadTime {
  amount: number;
  unit: LeadUnit;
}
export const MAX_LEAD = { hours: 72, days: 7 } as const;

export function leadTimeMs(lead: LeadTime): number {
  return lead.amount * (lead.unit === "hours" ? 3_600_000 : 86_400_000);
}
