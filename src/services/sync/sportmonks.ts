import { SourceError } from "../../data/sources/http-files.ts";
import type { SmUpcomingFixture, SportmonksApi } from "../../data/sources/sportmonks-api.ts";
import { type CurrentQuote, storedFixturesBetween, writeCurrentOdds } from "../../db/queries/current-odds.ts";
import { recordOddsHistory } from "../../db/queries/odds-history.ts";
import { readState, writeState } from "../../db/queries/state.ts";
import { teamsOfCountries } from "../../db/queries/team-aliases.ts";
import { MAIN_DIVISIONS } from "../../domain/football-data/divisions.ts";
import type { UnmatchedTeam } from "../../domain/football-data/team-resolution.ts";
import { KICKOFF_WINDOW_MS, type ProviderFixture, matchFixtures } from "../../domain/sportmonks/fixture-matching.ts";
import { SPORTMONKS_LEAGUES, prematchQuotes } from "../../domain/sportmonks/prematch.ts";
import type { ServiceContext } from "../context.ts";
import { NO_STATUS, type SourceStatus } from "./football-data.ts";

/**
 * Real mode's pre-match prices from SportMonks, on a schedule of their own: every cycle reads the next 7 days'
 * fixtures with their odds, matches each to the stored fixture (football-data.co.uk's sync lists the fixtures;
 * this source never creates one, nor a team) and writes each mapped bookmaker's current 1X2 and over/under 2.5
 * prices into `odds`, a row of `odds_history` for each price that changed. Its state (last success, last error,
 * rows changed, names that matched no team) is kept in `app_state` and reported by health next to football-data's.
 */

const KEY = "source:sportmonks";
/** SportMonks lists a match until it starts: the state "not started" is the only one with pre-match prices. */
const NOT_STARTED = 1;
/** The week ahead, as football-data.co.uk's fixtures files list it. */
const AHEAD_MS = 7 * 86_400_000;

export interface SportmonksState extends SourceStatus {
  /** team names of the last read that matched no stored team: their fixtures' prices wait for an alias */
  unmatchedTeams: UnmatchedTeam[];
  /** fixtures of the last read whose teams matched but that no stored fixture answers */
  unmatchedFixtures: number;
}

export interface SportmonksReport {
  fixtures: number;
  matched: number;
  /** rows of `odds` added or changed */
  pricesChanged: number;
  /** rows added to `odds_history` */
  pricesRecorded: number;
  unmatchedTeams: UnmatchedTeam[];
  unavailable: boolean;
  error: string | null;
  elapsedMs: number;
}

const EMPTY: SportmonksState = { ...NO_STATUS, unmatchedTeams: [], unmatchedFixtures: 0 };

export async function sportmonksState(ctx: ServiceContext): Promise<SportmonksState> {
  return { ...EMPTY, ...((await readState<SportmonksState>(ctx.pool, KEY)) ?? {}) };
}

/** A provider fixture of a league we store, in our terms; null for any other (or one already started). */
function providerFixture(f: SmUpcomingFixture, nowMs: number): ProviderFixture | null {
  const leagueKey = SPORTMONKS_LEAGUES[f.league_id];
  const division = leagueKey ? MAIN_DIVISIONS[leagueKey] : undefined;
  const side = (location: string) => f.participants?.find((p) => p.meta?.location === location)?.name;
  const home = side("home");
  const away = side("away");
  const kickoffMs = f.starting_at_timestamp * 1000;
  if (!leagueKey || !division || !home || !away || f.state_id !== NOT_STARTED || kickoffMs <= nowMs) return null;
  return {
    id: f.id,
    leagueKey,
    countryCode: division.countryCode,
    country: division.country,
    league: division.name,
    home,
    away,
    kickoffMs,
  };
}

export function createSportmonksSync(ctx: ServiceContext, api: SportmonksApi, onChanged: () => void = () => {}) {
  /** Reads, matches and writes; throws SourceError when SportMonks cannot be read. */
  async function sync(report: SportmonksReport, now: Date): Promise<SportmonksState["unmatchedFixtures"]> {
    const nowMs = now.getTime();
    const read = await api.upcomingFixtures(nowMs, nowMs + AHEAD_MS);
    report.fixtures = read.length;
    const ours = read.flatMap((f) => providerFixture(f, nowMs) ?? []);
    const leagues = [...new Set(ours.map((f) => f.leagueKey))];
    const stored = await storedFixturesBetween(
      ctx.pool,
      leagues,
      new Date(nowMs),
      new Date(nowMs + AHEAD_MS + KICKOFF_WINDOW_MS),
    );
    const teams = await teamsOfCountries(ctx.pool, [...new Set(ours.map((f) => f.countryCode))]);
    const { matched, unmatchedTeams, unmatchedFixtures } = matchFixtures(ours, stored, teams);
    report.matched = matched.size;
    report.unmatchedTeams = unmatchedTeams;
    const quotes: CurrentQuote[] = read.flatMap((f) => {
      const fixtureId = matched.get(f.id);
      return fixtureId === undefined ? [] : prematchQuotes(f.odds ?? []).map((q) => ({ ...q, fixtureId }));
    });
    report.pricesChanged = await writeCurrentOdds(ctx.pool, quotes, now);
    // Every cycle (one statement, unchanged prices add nothing): a price first written by the other source's sync
    // is recorded here too, even if it has not moved since.
    report.pricesRecorded = await recordOddsHistory(ctx.pool, now);
    return unmatchedFixtures;
  }

  return {
    state: () => sportmonksState(ctx),

    /** One cycle: the week's fixtures and prices read once, the changed prices stored. */
    async cycle(): Promise<SportmonksReport> {
      const started = performance.now();
      const state = await sportmonksState(ctx);
      const now = ctx.clock.now();
      const at = now.toISOString();
      const report: SportmonksReport = {
        fixtures: 0,
        matched: 0,
        pricesChanged: 0,
        pricesRecorded: 0,
        unmatchedTeams: [],
        unavailable: false,
        error: null,
        elapsedMs: 0,
      };
      try {
        state.unmatchedFixtures = await sync(report, now);
        state.unmatchedTeams = report.unmatchedTeams;
        state.failingSince = null;
        state.lastSuccessAt = at;
        if (report.pricesChanged > 0) {
          state.rowsChanged = report.pricesChanged;
          state.changedAt = at;
        }
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        report.error = error.message;
        report.unavailable = error.kind === "unavailable";
        state.failingSince ??= at;
        state.lastErrorAt = at;
        state.lastError = error.message;
      }
      await writeState(ctx.pool, KEY, state);
      if (report.pricesChanged > 0) onChanged();
      report.elapsedMs = Math.round(performance.now() - started);
      return report;
    },
  };
}
