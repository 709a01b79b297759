import type { TFunction } from "i18next";

/**
 * The one place that names countries and leagues for display. Data keeps the English names of the source
 * (they also build the URLs); everything shown to a person goes through these, in the page's language.
 */

/** A country's name in the UI language; the data's own (English) name for a country the locale files do not list. */
export function countryName(t: TFunction, name: string): string {
  return t(`countries.${name}`, { defaultValue: name });
}

type LeagueLike = { name: string; country: string | { name: string } };

/** A league's country and name in the UI language, for layouts that style them apart. */
export function leagueNameParts(t: TFunction, league: LeagueLike): { country: string; league: string } {
  return {
    country: countryName(t, typeof league.country === "string" ? league.country : league.country.name),
    league: league.name,
  };
}

/** "Belgien · Pro League": a league named for display, with its country, in the UI language. */
export function leagueName(t: TFunction, league: LeagueLike): string {
  const parts = leagueNameParts(t, league);
  return `${parts.country} · ${parts.league}`;
}
