import { parse } from "csv-parse/sync";
import { type Pool, type PoolClient, inTransaction } from "../db/client.ts";
import { type MatchRecord, RowError, readHeader, readRow } from "../domain/football-data/record.ts";
import { fileAlreadyImported, recordImportedFile, writeMatches } from "../db/import-writes.ts";
import { currentShiftMs } from "../db/clock-state.ts";
import { leaguesWithFixturesBefore, teamsOfCountries } from "../db/queries/team-aliases.ts";
import { type UnmatchedTeam, resolveRecordTeams } from "../domain/football-data/team-resolution.ts";
import type { SourceFile } from "./csv-source.ts";

export interface RowProblem {
  file: string;
  line: number;
  message: string;
}

export interface ImportResult {
  file: string;
  rows: number;
  added: number;
  updated: number;
  /** rows already there exactly as in the file */
  unchanged: number;
  /** rows that could not be imported (listed in problems with their line) */
  rejected: number;
  /** unchanged plus rejected (the figure recorded per imported file) */
  skipped: number;
  problems: RowProblem[];
  /** a sync's team names that matched no stored team (their rows are left out; see ImportOptions.resolveTeams) */
  unmatched: UnmatchedTeam[];
  alreadyImported: boolean;
}

export interface ParsedFile {
  records: MatchRecord[];
  problems: RowProblem[];
  rows: number;
}

/** Parses a whole file; malformed rows become problems, a malformed file (bad header, broken quoting) throws. */
export function parseFootballData(file: SourceFile): ParsedFile {
  const rows = parse(file.text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  const [header, ...body] = rows;
  if (!header) throw new Error(`${file.name}: the file is empty`);
  let layout: ReturnType<typeof readHeader>;
  try {
    layout = readHeader(header.record);
  } catch (error) {
    throw new Error(`${file.name}:1: ${(error as Error).message}`);
  }
  const problems: RowProblem[] = [];
  const byKey = new Map<string, { record: MatchRecord; line: number }>();
  for (const { record: cells, info } of body) {
    if (cells.every((c) => c.trim() === "")) continue;
    try {
      const record = readRow(cells, layout);
      const earlier = byKey.get(record.sourceKey);
      if (earlier)
        problems.push({
          file: file.name,
          line: earlier.line,
          message: `same match again on line ${info.lines}; the later row is kept`,
        });
      byKey.set(record.sourceKey, { record, line: info.lines });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      problems.push({ file: file.name, line: info.lines, message: error.message });
    }
  }
  return { records: [...byKey.values()].map((v) => v.record), problems, rows: body.length };
}

export interface ImportOptions {
  /** Skip a file whose exact content was imported before (used for the bundled dataset at start). */
  skipKnown?: boolean;
  /** a provider's sync: moved (postponed) matches keep their fixture (src/db/import-writes.ts) */
  reconcileMoved?: boolean;
  /**
   * A provider's sync: a team name that is no stored team's is matched by the rules of
   * src/domain/football-data/team-names.ts; one that still matches none becomes a new team only in a league with no
   * fixture before `newLeagueBefore` (its first season here), else its rows are left out and reported in `unmatched`.
   */
  resolveTeams?: { newLeagueBefore: Date };
  /** a sync of upcoming fixtures read its current prices at this moment (src/db/import-writes.ts) */
  seenAt?: Date;
}

async function resolvedRecords(
  client: PoolClient,
  records: MatchRecord[],
  newLeagueBefore: Date,
): Promise<{ records: MatchRecord[]; unmatched: UnmatchedTeam[] }> {
  const countries = await teamsOfCountries(client, [...new Set(records.map((r) => r.countryCode))]);
  const leagueKeys = [...new Set(records.map((r) => r.leagueKey))];
  const known = await leaguesWithFixturesBefore(client, leagueKeys, newLeagueBefore);
  return resolveRecordTeams(records, countries, new Set(leagueKeys.filter((k) => !known.has(k))));
}

/** Imports one file in one transaction: either all of its valid rows land, or nothing does. */
export async function importFile(pool: Pool, file: SourceFile, options: ImportOptions = {}): Promise<ImportResult> {
  if (options.skipKnown && (await fileAlreadyImported(pool, file.name, file.sha256))) {
    return {
      file: file.name,
      rows: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      skipped: 0,
      problems: [],
      unmatched: [],
      alreadyImported: true,
    };
  }
  const parsed = parseFootballData(file);
  return inTransaction(pool, async (client) => {
    const { records, unmatched } = options.resolveTeams
      ? await resolvedRecords(client, parsed.records, options.resolveTeams.newLeagueBefore)
      : { records: parsed.records, unmatched: [] };
    const counts = await writeMatches(client, records, await currentShiftMs(client), {
      reconcileMoved: options.reconcileMoved ?? false,
      seenAt: options.seenAt,
    });
    const rejected = parsed.rows - parsed.records.length;
    const skipped = counts.unchanged + rejected + (parsed.records.length - records.length);
    // A file with rows left out is not recorded as imported: once an alias is added, the same content must import.
    if (unmatched.length === 0)
      await recordImportedFile(client, file.name, file.sha256, {
        added: counts.added,
        updated: counts.updated,
        skipped,
      });
    return {
      file: file.name,
      rows: parsed.rows,
      added: counts.added,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected,
      skipped,
      problems: parsed.problems,
      unmatched,
      alreadyImported: false,
    };
  });
}
