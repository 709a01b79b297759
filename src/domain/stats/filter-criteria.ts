/**
 * The server's side of the advanced filter: reading its query into criteria (or a refusal naming the bad
 * parameter) and testing a fixture's facts against them.
 */
import { isId } from "../ids.ts";
import {
  DEFAULT_EVENT,
  type FilterEvent,
  GOAL_KEYS,
  GOAL_TOP_SENT,
  type GoalKey,
  PROBABILITY_DEFAULT,
  RATE_PARAMS,
  type RateParam,
  eventByCode,
} from "./advanced-filter.ts";

/** The parsed criteria the server applies (after validation). */
export interface FilterCriteria {
  event: FilterEvent;
  minOdd: number;
  maxOdd: number;
  /** percentages */
  minProbability: number;
  maxProbability: number;
  rates: Partial<Record<RateParam, number>>;
  goals: Partial<Record<GoalKey, { min?: number; max?: number }>>;
}

/** The facts of one fixture for one event: its probability, price and the walk-forward rates (0–1, null without matches). */
export interface FixtureFacts {
  probability: number | null;
  /** bookmaker's pre-match price when known, else the fair odd */
  odd: number | null;
  rates: Record<RateParam, number | null>;
  goals: Record<GoalKey, number | null>;
}

/** Whether a fixture's facts pass every criterion; an unknown rate or average fails a set threshold. */
export function passes(f: FixtureFacts, c: FilterCriteria): boolean {
  if (f.probability === null || f.odd === null) return false;
  if (f.odd < c.minOdd || f.odd > c.maxOdd) return false;
  const pct = f.probability * 100;
  if (pct < c.minProbability || pct > c.maxProbability) return false;
  for (const [key, min] of Object.entries(c.rates) as Array<[RateParam, number]>) {
    const rate = f.rates[key];
    if (rate === null || rate * 100 < min) return false;
  }
  for (const [key, range] of Object.entries(c.goals) as Array<[GoalKey, { min?: number; max?: number }]>) {
    const avg = f.goals[key];
    if (avg === null) return false;
    if (range.min !== undefined && avg < range.min) return false;
    if (range.max !== undefined && avg > range.max) return false;
  }
  return true;
}

export interface ParsedFilter {
  criteria: FilterCriteria;
  leagueIds: number[];
  /** whether the query uses something only premium members may: a premium event or a probability range */
  usesPremium: boolean;
  /** the query as it would be sent again (normalized): for saved configurations */
  normalized: Record<string, string>;
}

/**
 * Reads the variable query of the filter. Empty and zero values count as not given (SPEC §5), the top goals
 * value 10 means "ten or more" (no upper bound). Returns a message naming the bad parameter otherwise.
 */
const isRefusal = (v: unknown): v is FilterQueryError =>
  typeof v === "object" && v !== null && (v as FilterQueryError).ok === false;

/** A refusal of the filter's query: a message key of the locale files (apiErrors.*), its values, and the English text. */
export interface FilterQueryError {
  ok: false;
  key: string;
  params: Record<string, string | number>;
  error: string;
}
const refuse = (key: string, params: Record<string, string | number>, error: string): FilterQueryError => ({
  ok: false,
  key,
  params,
  error,
});

export function parseFilterQuery(
  raw: Record<string, string | undefined>,
): { ok: true; value: ParsedFilter } | FilterQueryError {
  const given = (k: string) => {
    const v = raw[k]?.trim();
    return v === undefined || v === "" ? null : v;
  };
  const normalized: Record<string, string> = {};
  const number = (k: string, min: number, max: number): number | null | FilterQueryError => {
    const v = given(k);
    if (v === null) return null;
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n) || n < min || n > max)
      return refuse("apiErrors.numberRange", { field: k, min, max }, `${k}: must be a number from ${min} to ${max}`);
    if (n === 0) return null;
    normalized[k] = String(n);
    return n;
  };
  const eventCode = given("event") ?? DEFAULT_EVENT;
  const event = eventByCode(eventCode);
  if (!event)
    return refuse("apiErrors.unknownEvent", { field: "event", events: eventCode }, `event: unknown event ${eventCode}`);
  normalized.event = event.code;
  const minOdd = number("minOdd", 0, 1000);
  const maxOdd = number("maxOdd", 0, 1000);
  const minProbability = number("minProbability", 0, 100);
  const maxProbability = number("maxProbability", 0, 100);
  for (const v of [minOdd, maxOdd, minProbability, maxProbability]) if (isRefusal(v)) return v;
  const criteria: FilterCriteria = {
    event,
    minOdd: (minOdd as number | null) ?? 1,
    maxOdd: (maxOdd as number | null) ?? 1000,
    minProbability: (minProbability as number | null) ?? PROBABILITY_DEFAULT[0],
    maxProbability: (maxProbability as number | null) ?? PROBABILITY_DEFAULT[1],
    rates: {},
    goals: {},
  };
  if (criteria.minOdd > criteria.maxOdd)
    return refuse("apiErrors.minAboveMax", { min: "minOdd", max: "maxOdd" }, "minOdd must not be above maxOdd");
  if (criteria.minProbability > criteria.maxProbability) {
    return refuse(
      "apiErrors.minAboveMax",
      { min: "minProbability", max: "maxProbability" },
      "minProbability must not be above maxProbability",
    );
  }
  for (const key of RATE_PARAMS) {
    const v = number(key, 0, 100);
    if (isRefusal(v)) return v;
    if (v !== null) criteria.rates[key] = v;
  }
  for (const key of GOAL_KEYS) {
    const min = number(`min${key}`, 0, GOAL_TOP_SENT);
    const max = number(`max${key}`, 0, GOAL_TOP_SENT);
    if (isRefusal(min)) return min;
    if (isRefusal(max)) return max;
    if (min !== null && max !== null && min > max)
      return refuse(
        "apiErrors.minAboveMax",
        { min: `min${key}`, max: `max${key}` },
        `min${key} must not be above max${key}`,
      );
    const range: { min?: number; max?: number } = {};
    if (min !== null) range.min = min;
    // "ten or more" has no upper bound
    if (max !== null && max < GOAL_TOP_SENT) range.max = max;
    if (range.min !== undefined || range.max !== undefined) criteria.goals[key] = range;
  }
  const leagues = given("leagueIds");
  const leagueIds =
    leagues === null
      ? []
      : leagues
          .split(",")
          .filter((s) => s.trim() !== "")
          .map(Number);
  if (leagueIds.some((n) => !isId(n)) || !/^[\d,\s]*$/.test(leagues ?? "")) {
    return refuse("apiErrors.leagueIds", { field: "leagueIds" }, "leagueIds: must be league ids joined by commas");
  }
  if (leagueIds.length) normalized.leagueIds = [...new Set(leagueIds)].join(",");
  const usesPremium =
    event.premium ||
    criteria.minProbability !== PROBABILITY_DEFAULT[0] ||
    criteria.maxProbability !== PROBABILITY_DEFAULT[1];
  return { ok: true, value: { criteria, leagueIds: [...new Set(leagueIds)], usesPremium, normalized } };
}
