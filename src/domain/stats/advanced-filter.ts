/**
 * The advanced statistical filter (SPEC §2.2, §3, §4, §5, §7.2): its events, its state with the
 * 'has changes' and reset rules, and the query it sends (filter-criteria.ts reads that query on the
 * server and tests a fixture's facts). Pure: no I/O, no clock.
 */
import { type MarketKey, isPremiumMarket } from "../predictions/markets.ts";

export interface FilterEvent {
  /** the API value of the event */
  code: string;
  /** outcome key of the markets and of `outcomeHappened` */
  outcome: MarketKey;
  /** from the outcome: FREE_MARKETS in domain/predictions/markets.ts is the one declaration */
  premium: boolean;
}

const ev = (code: string, outcome: MarketKey): FilterEvent => ({ code, outcome, premium: isPremiumMarket(outcome) });

/** SPEC §3 "Statistical filter events", then those of SPEC §6 (1X2, halves, corners 7.5/8.5). */
export const FILTER_EVENTS: FilterEvent[] = [
  ev("U15", "U15"),
  ev("O15", "O15"),
  ev("U25", "U25"),
  ev("O25", "O25"),
  ev("U35", "U35"),
  ev("O35", "O35"),
  ev("GG", "GG"),
  ev("NG", "NG"),
  ev("M05HT", "HT_U05"),
  ev("P05HT", "HT_O05"),
  ev("M15HT", "HT_U15"),
  ev("P15HT", "HT_O15"),
  ev("CU95", "C_U95"),
  ev("CO95", "C_O95"),
  ev("CU105", "C_U105"),
  ev("CO105", "C_O105"),
  ev("X", "X"),
  ev("1", "1"),
  ev("2", "2"),
  ev("HT1", "HT_1"),
  ev("HTX", "HT_X"),
  ev("HT2", "HT_2"),
  ev("M05SH", "2H_U05"),
  ev("P05SH", "2H_O05"),
  ev("M15SH", "2H_U15"),
  ev("P15SH", "2H_O15"),
  ev("CU75", "C_U75"),
  ev("CO75", "C_O75"),
  ev("CU85", "C_U85"),
  ev("CO85", "C_O85"),
];

export const DEFAULT_EVENT = "O25";

export function eventByCode(code: string): FilterEvent | undefined {
  return FILTER_EVENTS.find((e) => e.code === code);
}

/** Rate thresholds (minimum percentage, 1–100) and what each measures, by query parameter. */
export const RATE_PARAMS = [
  "homePercentage", // the home team's last 10 matches (any venue)
  "visitorPercentage", // the visitor's last 10 matches (any venue)
  "minLeaguePercentage", // the league's matches of the season
  "homeTeamLeaguePercentage", // the home team's home matches of the season
  "visitorTeamLeaguePercentage", // the visitor's away matches of the season
  "homeTeamOverallLeaguePercentage", // all the home team's matches of the season
  "visitorTeamOverallLeaguePercentage", // all the visitor's matches of the season
  "head2head", // the last 10 meetings of the two teams
] as const;
export type RateParam = (typeof RATE_PARAMS)[number];

/**
 * Average goals per match, scored or conceded, of the home ("Home") or the visiting ("Away") team, over:
 * Last5 — its last 5 matches; Last5Venue — its last 5 at the venue it plays at (home team at home, visitor away);
 * Season — its matches of the season; SeasonHome / SeasonAway — its home / away matches of the season.
 */
export const GOAL_SIDES = ["Home", "Away"] as const;
export const GOAL_STATS = ["Scored", "Conceded"] as const;
export const GOAL_SCOPES = ["Last5", "Last5Venue", "Season", "SeasonHome", "SeasonAway"] as const;
export type GoalSide = (typeof GOAL_SIDES)[number];
export type GoalStat = (typeof GOAL_STATS)[number];
export type GoalScope = (typeof GOAL_SCOPES)[number];
/** e.g. "HomeScoredLast5": the key of a goals range; its query parameters are minHomeScoredLast5 and maxHomeScoredLast5 */
export type GoalKey = `${GoalSide}${GoalStat}${GoalScope}`;
export const GOAL_KEYS: GoalKey[] = GOAL_SIDES.flatMap((side) =>
  GOAL_STATS.flatMap((stat) => GOAL_SCOPES.map((scope) => `${side}${stat}${scope}` as GoalKey)),
);

/** Options of a goals range: 0 to 4, where 4 is "ten or more" and is sent as 10 (SPEC §5). */
export const GOAL_OPTIONS = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4] as const;
export const GOAL_TOP = 4;
export const GOAL_TOP_SENT = 10;

export type Range = [number, number];
export const QUOTES_DEFAULT: Range = [1, 4];
/** Resetting the quotes range sets 1.1–4 (a price of 1 is never offered). */
export const QUOTES_RESET: Range = [1.1, 4];
export const PROBABILITY_DEFAULT: Range = [1, 100];

export type DatesInterval = "today" | "tomorrow" | "next3" | "week";
export const DATES_INTERVALS: DatesInterval[] = ["today", "tomorrow", "next3", "week"];
export const DATES_DAYS: Record<DatesInterval, [number, number]> = {
  today: [0, 1],
  tomorrow: [1, 2],
  next3: [0, 3],
  week: [0, 7],
};

export interface FilterState {
  event: string | null;
  leagues: number[];
  datesInterval: DatesInterval | null;
  rates: Partial<Record<RateParam, number | null>>;
  goals: Partial<Record<GoalKey, { min: number | null; max: number | null }>>;
  quotes: Range;
  probabilities: Range;
}

export function initialState(): FilterState {
  return {
    event: DEFAULT_EVENT,
    leagues: [],
    datesInterval: null,
    rates: {},
    goals: {},
    quotes: [...QUOTES_DEFAULT],
    probabilities: [...PROBABILITY_DEFAULT],
  };
}

const sameRange = (a: Range, b: Range) => a[0] === b[0] && a[1] === b[1];
const isSet = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v) && v !== 0;

/**
 * SPEC §4: has changes when an event other than O25 is chosen, a league is chosen, a rate is set and
 * non-zero, a goals range differs from its default, or the quotes or probability range differs from its
 * default (1–4, or the 1.1–4 a reset sets; 1–100).
 */
export function hasChanges(s: FilterState): boolean {
  if (s.event !== null && s.event !== DEFAULT_EVENT) return true;
  if (s.leagues.length > 0) return true;
  if (Object.values(s.rates).some(isSet)) return true;
  if (Object.values(s.goals).some((g) => g !== undefined && (isSet(g.min) || (g.max !== null && g.max !== GOAL_TOP))))
    return true;
  if (!sameRange(s.quotes, QUOTES_DEFAULT) && !sameRange(s.quotes, QUOTES_RESET)) return true;
  return !sameRange(s.probabilities, PROBABILITY_DEFAULT);
}

/** Reset all: event, leagues, dates, every rate, every goals range, quotes (to 1.1–4) and probabilities. */
export function resetAll(): FilterState {
  return {
    event: null,
    leagues: [],
    datesInterval: null,
    rates: {},
    goals: {},
    quotes: [...QUOTES_RESET],
    probabilities: [...PROBABILITY_DEFAULT],
  };
}

/** Resetting the event clears only the event. */
export function resetEvent(s: FilterState): FilterState {
  return { ...s, event: null };
}

/** League toggle: adds the league if absent, removes it if present. */
export function toggleLeague(s: FilterState, leagueId: number): FilterState {
  return {
    ...s,
    leagues: s.leagues.includes(leagueId) ? s.leagues.filter((l) => l !== leagueId) : [...s.leagues, leagueId],
  };
}

/** The value of a goals threshold as sent: 4 ("ten or more") becomes 10; empty or zero is not sent. */
export function goalValueSent(v: number | null | undefined): number | null {
  if (!isSet(v)) return null;
  return v === GOAL_TOP ? GOAL_TOP_SENT : v;
}

/**
 * The variable query of GET fixtures/advanced-filters (SPEC §7.2): empty and zero values omitted, a goals
 * value of 4 sent as 10, the quotes range always sent, the default probability range left out, leagueIds comma-joined.
 */
export function toQuery(s: FilterState, dates?: { from: string; to: string }): Record<string, string> {
  const q: Record<string, string> = {};
  if (dates) {
    q.from = dates.from;
    q.to = dates.to;
  }
  if (s.event) q.event = s.event;
  // The quotes range is always sent (the API's own default is no upper limit); empty or zero ends are not.
  if (isSet(s.quotes[0])) q.minOdd = String(s.quotes[0]);
  if (isSet(s.quotes[1])) q.maxOdd = String(s.quotes[1]);
  if (!sameRange(s.probabilities, PROBABILITY_DEFAULT)) {
    q.minProbability = String(s.probabilities[0]);
    q.maxProbability = String(s.probabilities[1]);
  }
  for (const key of RATE_PARAMS) {
    const v = s.rates[key];
    if (isSet(v)) q[key] = String(v);
  }
  if (s.leagues.length) q.leagueIds = s.leagues.join(",");
  for (const key of GOAL_KEYS) {
    const g = s.goals[key];
    const min = goalValueSent(g?.min);
    const max = goalValueSent(g?.max);
    if (min !== null) q[`min${key}`] = String(min);
    if (max !== null) q[`max${key}`] = String(max);
  }
  return q;
}

const num = (v: string | null | undefined): number | null => {
  if (v === null || v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Back from a query (the page's URL) to a state; a goals value of 10 shows as the top option 4. */
export function fromQuery(params: URLSearchParams): FilterState {
  const s = initialState();
  const event = params.get("event");
  s.event = event ? event : params.has("reset") ? null : DEFAULT_EVENT;
  s.leagues = (params.get("leagueIds") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const range = (a: string, b: string, d: Range): Range => [num(params.get(a)) ?? d[0], num(params.get(b)) ?? d[1]];
  s.quotes = range("minOdd", "maxOdd", params.has("reset") ? QUOTES_RESET : QUOTES_DEFAULT);
  s.probabilities = range("minProbability", "maxProbability", PROBABILITY_DEFAULT);
  for (const key of RATE_PARAMS) {
    const v = num(params.get(key));
    if (isSet(v)) s.rates[key] = v;
  }
  const shown = (v: number | null) => (v === null || v === 0 ? null : v >= GOAL_TOP_SENT ? GOAL_TOP : v);
  for (const key of GOAL_KEYS) {
    const min = shown(num(params.get(`min${key}`)));
    const max = shown(num(params.get(`max${key}`)));
    if (min !== null || max !== null) s.goals[key] = { min, max };
  }
  const interval = params.get("dates");
  s.datesInterval = DATES_INTERVALS.find((d) => d === interval) ?? null;
  return s;
}
