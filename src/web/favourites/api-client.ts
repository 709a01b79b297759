import type { FavouritesState } from "../../domain/favourites/index.ts";

/** A refused call: the HTTP status and the message key the API sent. */
export class FavouritesApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

export const isUnauthorised = (error: unknown) =>
  error instanceof FavouritesApiError && (error.status === 401 || error.status === 403);

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1/favourites${path}`, {
    method,
    credentials: "include",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { data?: T; error?: string; code?: string } | null;
  if (!response.ok)
    throw new FavouritesApiError(response.status, payload?.code ?? null, payload?.error ?? response.statusText);
  return payload?.data as T;
}

/** The account's favourites through /api/v1/favourites (same origin, session cookie). */
export const favouritesApi = {
  state: () => call<FavouritesState>("GET", ""),
  merge: (local: FavouritesState) => call<{ state: FavouritesState; skippedGroups: string[] }>("POST", "/merge", local),
  addTeam: (teamId: number, groupId?: number) =>
    call("PUT", "/teamgroups/teams", {
      team: { id: teamId },
      ...(groupId === undefined ? {} : { teamGroup: { id: groupId } }),
    }),
  removeTeam: (teamId: number) => call("DELETE", `/teams/${teamId}`),
  addLeague: (leagueId: number) => call("PUT", "/leagues", { league: { id: leagueId } }),
  removeLeague: (leagueId: number) => call("DELETE", `/leagues/${leagueId}`),
  addMatch: (fixtureId: number) => call("PUT", "/matches", { fixtureId }),
  removeMatch: (fixtureId: number) => call("DELETE", `/matches/${fixtureId}`),
  reset: () => call<FavouritesState>("POST", "/reset"),
};
