import { type FixtureRow, fixturesInRange } from "../db/queries/fixtures.ts";
import { type MatchStatus, matchState } from "../domain/replay/match-state.ts";
import { addDays, dayRange, isValidTimeZone, localDate } from "../domain/time/zones.ts";
import type { ServiceContext } from "./context.ts";
import { badRequest } from "./errors.ts";

export interface FixtureView {
  id: number;
  kickoff: string;
  status: MatchStatus;
  minute: number | null;
  score: { home: number; away: number } | null;
  halfTimeScore: { home: number; away: number } | null;
  league: {
    id: number;
    name: string;
    tier: number;
    season: string;
    country: { id: number; name: string; code: string };
  };
  localTeam: { id: number; name: string };
  visitorTeam: { id: number; name: string };
}

const MAX_RANGE_DAYS = 31;
const MAX_FIXTURES = 5000;

export function toView(row: FixtureRow, now: Date): FixtureView {
  const state = matchState(row.id, row.kickoff.getTime(), now.getTime(), row);
  return {
    id: row.id,
    kickoff: row.kickoff.toISOString(),
    status: state.status,
    minute: state.minute,
    score: state.score,
    halfTimeScore: state.halfTimeScore,
    league: {
      id: row.leagueId,
      name: row.leagueName,
      tier: row.leagueTier,
      season: row.seasonName,
      country: { id: row.countryId, name: row.countryName, code: row.countryCode },
    },
    localTeam: { id: row.homeTeamId, name: row.homeTeamName },
    visitorTeam: { id: row.awayTeamId, name: row.awayTeamName },
  };
}

export function groupByLeague<F extends FixtureView>(
  fixtures: F[],
): Array<{ league: FixtureView["league"]; fixtures: F[] }> {
  const groups = new Map<number, { league: FixtureView["league"]; fixtures: F[] }>();
  for (const fixture of fixtures) {
    let group = groups.get(fixture.league.id);
    if (!group) {
      group = { league: fixture.league, fixtures: [] };
      groups.set(fixture.league.id, group);
    }
    group.fixtures.push(fixture);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.league.country.name.localeCompare(b.league.country.name) ||
      a.league.tier - b.league.tier ||
      a.league.name.localeCompare(b.league.name),
  );
}

export function createFixturesService(ctx: ServiceContext) {
  return {
    /** Fixtures kicking off in [from, to), each as known at this moment. */
    async inRange(params: { from: Date; to: Date; leagueIds?: number[] }): Promise<FixtureView[]> {
      if (params.to <= params.from) throw badRequest("apiErrors.rangeOrder");
      if (params.to.getTime() - params.from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
        throw badRequest("apiErrors.rangeSpan", { days: MAX_RANGE_DAYS });
      }
      const now = ctx.clock.now();
      const rows = await fixturesInRange(ctx.pool, { ...params, now, limit: MAX_FIXTURES });
      return rows.map((row) => toView(row, now));
    },

    /** A calendar day of fixtures in the visitor's zone, grouped by country and league. */
    async day(params: { date?: string; timeZone: string }) {
      if (!isValidTimeZone(params.timeZone)) throw badRequest("apiErrors.timeZone", { zone: params.timeZone });
      const today = localDate(ctx.clock.now().getTime(), params.timeZone);
      const date = params.date ?? today;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRequest("apiErrors.dateFormat", { field: "date" });
      const { from, to } = dayRange(date, params.timeZone);
      const fixtures = await this.inRange({ from, to });
      return {
        date,
        today,
        previous: addDays(date, -1),
        next: addDays(date, 1),
        live: fixtures.filter((f) => f.status === "live" || f.status === "halftime").length,
        groups: groupByLeague(fixtures),
      };
    },
  };
}
