import type { Locale } from "./locales.ts";
import { prefix, slugify } from "./paths.ts";
import { TEAM_SEGMENT, TRENDS_SLUGS } from "./routes-trends.ts";

/** The team page: `/team/arsenal_12`, `/de/mannschaft/arsenal_12`… */
export function teamPath(locale: Locale, team: { id: number; name: string }): string {
  return `${prefix(locale)}/${TEAM_SEGMENT[locale]}/${slugify(team.name) || "team"}_${team.id}`;
}

export const trendsPath = (locale: Locale) => `${prefix(locale)}/${TRENDS_SLUGS[locale].trends}`;
export const bestTeamsPath = (locale: Locale) => `${prefix(locale)}/${TRENDS_SLUGS[locale].bestTeams}`;
