import { type PlayedFacts, outcomeHappened } from "../predictions/kinds.ts";
import { type FilterEvent, GOAL_KEYS, type GoalKey, RATE_PARAMS, type RateParam } from "./advanced-filter.ts";

/** A match that has ended, as the rates read it. */
export interface PlayedMatch extends PlayedFacts {
  id: number;
  seasonId: number;
  homeId: number;
  awayId: number;
  kickoffMs: number;
}

export interface UpcomingFixture {
  id: number;
  seasonId: number;
  homeId: number;
  awayId: number;
  kickoffMs: number;
}

/** A match is over 105 minutes after kick-off (90 minutes and the break). */
export const MATCH_MS = 105 * 60_000;
const LAST_N = 10;
const GOALS_LAST_N = 5;

export interface FixtureRates {
  /** by event code: each rate 0–1, null when there is no match to count */
  rates: Record<string, Record<RateParam, number | null>>;
  goals: Record<GoalKey, number | null>;
  /** how many matches each sample had, for the page */
  samples: { home: number; away: number; h2h: number };
}

/**
 * The history, indexed once: matches by team and by season, newest first. Every rate of a fixture is then
 * read only from matches that had ended before its kick-off (walk-forward), whatever the history holds.
 */
export class History {
  private byTeam = new Map<number, PlayedMatch[]>();
  private bySeason = new Map<number, PlayedMatch[]>();
  private byPair = new Map<string, PlayedMatch[]>();
  private outcomes = new Map<number, Map<string, boolean | null>>();

  /** `meetings`: past head-to-head matches of the fixtures' pairs, older than `matches` may reach. */
  constructor(
    matches: PlayedMatch[],
    private readonly events: FilterEvent[],
    meetings: PlayedMatch[] = [],
  ) {
    for (const m of [...meetings].sort((a, b) => b.kickoffMs - a.kickoffMs || b.id - a.id))
      push(this.byPair, pairKey(m.homeId, m.awayId), m);
    const sorted = [...matches].sort((a, b) => b.kickoffMs - a.kickoffMs || b.id - a.id);
    const seen = new Set<number>();
    for (const m of sorted) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      push(this.byTeam, m.homeId, m);
      push(this.byTeam, m.awayId, m);
      push(this.bySeason, m.seasonId, m);
    }
  }

  private happened(m: PlayedMatch, e: FilterEvent): boolean | null {
    let row = this.outcomes.get(m.id);
    if (!row) {
      row = new Map();
      this.outcomes.set(m.id, row);
    }
    let v = row.get(e.outcome);
    if (v === undefined) {
      v = outcomeHappened(e.outcome, m);
      row.set(e.outcome, v);
    }
    return v;
  }

  private rate(list: PlayedMatch[], e: FilterEvent): number | null {
    let hits = 0;
    let known = 0;
    for (const m of list) {
      const v = this.happened(m, e);
      if (v === null) continue;
      known++;
      if (v) hits++;
    }
    return known ? hits / known : null;
  }

  /** The rates and goal averages of one fixture, from matches that ended before its kick-off. */
  ratesOf(f: UpcomingFixture): FixtureRates {
    const before = (list: PlayedMatch[] | undefined) =>
      (list ?? []).filter((m) => m.kickoffMs + MATCH_MS <= f.kickoffMs);
    const home = before(this.byTeam.get(f.homeId));
    const away = before(this.byTeam.get(f.awayId));
    const league = before(this.bySeason.get(f.seasonId));
    const homeSeason = home.filter((m) => m.seasonId === f.seasonId);
    const awaySeason = away.filter((m) => m.seasonId === f.seasonId);
    const meetings = this.byPair.get(pairKey(f.homeId, f.awayId));
    const h2h = (
      meetings ? before(meetings) : home.filter((m) => m.homeId === f.awayId || m.awayId === f.awayId)
    ).slice(0, LAST_N);
    const samples: Record<RateParam, PlayedMatch[]> = {
      homePercentage: home.slice(0, LAST_N),
      visitorPercentage: away.slice(0, LAST_N),
      minLeaguePercentage: league,
      homeTeamLeaguePercentage: homeSeason.filter((m) => m.homeId === f.homeId),
      visitorTeamLeaguePercentage: awaySeason.filter((m) => m.awayId === f.awayId),
      homeTeamOverallLeaguePercentage: homeSeason,
      visitorTeamOverallLeaguePercentage: awaySeason,
      head2head: h2h,
    };
    const rates: FixtureRates["rates"] = {};
    for (const e of this.events) {
      const r = {} as Record<RateParam, number | null>;
      for (const key of RATE_PARAMS) r[key] = this.rate(samples[key], e);
      rates[e.code] = r;
    }
    const goals = {} as Record<GoalKey, number | null>;
    for (const key of GOAL_KEYS) {
      const side = key.startsWith("Home") ? "Home" : "Away";
      const team = side === "Home" ? f.homeId : f.awayId;
      const list = side === "Home" ? home : away;
      const season = side === "Home" ? homeSeason : awaySeason;
      const scored = key.includes("Scored");
      const scope = key.slice(side.length + (scored ? 6 : 8));
      const atVenue = (m: PlayedMatch) => (side === "Home" ? m.homeId === team : m.awayId === team);
      const sample =
        scope === "Last5"
          ? list.slice(0, GOALS_LAST_N)
          : scope === "Last5Venue"
            ? list.filter(atVenue).slice(0, GOALS_LAST_N)
            : scope === "Season"
              ? season
              : scope === "SeasonHome"
                ? season.filter((m) => m.homeId === team)
                : season.filter((m) => m.awayId === team);
      goals[key] = averageGoals(sample, team, scored);
    }
    return { rates, goals, samples: { home: home.length, away: away.length, h2h: h2h.length } };
  }
}

const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

function push<K>(map: Map<K, PlayedMatch[]>, key: K, m: PlayedMatch) {
  const list = map.get(key);
  if (list) list.push(m);
  else map.set(key, [m]);
}

/** Mean goals per match scored (or conceded) by `team`; null without matches. */
export function averageGoals(list: PlayedMatch[], team: number, scored: boolean): number | null {
  if (list.length === 0) return null;
  let sum = 0;
  for (const m of list) {
    const isHome = m.homeId === team;
    sum += scored === isHome ? m.ftHome : m.ftAway;
  }
  return sum / list.length;
}
