import { type MatchRecord, withTeams } from "./record.ts";
import { type KnownTeam, type TeamAliasEntry, teamMatcher } from "./team-names.ts";

/** One country's stored teams and the operator's aliases for them. */
export interface CountryTeams {
  teams: KnownTeam[];
  aliases: TeamAliasEntry[];
}

/** A provider's name that matched no team: its rows were left out. */
export interface UnmatchedTeam {
  country: string;
  league: string;
  name: string;
  rows: number;
}

export interface ResolvedRecords {
  /** the records to write, under the stored teams' names (so their keys are the stored fixtures') */
  records: MatchRecord[];
  unmatched: UnmatchedTeam[];
  skippedRows: number;
}

/**
 * Puts a sync's records under the stored teams' names. A name no rule matches is kept as it is (a new team) only
 * in a league of `newLeagues` (nothing of it is stored from before: there is no team it could be a rename of);
 * anywhere else its rows are left out and reported, so that a renamed club never becomes a second team.
 */
export function resolveRecordTeams(
  records: MatchRecord[],
  countries: Map<string, CountryTeams>,
  newLeagues: Set<string>,
): ResolvedRecords {
  const matchers = new Map<string, { match: ReturnType<typeof teamMatcher>; names: Map<number, string> }>();
  const matcherOf = (code: string) => {
    let m = matchers.get(code);
    if (!m) {
      const { teams, aliases } = countries.get(code) ?? { teams: [], aliases: [] };
      m = { match: teamMatcher(teams, aliases), names: new Map(teams.map((t) => [t.id, t.name])) };
      matchers.set(code, m);
    }
    return m;
  };
  const unmatched = new Map<string, UnmatchedTeam>();
  const kept: MatchRecord[] = [];
  for (const record of records) {
    const { match, names } = matcherOf(record.countryCode);
    const resolve = (name: string) => {
      const found = match(name);
      if (found) return names.get(found.teamId) ?? null;
      return newLeagues.has(record.leagueKey) ? name : null;
    };
    const home = resolve(record.homeTeam);
    const away = resolve(record.awayTeam);
    // Two names resolved to one team (an alias given to the wrong club): the row is reported, not written.
    const same = home !== null && home === away;
    if (home !== null && away !== null && !same) {
      kept.push(withTeams(record, home, away));
      continue;
    }
    for (const [name, resolved] of [
      [record.homeTeam, home],
      [record.awayTeam, away],
    ] as const) {
      if (resolved !== null && !same) continue;
      const key = `${record.countryCode}|${record.leagueKey}|${name}`;
      const entry = unmatched.get(key) ?? { country: record.countryName, league: record.leagueName, name, rows: 0 };
      entry.rows += 1;
      unmatched.set(key, entry);
    }
  }
  return { records: kept, unmatched: [...unmatched.values()], skippedRows: records.length - kept.length };
}
