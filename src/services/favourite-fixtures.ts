import { fixturesByIds } from "../db/queries/fixtures.ts";
import { leaguesWithFixtures } from "../db/queries/favourites.ts";
import { addDays, dayRange, isValidTimeZone, localDate } from "../domain/time/zones.ts";
import type { ServiceContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { type FixtureView, groupByLeague, toView } from "./fixtures.ts";
import { type FixturePredictions, createPredictionsService } from "./predictions.ts";

/** Today and the next days: what the favourites page lists of the favourite teams and leagues. */
export const FAVOURITE_FIXTURE_DAYS = 3;

type Listed = FixtureView & { predictions: FixturePredictions | null };

/**
 * The favourite matches, then day by day the fixtures of the favourite teams and leagues (a favourite match
 * is listed once, among the matches), with the free predictions where the range has them.
 */
export async function favouriteFixtures(
  ctx: ServiceContext,
  params: {
    timeZone: string;
    teamIds: number[];
    leagueIds: number[];
    fixtureIds: number[];
    selectedGroupId: number | null;
  },
) {
  if (!isValidTimeZone(params.timeZone)) throw badRequest("apiErrors.timeZone", { zone: params.timeZone });
  const now = ctx.clock.now();
  const today = localDate(now.getTime(), params.timeZone);
  const dates = Array.from({ length: FAVOURITE_FIXTURE_DAYS }, (_, i) => addDays(today, i));
  const from = dayRange(dates[0]!, params.timeZone).from;
  const to = dayRange(dates.at(-1)!, params.timeZone).to;

  const teams = new Set(params.teamIds);
  const leagues = new Set(params.leagueIds);
  const favouriteMatch = new Set(params.fixtureIds);
  const followed = (f: FixtureView) =>
    teams.has(f.localTeam.id) || teams.has(f.visitorTeam.id) || leagues.has(f.league.id);

  const leagueIds = await leaguesWithFixtures(ctx.pool, params.teamIds, params.leagueIds, from, to);
  const matchRows = await fixturesByIds(ctx.pool, params.fixtureIds, now);
  const matchLeagues = matchRows.filter((r) => r.kickoff >= from && r.kickoff < to).map((r) => r.leagueId);
  const inRange: Listed[] =
    leagueIds.length + matchLeagues.length > 0
      ? (
          await createPredictionsService(ctx).inRange({
            from,
            to,
            leagueIds: [...new Set([...leagueIds, ...matchLeagues])],
            includePremium: false,
          })
        ).filter((f) => followed(f) || favouriteMatch.has(f.id))
      : [];

  const listed = new Map(inRange.map((f) => [f.id, f]));
  const matches = matchRows
    .map((row) => listed.get(row.id) ?? { ...toView(row, now), predictions: null })
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.id - b.id);

  const others = inRange.filter((f) => !favouriteMatch.has(f.id) && followed(f));
  const days = dates.map((date) => ({
    date,
    groups: groupByLeague(others.filter((f) => localDate(Date.parse(f.kickoff), params.timeZone) === date)),
  }));
  return {
    today,
    matchCount: matches.length,
    matches: groupByLeague(matches),
    days,
    selectedGroupId: params.selectedGroupId,
    following: { teams: teams.size, leagues: leagues.size },
  };
}
