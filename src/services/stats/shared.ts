import type { FixtureRow } from "../../db/queries/fixtures.ts";
import type { GoalKey, RateParam } from "../../domain/stats/advanced-filter.ts";
import { type ParsedFilter, parseFilterQuery } from "../../domain/stats/filter-criteria.ts";
import type { FixtureRates } from "../../domain/stats/team-rates.ts";
import { badRequest } from "../errors.ts";
import type { FixtureView } from "../fixtures.ts";

export const DAY_MS = 86_400_000;
const MAX_NAME = 100;

export interface DayEntry {
  version: number;
  /** site time of the computation */
  computedAt: number;
  facts: Promise<Map<number, FixtureEntry>>;
  ready: boolean;
  refreshing?: boolean;
}

export interface FixtureEntry {
  row: FixtureRow;
  /** the fixture as shown before kick-off (the only time it is listed) */
  view: FixtureView;
  /** the listed item and its JSON, per event code, made on first use */
  byEvent: Map<string, { item: AdvancedFilterFixture; json: string }>;
  rates: FixtureRates;
  /** probability of every filter event, by event code */
  probabilities: Record<string, number>;
  /** pre-match bookmaker prices by outcome key */
  prices: Partial<Record<string, number>>;
}

export interface AdvancedFilterFixture {
  fixture: FixtureView;
  event: string;
  probability: number;
  odd: number;
  /** false: no bookmaker price for this event, the odd is the fair one (1 / probability) */
  bookmakerOdd: boolean;
  rates: Record<RateParam, number | null>;
  goals: Record<GoalKey, number | null>;
}

export const cleanName = (name: unknown) => (typeof name === "string" ? name.trim().slice(0, MAX_NAME) : "");

export function parse(raw: Record<string, string | undefined>): ParsedFilter {
  const parsed = parseFilterQuery(raw);
  if (!parsed.ok) throw badRequest(parsed.key, parsed.params);
  return parsed.value;
}
