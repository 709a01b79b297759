import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { WORLD, isBookmakerCountry } from "../domain/bookmakers.ts";
import { DEFAULT_ODDS_FORMAT, type OddsFormat, isOddsFormat } from "../domain/odds-format.ts";
import type { Locale } from "../i18n/locales.ts";

export type Theme = "light" | "dark";

export interface Preferences {
  locale: Locale;
  oddsFormat: OddsFormat;
  /** null: follow the system until the visitor chooses */
  theme: Theme | null;
  timeZone: string;
  /** the zone is the one of the signed-in user's profile: the browser's own does not replace it */
  timeZoneFromProfile: boolean;
  /** -1 = the world, else the ISO numeric code of the country whose bookmakers are shown */
  bookmakerCountry: number;
  /** a signed-in user's choices are saved on the account too */
  signedIn: boolean;
}

interface PreferencesContext extends Preferences {
  setOddsFormat(format: OddsFormat): void;
  setTheme(theme: Theme): void;
  setBookmakerCountry(id: number): void;
}

const Context = createContext<PreferencesContext | null>(null);

const YEAR = 365 * 24 * 3600;

export function writeCookie(name: string, value: string, maxAgeSeconds = YEAR) {
  // biome-ignore lint/suspicious/noDocumentCookie: preferences live in cookies so the server renders them
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}

export function readPreferenceCookies(header: string | null): {
  oddsFormat: OddsFormat;
  theme: Theme | null;
  timeZone: string | null;
  bookmakerCountry: number;
} {
  const cookies = new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split("="))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, decodeURIComponent(v.join("="))]),
  );
  const format = Number(cookies.get("odds_format"));
  const theme = cookies.get("theme");
  const country = Number(cookies.get("bookmaker_country"));
  return {
    bookmakerCountry: Number.isInteger(country) && isBookmakerCountry(country) ? country : WORLD,
    oddsFormat: isOddsFormat(format) ? format : DEFAULT_ODDS_FORMAT,
    theme: theme === "light" || theme === "dark" ? theme : null,
    timeZone: cookies.get("tz") ?? null,
  };
}

/** Saves a choice on the account; keepalive lets it finish when a full page load follows (language links). */
export function saveOnAccount(patch: Record<string, unknown>) {
  void fetch("/api/v1/users/me", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(patch),
    keepalive: true,
  }).catch(() => {});
}

export function PreferencesProvider({ initial, children }: { initial: Preferences; children: React.ReactNode }) {
  const [oddsFormat, setFormat] = useState(initial.oddsFormat);
  const [theme, setThemeState] = useState(initial.theme);
  const setOddsFormat = useCallback(
    (format: OddsFormat) => {
      setFormat(format);
      writeCookie("odds_format", String(format));
      if (initial.signedIn) saveOnAccount({ preferences: { oddsFormat: format } });
    },
    [initial.signedIn],
  );
  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      writeCookie("theme", next);
      document.documentElement.classList.toggle("dark", next === "dark");
      document.documentElement.classList.toggle("light", next === "light");
      if (initial.signedIn) saveOnAccount({ preferences: { theme: next } });
    },
    [initial.signedIn],
  );
  const [bookmakerCountry, setCountry] = useState(initial.bookmakerCountry);
  const setBookmakerCountry = useCallback(
    (id: number) => {
      setCountry(id);
      writeCookie("bookmaker_country", String(id));
      if (initial.signedIn) saveOnAccount({ preferences: { bookmakerCountry: id } });
    },
    [initial.signedIn],
  );
  const value = useMemo(
    () => ({ ...initial, oddsFormat, theme, bookmakerCountry, setOddsFormat, setTheme, setBookmakerCountry }),
    [initial, oddsFormat, theme, bookmakerCountry, setOddsFormat, setTheme, setBookmakerCountry],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePreferences(): PreferencesContext {
  const value = useContext(Context);
  if (!value) throw new Error("usePreferences outside PreferencesProvider");
  return value;
}
