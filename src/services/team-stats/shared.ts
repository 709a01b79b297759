import type { TeamStats } from "../../domain/stats/team-events.ts";
import type { Trend, TrendCandidate } from "../../domain/stats/trends.ts";
import { badRequest } from "../errors.ts";
import type { FixtureView } from "../fixtures.ts";

export const DAY_MS = 86_400_000;
export const MAX_UPCOMING = 400;
/** Matches behind the last-10 and last-5 windows: enough for ten at home and ten away. */
export const RECENT_MATCHES = 20;

export type TrendsTab = "AllTrends" | "TopTrends";

export interface TrendItem {
  fixture: FixtureView;
  team: { id: number; name: string; side: "local" | "visitor" };
  trend: Trend;
}

export interface BestTeamsQuery {
  events: string[];
  leagueIds?: number[];
  from?: Date;
  to?: Date;
  minOdd: number;
  maxOdd: number;
  matchesQuantity: number;
  minProbability: number;
  maxProbability: number;
}

export interface BestTeamRow {
  team: { id: number; name: string };
  event: string;
  occurrences: number;
  totalMatches: number;
  rate: number;
  fixture: FixtureView;
  /** our probability of the event in that fixture (0–1), where it is a market we predict */
  probability: number | null;
  /** the bookmaker's pre-match price, where the data has one for this market */
  odds: number | null;
}

export function range(from: Date | undefined, to: Date | undefined, now: Date, defaultDays: number, maxDays: number) {
  const start = from ?? now;
  const end = to ?? new Date(start.getTime() + defaultDays * DAY_MS);
  if (end <= start) throw badRequest("apiErrors.rangeOrder");
  if (end.getTime() - start.getTime() > maxDays * DAY_MS) throw badRequest("apiErrors.rangeSpan", { days: maxDays });
  return { from: start, to: end };
}

/** What a team's trends are made from: its event counts (for the base rates of a range) and its candidate runs. */
export interface TeamTrendFacts {
  counts: Record<string, [number, number]>;
  candidates: TrendCandidate[];
}

export interface PreMatchStats {
  before: string;
  localTeam: TeamStats;
  visitorTeam: TeamStats;
}
