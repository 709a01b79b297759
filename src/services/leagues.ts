import { leaguesWithCountries } from "../db/queries/fixtures.ts";
import type { ServiceContext } from "./context.ts";

export interface CountryWithLeagues {
  id: number;
  name: string;
  code: string;
  leagues: Array<{ id: number; name: string; tier: number; fixtures: number }>;
}

export function createLeaguesService(ctx: ServiceContext) {
  return {
    /** Countries with their leagues; `recent` keeps only leagues with fixtures in the last year. */
    async countriesWithLeagues(options: { recent: boolean }): Promise<CountryWithLeagues[]> {
      const yearAgo = ctx.clock.now().getTime() - 365 * 86_400_000;
      const countries = new Map<number, CountryWithLeagues>();
      for (const row of await leaguesWithCountries(ctx.pool)) {
        if (options.recent && (!row.lastKickoff || row.lastKickoff.getTime() < yearAgo)) continue;
        let country = countries.get(row.countryId);
        if (!country) {
          country = { id: row.countryId, name: row.countryName, code: row.countryCode, leagues: [] };
          countries.set(row.countryId, country);
        }
        country.leagues.push({ id: row.id, name: row.name, tier: row.tier, fixtures: row.fixtures });
      }
      return [...countries.values()];
    },
  };
}

export type LeaguesService = ReturnType<typeof createLeaguesService>;
