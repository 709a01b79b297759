import { type FavouritesState, emptyFavourites, pruneMatches } from "../../domain/favourites/index.ts";

export const STORAGE_KEY = "pitchlab:favourites";

const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isTeam = (v: unknown): v is { id: number; name: string } =>
  typeof v === "object" &&
  v !== null &&
  isId((v as { id?: unknown }).id) &&
  typeof (v as { name?: unknown }).name === "string";

/** The browser's copy, cleaned of anything malformed (another version of the site, or a hand edit). */
export function parseStored(text: string | null, nowMs: number): FavouritesState | null {
  if (!text) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  const state = emptyFavourites();
  state.teams = list(raw.teams)
    .filter(isTeam)
    .map((t) => ({ id: t.id, name: t.name }));
  const groups = list(raw.groups).flatMap((g: Record<string, unknown>) =>
    typeof g === "object" && g !== null && isId(g.id) && typeof g.name === "string"
      ? [
          {
            id: g.id,
            name: g.name,
            description: typeof g.description === "string" ? g.description : "",
            generic: g.generic === true,
            teams: list(g.teams).filter(isTeam),
          },
        ]
      : [],
  );
  if (groups.some((g) => g.generic)) state.groups = groups;
  else state.groups = [...state.groups, ...groups];
  state.leagues = [...new Set(list(raw.leagues).filter(isId))];
  state.matches = list(raw.matches).filter(
    (m: Record<string, unknown>) =>
      typeof m === "object" && m !== null && isId(m.fixtureId) && typeof m.timestamp === "number",
  );
  state.selectedGroupId = isId(raw.selectedGroupId) ? raw.selectedGroupId : null;
  return pruneMatches(state, nowMs);
}

/** localStorage can be missing or refuse (private mode, quota): favourites then live for the page only. */
export function readLocal(): FavouritesState | null {
  try {
    return parseStored(window.localStorage.getItem(STORAGE_KEY), Date.now());
  } catch {
    return null;
  }
}

export function writeLocal(state: FavouritesState): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // see readLocal
  }
}

export function clearLocal(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // see readLocal
  }
}
