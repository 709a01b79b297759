import * as q from "../../db/queries/favourites.ts";
import { refusalKey } from "../../domain/favourites/index.ts";
import type { User } from "../accounts.ts";
import { ServiceError } from "../errors.ts";
import { LeagueInput, MatchInput, checkId, parseInput } from "../favourites-input.ts";

import { type FavouriteLeagueView, notFound } from "./shared.ts";
import type { FavouritesDeps } from "./deps.ts";

export async function leagues(d: FavouritesDeps, user: User): Promise<FavouriteLeagueView[]> {
  const { ctx } = d;
  return q.leaguesOf(ctx.pool, user.id);
}

/** Kept without duplicates: adding a favourite league again changes nothing. */
export async function addLeague(d: FavouritesDeps, user: User, input: unknown): Promise<FavouriteLeagueView[]> {
  const { ctx, now } = d;
  const { league } = parseInput(LeagueInput, input, "favourites.errors.invalidLeague");
  if (!(await q.leagueById(ctx.pool, league.id))) throw notFound("unknownLeague");
  await q.addLeagues(ctx.pool, user.id, [league.id], now());
  return q.leaguesOf(ctx.pool, user.id);
}

export async function removeLeague(d: FavouritesDeps, user: User, leagueId: number): Promise<void> {
  const { ctx } = d;
  checkId(leagueId, "favourites.errors.invalidLeague");
  if (!(await q.removeLeague(ctx.pool, user.id, leagueId))) throw notFound("notFavouriteLeague");
}

/** Unexpired favourite matches; the expired ones are forgotten on the way. */
export async function matches(d: FavouritesDeps, user: User): Promise<Array<{ fixtureId: number; timestamp: number }>> {
  const { ctx, expiryCutoff } = d;
  const cutoff = expiryCutoff();
  await q.deleteMatchesUpTo(ctx.pool, user.id, cutoff);
  return (await q.matchesOf(ctx.pool, user.id, cutoff)).map((m) => ({
    fixtureId: m.fixtureId,
    timestamp: m.timestamp.getTime(),
  }));
}

/** The timestamp is the fixture's kick-off, so the match expires 24 h after it. */
export async function addMatch(
  d: FavouritesDeps,
  user: User,
  input: unknown,
): Promise<Array<{ fixtureId: number; timestamp: number }>> {
  const { ctx, expiryCutoff } = d;
  const { fixtureId } = parseInput(MatchInput, input, "favourites.errors.invalidFixture");
  const kickoff = await q.fixtureKickoff(ctx.pool, fixtureId);
  if (!kickoff) throw notFound("unknownFixture");
  if (kickoff <= expiryCutoff()) throw new ServiceError(400, refusalKey("matchExpired"));
  await q.addMatches(ctx.pool, user.id, [fixtureId], expiryCutoff());
  return matches(d, user);
}

export async function removeMatch(d: FavouritesDeps, user: User, fixtureId: number): Promise<void> {
  const { ctx } = d;
  checkId(fixtureId, "favourites.errors.invalidFixture");
  if (!(await q.removeMatch(ctx.pool, user.id, fixtureId))) throw notFound("notFavouriteMatch");
}
