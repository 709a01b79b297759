import { importFile } from "../../data/importer.ts";
import { type HttpFiles, SourceError, type Validators } from "../../data/sources/http-files.ts";
import { closeFromLastSeen, recordOddsHistory } from "../../db/queries/odds-history.ts";
import { readState, writeState } from "../../db/queries/state.ts";
import { providerPaths, seasonStartYear } from "../../domain/football-data/provider-files.ts";
import type { UnmatchedTeam } from "../../domain/football-data/team-resolution.ts";
import type { ServiceContext } from "../context.ts";

/**
 * Real mode's sync from football-data.co.uk: every cycle reads the current season's files (conditional requests,
 * so an unchanged file costs a 304 and nothing else) and imports the changed ones with the importer, in one
 * transaction per file. Upcoming fixtures become played ones when the results file lists them (same league,
 * date and teams: the importer's key). The source's state (validators per file, last success, last error, rows
 * changed, failing since) is kept in the database, so a restart neither re-reads every file nor forgets an outage.
 */

const KEY = "source:football-data";

/** What every source of real mode keeps and reports to health. */
export interface SourceStatus {
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  /** the first failed cycle of the current outage; null while the source answers */
  failingSince: string | null;
  /** fixtures added or updated by the last cycle that changed anything, and when */
  rowsChanged: number;
  changedAt: string | null;
}

export interface SourceState extends SourceStatus {
  validators: Record<string, Validators>;
  /** team names of the files last read that matched no stored team: their rows wait for an alias or a new team */
  unmatchedTeams: UnmatchedFileTeam[];
}

export interface UnmatchedFileTeam extends UnmatchedTeam {
  /** the provider's path it was read in */
  file: string;
}

export interface CycleReport {
  files: number;
  unchanged: number;
  imported: number;
  added: number;
  updated: number;
  rejected: number;
  errors: string[];
  /** names read this cycle that matched no stored team (rows left out) */
  unmatchedTeams: UnmatchedFileTeam[];
  /** the provider did not answer: the rest of the files wait for the next cycle */
  unavailable: boolean;
  /** rows added to the price history (upcoming fixtures whose prices moved since last seen) */
  pricesRecorded: number;
  /** closing rows taken from the last price seen before a kick-off that has passed (closeFromLastSeen) */
  closingPrices: number;
  elapsedMs: number;
}

/** The files of upcoming fixtures: the prices seen in them are kept over time. */
const FIXTURES_FILES = new Set(["/fixtures.csv", "/new_league_fixtures.csv"]);

/** A source's status before its first cycle. */
export const NO_STATUS: SourceStatus = {
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  failingSince: null,
  rowsChanged: 0,
  changedAt: null,
};

const EMPTY: SourceState = { ...NO_STATUS, validators: {}, unmatchedTeams: [] };

/** The source's state as last stored (an empty one before the first cycle). */
export async function footballDataState(ctx: ServiceContext): Promise<SourceState> {
  // A validators object of its own: a cycle writes into it.
  return { ...EMPTY, validators: {}, unmatchedTeams: [], ...((await readState<SourceState>(ctx.pool, KEY)) ?? {}) };
}

/** Pages read when the data was last checked; a minute-old answer is fine and spares a query per page. */
const UPDATED_TTL_MS = 60_000;

export function createFootballDataSync(ctx: ServiceContext, files: HttpFiles, onChanged: () => void = () => {}) {
  let updated: { at: number; value: string | null } | null = null;
  return {
    /** The last moment the provider's files were all read (the data is as of then); null before the first. */
    async updatedAt(): Promise<string | null> {
      if (!updated || Date.now() - updated.at > UPDATED_TTL_MS)
        updated = { at: Date.now(), value: (await footballDataState(ctx)).lastSuccessAt };
      return updated.value;
    },
    state: () => footballDataState(ctx),

    /** One sync cycle over every file of the current season. */
    async cycle(): Promise<CycleReport> {
      const started = performance.now();
      const state = await this.state();
      const now = ctx.clock.now();
      const report: CycleReport = {
        files: 0,
        unchanged: 0,
        imported: 0,
        added: 0,
        updated: 0,
        rejected: 0,
        errors: [],
        unmatchedTeams: [],
        unavailable: false,
        pricesRecorded: 0,
        closingPrices: 0,
        elapsedMs: 0,
      };
      // A league with nothing stored before this season's start takes new names as new teams (src/data/importer.ts).
      const newLeagueBefore = new Date(Date.UTC(seasonStartYear(now.getTime()), 6, 1));
      const paths = providerPaths(now.getTime());
      // A file no longer read (last season's, after the roll-over) has nothing waiting any more.
      state.unmatchedTeams = state.unmatchedTeams.filter((u) => paths.includes(u.file));
      let pricesRead = false;
      for (const path of paths) {
        report.files += 1;
        try {
          if ((await readFile(ctx, files, state, report, path, newLeagueBefore, now)) && FIXTURES_FILES.has(path))
            pricesRead = true;
        } catch (error) {
          report.errors.push((error as Error).message);
          if (error instanceof SourceError && error.kind === "unavailable") {
            report.unavailable = true;
            break;
          }
        }
      }
      // A 304 means the same prices as the last read: only an imported fixtures file can hold moved ones.
      if (pricesRead) report.pricesRecorded = await recordOddsHistory(ctx.pool, now);
      // Every cycle: kick-offs pass whether or not a file changed.
      report.closingPrices = await closeFromLastSeen(ctx.pool, now);
      const at = now.toISOString();
      if (report.unavailable) {
        state.failingSince ??= at;
      } else {
        state.failingSince = null;
        state.lastSuccessAt = at;
      }
      if (report.errors.length > 0) {
        state.lastErrorAt = at;
        state.lastError = report.errors[0]!;
      }
      if (report.added + report.updated > 0) {
        state.rowsChanged = report.added + report.updated;
        state.changedAt = at;
      }
      await writeState(ctx.pool, KEY, state);
      if (report.added + report.updated > 0) onChanged();
      report.elapsedMs = Math.round(performance.now() - started);
      return report;
    },
  };
}

/**
 * Reads one file (a 304 when unchanged) and imports it, keeping its validators and unmatched names in `state`;
 * whether it was imported.
 */
async function readFile(
  ctx: ServiceContext,
  files: HttpFiles,
  state: SourceState,
  report: CycleReport,
  path: string,
  newLeagueBefore: Date,
  now: Date,
): Promise<boolean> {
  const answer = await files.read(path, state.validators[path] ?? {});
  if (answer.status === "unchanged") {
    report.unchanged += 1;
    state.validators[path] = answer.validators;
    return false;
  }
  const result = await importFile(
    ctx.pool,
    { name: `football-data.co.uk${path}`, text: answer.text, sha256: answer.sha256 },
    // A fixtures file's prices exist from the sync that read them; a results file's follow the rule of when the
    // provider collected them (src/db/queries/price-visibility.ts).
    {
      skipKnown: true,
      reconcileMoved: true,
      resolveTeams: { newLeagueBefore },
      seenAt: FIXTURES_FILES.has(path) ? now : undefined,
    },
  );
  report.imported += 1;
  report.added += result.added;
  report.updated += result.updated;
  report.rejected += result.rejected;
  const unmatched = result.unmatched.map((u) => ({ ...u, file: path }));
  report.unmatchedTeams.push(...unmatched);
  state.unmatchedTeams = [...state.unmatchedTeams.filter((u) => u.file !== path), ...unmatched];
  // Remembered only once wholly imported: a file that failed to import, or whose rows wait for a team name to be
  // matched, is downloaded again next cycle (no conditional request), so an alias added meanwhile takes effect.
  if (unmatched.length === 0) state.validators[path] = answer.validators;
  else delete state.validators[path];
  return true;
}

/** A source is degraded when it has failed for longer than its schedule allows (two missed cycles). */
export function sourceHealth<T extends UnmatchedTeam>(
  state: SourceStatus & { unmatchedTeams: T[] },
  nowMs: number,
  everyMs: number,
) {
  const failingMs = state.failingSince ? nowMs - Date.parse(state.failingSince) : 0;
  return {
    status: failingMs >= 2 * everyMs ? ("degraded" as const) : ("ok" as const),
    lastSuccessAt: state.lastSuccessAt,
    lastErrorAt: state.lastErrorAt,
    lastError: state.lastError,
    failingSince: state.failingSince,
    rowsChanged: state.rowsChanged,
    changedAt: state.changedAt,
    unmatchedTeams: state.unmatchedTeams,
  };
}
