import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useRouteLoaderData } from "react-router";
import {
  type FavouriteTeam,
  type FavouritesState,
  emptyFavourites,
  hasNothing,
  isFavouriteLeague,
  isFavouriteMatch,
  isFavouriteTeam,
  pruneMatches,
  resetFavourites,
  toggleLeague,
  toggleMatch,
  toggleTeam,
} from "../../domain/favourites/index.ts";
import { pagePath } from "../../i18n/paths.ts";
import { usePreferences } from "../preferences.tsx";
import { favouritesApi, isUnauthorised } from "./api-client.ts";
import { STORAGE_KEY, clearLocal, readLocal, writeLocal } from "./storage.ts";

export interface Favourites {
  state: FavouritesState;
  signedIn: boolean;
  /** false until the browser copy or the account's favourites are loaded (never on the server) */
  ready: boolean;
  isTeam(teamId: number): boolean;
  isLeague(leagueId: number): boolean;
  isMatch(fixtureId: number): boolean;
  toggleTeam(team: FavouriteTeam): Promise<void>;
  toggleLeague(leagueId: number): Promise<void>;
  toggleMatch(fixtureId: number, kickoffMs: number): Promise<void>;
  reset(): Promise<void>;
  /** reloads the account's favourites, after the favourites page changed them */
  refresh(): Promise<void>;
}

const Context = createContext<Favourites | null>(null);

/** The browser's favourites join the account; the browser copy goes once the account has them. */
async function mergeLocal(local: FavouritesState): Promise<FavouritesState> {
  const merged = await favouritesApi.merge(local);
  clearLocal();
  return merged.state;
}

/** null outside the provider: callers then show no favourite controls. */
export function useFavourites(): Favourites | null {
  return useContext(Context);
}

/**
 * Visitors keep favourites in this browser; a signed-in user's live in the account. On sign-in the browser's
 * favourites are merged into the account once and the browser copy is cleared.
 */
export function FavouritesProvider({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as { user: { id: number } | null } | undefined;
  const userId = root?.user?.id ?? null;
  const { locale } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<FavouritesState>(emptyFavourites);
  const [ready, setReady] = useState(false);
  const loadedFor = useRef<number | null | undefined>(undefined);
  const here = useRef("");
  here.current = location.pathname + location.search;

  const loginPath = pagePath(locale, "login");
  /** SPEC §4: a 401 or 403 sends the user to login, except from the login page itself. */
  const failed = useCallback(
    (error: unknown) => {
      if (isUnauthorised(error) && !here.current.startsWith(loginPath)) {
        navigate(`${loginPath}?${new URLSearchParams({ redirectTo: here.current })}`);
      }
    },
    [navigate, loginPath],
  );

  const refresh = useCallback(async () => {
    if (userId === null) {
      setState(readLocal() ?? emptyFavourites());
      return;
    }
    try {
      setState(await favouritesApi.state());
    } catch (error) {
      failed(error);
    }
  }, [userId, failed]);

  useEffect(() => {
    if (loadedFor.current === userId) return;
    loadedFor.current = userId;
    setReady(false);
    if (userId === null) {
      setState(readLocal() ?? emptyFavourites());
      setReady(true);
      return;
    }
    const local = readLocal();
    const load = local && !hasNothing(local) ? mergeLocal(local) : favouritesApi.state();
    load
      .then(setState)
      .catch(failed)
      .finally(() => setReady(true));
  }, [userId, failed]);

  // Visitors' changes are saved once React has applied them.
  const unsaved = useRef(false);
  useEffect(() => {
    if (unsaved.current && userId === null) writeLocal(state);
    unsaved.current = false;
  }, [state, userId]);

  // Another tab of a visitor changed the favourites.
  useEffect(() => {
    if (userId !== null) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setState(readLocal() ?? emptyFavourites());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [userId]);

  /** Visitors: the rule applied and saved in the browser. Accounts: applied at once, then sent; a failure reloads. */
  const change = useCallback(
    async (next: (s: FavouritesState) => FavouritesState, send: () => Promise<unknown>) => {
      unsaved.current = userId === null;
      setState((current) => next(pruneMatches(current, Date.now())));
      if (userId === null) return;
      try {
        await send();
      } catch (error) {
        // SPEC §8: a failed favourite change shows nothing; the account's state is shown again.
        failed(error);
        await refresh();
      }
    },
    [userId, failed, refresh],
  );

  const value = useMemo<Favourites>(() => {
    const now = () => Date.now();
    return {
      state,
      signedIn: userId !== null,
      ready,
      isTeam: (id) => isFavouriteTeam(state, id),
      isLeague: (id) => isFavouriteLeague(state, id),
      isMatch: (id) => isFavouriteMatch(state, id, now()),
      toggleTeam: (team) =>
        change(
          (s) => toggleTeam(s, team),
          () => (isFavouriteTeam(state, team.id) ? favouritesApi.removeTeam(team.id) : favouritesApi.addTeam(team.id)),
        ),
      toggleLeague: (id) =>
        change(
          (s) => toggleLeague(s, id),
          () => (isFavouriteLeague(state, id) ? favouritesApi.removeLeague(id) : favouritesApi.addLeague(id)),
        ),
      toggleMatch: (id, kickoffMs) =>
        change(
          (s) => toggleMatch(s, id, kickoffMs, now()),
          () => (isFavouriteMatch(state, id, now()) ? favouritesApi.removeMatch(id) : favouritesApi.addMatch(id)),
        ),
      reset: () => change(resetFavourites, favouritesApi.reset),
      refresh,
    };
  }, [state, userId, ready, change, refresh]);

  return <Context.Provider value={value}>{children}</Context.Provider>;
}
