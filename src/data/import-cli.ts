/** npm run import -- <file|url>...: imports football-data.co.uk CSV files into the configured database. */
import { loadConfig } from "../config.ts";
import { openDatabase } from "./open-database.ts";
import { readSource } from "./csv-source.ts";
import { importFile } from "./importer.ts";

async function main(): Promise<number> {
  const locations = process.argv.slice(2).filter((a) => a !== "--");
  if (locations.length === 0) {
    console.error("usage: npm run import -- <file|url>...");
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config, (m) => console.error(m));
  const totals = { added: 0, updated: 0, skipped: 0 };
  let failed = 0;
  try {
    for (const location of locations) {
      try {
        const result = await importFile(database.pool, await readSource(location));
        for (const p of result.problems) console.error(`${p.file}:${p.line}: skipped: ${p.message}`);
        console.log(`${location}: ${result.rows} rows, ${result.added} added, ${result.updated} updated, ${result.skipped} skipped`);
        totals.added += result.added;
        totals.updated += result.updated;
        totals.skipped += result.skipped;
      } catch (error) {
        failed++;
        console.error(`${location}: not imported (nothing was written): ${(error as Error).message}`);
      }
    }
    console.log(`fixtures added ${totals.added}, updated ${totals.updated}, skipped ${totals.skipped}${failed ? `; ${failed} file(s) failed` : ""}`);
  } finally {
    await database.close();
  }
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
