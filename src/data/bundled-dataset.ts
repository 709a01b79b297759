import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Pool } from "../db/client.ts";
import { readSource } from "./csv-source.ts";
import { type ImportResult, importFile } from "./importer.ts";

/** The bundled files in import order: main-division seasons oldest first, then the extra-league countries. */
export async function listBundledFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const seasons = entries
    .filter((e) => e.isDirectory() && /^\d{4}-\d{4}$/.test(e.name))
    .map((e) => e.name)
    .sort();
  const files: string[] = [];
  for (const season of seasons) {
    for (const name of (await readdir(path.join(dir, season))).sort()) {
      if (/\.csv(\.gz)?$/.test(name)) files.push(path.join(season, name));
    }
  }
  const extra = path.join(dir, "extra");
  for (const name of (await readdir(extra).catch(() => [])).sort()) {
    if (/\.csv(\.gz)?$/.test(name)) files.push(path.join("extra", name));
  }
  return files;
}

export interface DatasetProgress {
  done: number;
  total: number;
  result: ImportResult;
}

export interface DatasetSummary {
  files: number;
  imported: number;
  added: number;
  updated: number;
  skipped: number;
  problems: number;
}

/** Imports every bundled file not yet imported with the same content; a restart skips what is there. */
export async function importBundledDataset(
  pool: Pool,
  dir: string,
  onProgress: (progress: DatasetProgress) => void,
): Promise<DatasetSummary> {
  const files = await listBundledFiles(dir);
  const summary: DatasetSummary = { files: files.length, imported: 0, added: 0, updated: 0, skipped: 0, problems: 0 };
  for (const [i, relative] of files.entries()) {
    const source = await readSource(path.join(dir, relative), relative.replace(/\.gz$/, ""));
    const result = await importFile(pool, source, { skipKnown: true });
    if (!result.alreadyImported) {
      summary.imported++;
      summary.added += result.added;
      summary.updated += result.updated;
      summary.skipped += result.skipped;
      summary.problems += result.problems.length;
    }
    onProgress({ done: i + 1, total: files.length, result });
  }
  return summary;
}
