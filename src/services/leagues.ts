import { leaguesWithCountries } from "../db/queries/fixtures.ts";
import { allLeagueAverages, countryById, leagueById, seasonAverages, standings } from "../db/queries/leagues.ts";
import { sitewideValidUntil } from "../db/queries/precomputed.ts";
import type { LeagueAveragesRow } from "../db/queries/leagues.ts";
import { notFound } from "./errors.ts";
import type { ServiceContext } from "./context.ts";
import { type Compute, type Figures, createFigures } from "./precomputed.ts";

/** A league needs this many played matches of its current season in the best-leagues statistics. */
const MIN_MATCHES = 20;

export interface CountryWithLeagues {
  id: number;
  name: string;
  code: string;
  leagues: Array<{ id: number; name: string; tier: number; fixtures: number }>;
}

export function createLeaguesService(ctx: ServiceContext, figures: Figures = createFigures(ctx)) {
  /** Every league's averages as of `at` (subject 0), holding until the next kick-off or end of a match anywhere. */
  const computeStatistics: Compute<LeagueAveragesRow[]> = async (_subjects, at) => [
    {
      subjectId: 0,
      data: await allLeagueAverages(ctx.pool, at, MIN_MATCHES),
      validUntil: await sitewideValidUntil(ctx.pool, at),
    },
  ];

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

    /** A country with its leagues. */
    async country(id: number) {
      const country = await countryById(ctx.pool, id);
      if (!country) throw notFound("apiErrors.noCountry", { id });
      const all = await this.countriesWithLeagues({ recent: false });
      return { ...country, leagues: all.find((c) => c.id === id)?.leagues ?? [] };
    },

    /** A league with its current season's table and averages, as played by now. */
    async league(id: number) {
      const now = ctx.clock.now();
      const league = await leagueById(ctx.pool, id, now);
      if (!league) throw notFound("apiErrors.noLeague", { id });
      const season = league.seasonId;
      return {
        league: {
          id: league.id,
          name: league.name,
          tier: league.tier,
          country: { id: league.countryId, name: league.countryName, code: league.countryCode },
        },
        season: league.seasonName,
        standings: season ? await standings(ctx.pool, season, now) : [],
        averages: season ? await seasonAverages(ctx.pool, season, now) : null,
        seasonId: season,
      };
    },

    /** Best-leagues statistics: every league's current-season averages (a handful of matches says nothing); precomputed. */
    async statistics(): Promise<LeagueAveragesRow[]> {
      return (await figures.get("league-stats", [0], ctx.clock.now(), computeStatistics)).get(0) ?? [];
    },

    /** The computation behind the precomputed statistics, as of `at` (the precompute job and the tests use it). */
    compute: { statistics: computeStatistics },

    /** The table of a season as played by now. */
    async standings(seasonId: number) {
      return standings(ctx.pool, seasonId, ctx.clock.now());
    },
  };
}

export type { StandingRow } from "../db/queries/leagues.ts";
export type { LeagueAveragesRow } from "../db/queries/leagues.ts";
