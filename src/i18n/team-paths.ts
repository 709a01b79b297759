import type { Locale } from "./locales.ts";
import { prefix, slugify } from "./paths.ts";
import { BEST_TEAMS_PATH, TEAM_SEGMENT, TRENDS_PATH } from "./routes-trends.ts";

/** The team page: `/team/arsenal_12`, `/de/mannschaft/arsenal_12`… */
export function teamPath(locale: Locale, team: { id: number; name: string }): string {
  return `${prefix(locale)}/${TEAM_SEGMENT[locale]}/${slugify(team.name) || "team"}_${team.id}`;
}

export const trendsPath = (locale: Locale) => `${prefix(locale)}/${TRENDS_PATH}`;
export const bestTeamsPath = (locale: Locale) => `${prefix(locale)}/${BEST_TEAMS_PATH}`;
