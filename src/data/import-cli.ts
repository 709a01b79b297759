/**
 * npm run import -- <file|url>...: imports football-data.co.uk CSV files into the configured database. Beside a
 * running `npm start` on the embedded database it uses that server's PostgreSQL (as `npm run admin` does).
 */
import { loadConfig } from "../config.ts";
import { connect } from "../db/client.ts";
import { runningEmbeddedUrl } from "../db/embedded.ts";
import { readSource } from "./csv-source.ts";
import { importFile } from "./importer.ts";
import { openDatabase } from "./open-database.ts";

async function main(): Promise<number> {
  const locations = process.argv.slice(2).filter((a) => a !== "--");
  if (locations.length === 0) {
    console.error("usage: npm run import -- <file|url>...");
    return 2;
  }
  const config = loadConfig();
  // A running Pitchlab owns the embedded PostgreSQL: talk to it rather than start another on the same files.
  const running = config.DATABASE_URL ? null : await runningEmbeddedUrl(config.DATA_DIR);
  const database = running ? connect(running, 2) : await openDatabase(config, (m) => console.error(m));
  if (running) console.log("importing into the running Pitchlab's database");
  const totals = { added: 0, updated: 0, unchanged: 0, rejected: 0 };
  let failed = 0;
  try {
    for (const location of locations) {
      try {
        const result = await importFile(database.pool, await readSource(location));
        console.log(
          `${location}: ${result.rows} rows: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.rejected} rejected`,
        );
        for (const p of result.problems) console.log(`  ${p.file} line ${p.line}: ${p.message}`);
        totals.added += result.added;
        totals.updated += result.updated;
        totals.unchanged += result.unchanged;
        totals.rejected += result.rejected;
      } catch (error) {
        failed++;
        console.error(`${location}: not imported (nothing was written): ${(error as Error).message}`);
      }
    }
    const listed = totals.rejected > 0 ? " (listed above with file and line)" : "";
    console.log(
      `fixtures added ${totals.added}, updated ${totals.updated}, unchanged ${totals.unchanged}; rows rejected ${totals.rejected}${listed}${failed ? `; ${failed} file(s) failed` : ""}`,
    );
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
