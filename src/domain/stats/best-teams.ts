import { type TeamMatch, countEvents, newestFirst } from "./team-events.ts";

/**
 * Best teams by market (SPEC §3 "Best-teams filter state", §4 "Event selection"): the teams with the best
 * rate of the chosen events over their last N matches. Pure.
 */

export const DEFAULT_EVENT = "O25";
export const DEFAULT_QUOTES: readonly [number, number] = [1, 4];
export const DEFAULT_PROBABILITIES: readonly [number, number] = [1, 100];
export const DEFAULT_MATCHES_QUANTITY = 5;
export const MAX_MATCHES_QUANTITY = 20;

/** The events the page offers to choose from (team events that are also markets of our predictions). */
export const BEST_TEAMS_EVENTS = [
  "W",
  "D",
  "L",
  "O15",
  "O25",
  "O35",
  "U25",
  "U35",
  "GG",
  "NG",
  "HT_O05",
  "HT_O15",
  "2H_O05",
  "2H_O15",
  "TS_O05",
  "TS_O15",
  "CS",
  "FTS",
  "C_O85",
  "C_O95",
  "C_O105",
] as const;

export interface BestTeamsFilter {
  bestLeagueEvent: string | null;
  selectedEvents: string[];
  leagues: number[];
  league: number | null;
  datesInterval: { from: string; to: string } | null;
  bmQuotesInterval: [number, number];
  matchesQuantity: number;
  probabilitiesInterval: [number, number];
  isEdited: boolean;
}

export function defaultFilter(): BestTeamsFilter {
  return {
    bestLeagueEvent: null,
    selectedEvents: [DEFAULT_EVENT],
    leagues: [],
    league: null,
    datesInterval: null,
    bmQuotesInterval: [DEFAULT_QUOTES[0], DEFAULT_QUOTES[1]],
    matchesQuantity: DEFAULT_MATCHES_QUANTITY,
    probabilitiesInterval: [DEFAULT_PROBABILITIES[0], DEFAULT_PROBABILITIES[1]],
    isEdited: false,
  };
}

/** Choosing an already-selected event removes it; otherwise it is added (SPEC §4). */
export function toggleEvent(selected: readonly string[], event: string): string[] {
  return selected.includes(event) ? selected.filter((e) => e !== event) : [...selected, event];
}

/** Reset returns to a single Over 2.5 selection and every other default. */
export function resetFilter(): BestTeamsFilter {
  return defaultFilter();
}

/** The SPEC §4 "has changes" rule of the best-teams filter. */
export function hasChanges(
  f: Pick<
    BestTeamsFilter,
    | "selectedEvents"
    | "bestLeagueEvent"
    | "leagues"
    | "league"
    | "bmQuotesInterval"
    | "matchesQuantity"
    | "probabilitiesInterval"
  > &
    Partial<BestTeamsFilter>,
): boolean {
  return (
    !(f.selectedEvents.length === 1 && f.selectedEvents[0] === DEFAULT_EVENT) ||
    (f.bestLeagueEvent !== null && f.bestLeagueEvent !== "") ||
    f.leagues.length > 0 ||
    f.league !== null ||
    f.bmQuotesInterval[0] !== DEFAULT_QUOTES[0] ||
    f.bmQuotesInterval[1] !== DEFAULT_QUOTES[1] ||
    f.matchesQuantity !== DEFAULT_MATCHES_QUANTITY ||
    f.probabilitiesInterval[0] !== DEFAULT_PROBABILITIES[0] ||
    f.probabilitiesInterval[1] !== DEFAULT_PROBABILITIES[1]
  );
}

export interface TeamRate {
  teamId: number;
  event: string;
  occurrences: number;
  totalMatches: number;
  rate: number;
}

/**
 * Rate of each chosen event over each team's last `matchesQuantity` matches, best first (ties: more matches,
 * then team id). A team needs `matchesQuantity` matches the data can judge.
 */
export function rankTeams(
  teams: Array<{ teamId: number; matches: TeamMatch[] }>,
  events: readonly string[],
  matchesQuantity: number,
): TeamRate[] {
  const rows: TeamRate[] = [];
  for (const team of teams) {
    const last = newestFirst(team.matches).slice(0, matchesQuantity);
    const counts = countEvents(last, events).events;
    for (const event of events) {
      const c = counts[event]!;
      if (c.totalMatches < matchesQuantity) continue;
      rows.push({
        teamId: team.teamId,
        event,
        occurrences: c.occurrences,
        totalMatches: c.totalMatches,
        rate: c.occurrences / c.totalMatches,
      });
    }
  }
  return rows.sort(
    (a, b) => b.rate - a.rate || b.occurrences - a.occurrences || a.teamId - b.teamId || a.event.localeCompare(b.event),
  );
}

/** Whether a value known for a fixture passes a range filter; an unknown value passes only while the range is the default. */
export function inRange(
  value: number | null,
  range: readonly [number, number],
  defaults: readonly [number, number],
): boolean {
  if (value === null) return range[0] === defaults[0] && range[1] === defaults[1];
  return value >= range[0] && value <= range[1];
}
