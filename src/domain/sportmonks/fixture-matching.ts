import type { CountryTeams, UnmatchedTeam } from "../football-data/team-resolution.ts";
import { teamMatcher } from "../football-data/team-names.ts";

/**
 * A provider's upcoming fixture matched to the stored one: the same league, both team names matched by the rule
 * football-data.co.uk's sync uses (exact name, the operator's alias, a unique normalised name:
 * ../football-data/team-names.ts) and a kick-off within a few days (a provider may know of a moved match first).
 * A name no rule matches is reported, never made into a team: the fixture waits for an alias.
 */

/** How far apart the provider's and our kick-off may be for the same match. */
export const KICKOFF_WINDOW_MS = 3 * 86_400_000;

export interface ProviderFixture {
  id: number;
  /** our league's source key (football-data division code) */
  leagueKey: string;
  countryCode: string;
  country: string;
  league: string;
  home: string;
  away: string;
  kickoffMs: number;
}

export interface StoredFixture {
  id: number;
  leagueKey: string;
  homeTeamId: number;
  awayTeamId: number;
  kickoffMs: number;
}

export interface FixtureMatches {
  /** provider fixture id → our fixture id */
  matched: Map<number, number>;
  unmatchedTeams: UnmatchedTeam[];
  /** provider fixtures whose teams matched but that no stored fixture answers (not listed yet, or too far moved) */
  unmatchedFixtures: number;
}

export function matchFixtures(
  provider: readonly ProviderFixture[],
  stored: readonly StoredFixture[],
  countries: Map<string, CountryTeams>,
): FixtureMatches {
  const matchers = new Map<string, ReturnType<typeof teamMatcher>>();
  const matcherOf = (code: string) => {
    let m = matchers.get(code);
    if (!m) {
      const { teams, aliases } = countries.get(code) ?? { teams: [], aliases: [] };
      m = teamMatcher(teams, aliases);
      matchers.set(code, m);
    }
    return m;
  };
  const result: FixtureMatches = { matched: new Map(), unmatchedTeams: [], unmatchedFixtures: 0 };
  const unmatched = new Map<string, UnmatchedTeam>();
  for (const f of provider) {
    const match = matcherOf(f.countryCode);
    const home = match(f.home)?.teamId;
    const away = match(f.away)?.teamId;
    for (const [name, id] of [
      [f.home, home],
      [f.away, away],
    ] as const) {
      if (id !== undefined) continue;
      const key = `${f.countryCode}|${f.leagueKey}|${name}`;
      const entry = unmatched.get(key) ?? { country: f.country, league: f.league, name, rows: 0 };
      entry.rows += 1;
      unmatched.set(key, entry);
    }
    if (home === undefined || away === undefined) continue;
    const nearest = stored
      .filter(
        (s) =>
          s.leagueKey === f.leagueKey &&
          s.homeTeamId === home &&
          s.awayTeamId === away &&
          Math.abs(s.kickoffMs - f.kickoffMs) <= KICKOFF_WINDOW_MS,
      )
      .sort((a, b) => Math.abs(a.kickoffMs - f.kickoffMs) - Math.abs(b.kickoffMs - f.kickoffMs))[0];
    if (nearest) result.matched.set(f.id, nearest.id);
    else result.unmatchedFixtures += 1;
  }
  result.unmatchedTeams = [...unmatched.values()];
  return result;
}
