import { FAVOURITE_MATCH_TTL_MS } from "../accounts/rules.ts";
import type { FavouritesState, Outcome } from "./state.ts";

export const isFavouriteLeague = (state: FavouritesState, leagueId: number) => state.leagues.includes(leagueId);

/** Leagues are kept without duplicates. */
export function addLeague(state: FavouritesState, leagueId: number): FavouritesState {
  return isFavouriteLeague(state, leagueId) ? state : { ...state, leagues: [...state.leagues, leagueId] };
}

export function removeLeague(state: FavouritesState, leagueId: number): FavouritesState {
  return { ...state, leagues: state.leagues.filter((id) => id !== leagueId) };
}

/** Adds the league if absent, removes it if present. */
export function toggleLeague(state: FavouritesState, leagueId: number): FavouritesState {
  return isFavouriteLeague(state, leagueId) ? removeLeague(state, leagueId) : addLeague(state, leagueId);
}

/** A favourite match is dropped 24 h after its timestamp (the kick-off). */
export const isMatchExpired = (match: { timestamp: number }, nowMs: number) =>
  nowMs >= match.timestamp + FAVOURITE_MATCH_TTL_MS;

export function pruneMatches(state: FavouritesState, nowMs: number): FavouritesState {
  const matches = state.matches.filter((m) => !isMatchExpired(m, nowMs));
  return matches.length === state.matches.length ? state : { ...state, matches };
}

export const isFavouriteMatch = (state: FavouritesState, fixtureId: number, nowMs: number) =>
  state.matches.some((m) => m.fixtureId === fixtureId && !isMatchExpired(m, nowMs));

export function addMatch(state: FavouritesState, fixtureId: number, kickoffMs: number, nowMs: number): Outcome {
  if (isMatchExpired({ timestamp: kickoffMs }, nowMs)) return { ok: false, refusal: "matchExpired" };
  const pruned = pruneMatches(state, nowMs);
  if (pruned.matches.some((m) => m.fixtureId === fixtureId)) return { ok: true, state: pruned };
  return { ok: true, state: { ...pruned, matches: [...pruned.matches, { fixtureId, timestamp: kickoffMs }] } };
}

export function removeMatch(state: FavouritesState, fixtureId: number): FavouritesState {
  return { ...state, matches: state.matches.filter((m) => m.fixtureId !== fixtureId) };
}

export function toggleMatch(
  state: FavouritesState,
  fixtureId: number,
  kickoffMs: number,
  nowMs: number,
): FavouritesState {
  if (isFavouriteMatch(state, fixtureId, nowMs)) return removeMatch(state, fixtureId);
  const added = addMatch(state, fixtureId, kickoffMs, nowMs);
  return added.ok ? added.state : state;
}
