import type { Config } from "../../config.ts";
import { importBundledDataset } from "../../data/bundled-dataset.ts";
import type { Pool } from "../../db/client.ts";
import { anyFileImported } from "../../db/import-writes.ts";
import type { Logger } from "../../logger.ts";
import type { DatasetStatus } from "../../services/health.ts";

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * The bundled dataset at start. Only the process that owns the site imports it; web and worker processes never
 * do. `dataset` is the health endpoint's view of the import, updated as files are done.
 * Returns the import's promise once the site may serve: at once on a restart (the files imported before are there;
 * checking the 219 files for a change takes a second the site need not wait for, and health says "importing" until
 * it is done), after the import on a first start.
 */
export async function importOnStart(
  config: Config,
  pool: Pool,
  dataset: DatasetStatus,
  log: Logger,
): Promise<{ done: Promise<void> }> {
  if (!config.IMPORT_ON_START || config.ROLE !== "all") {
    dataset.state = "ready";
    return { done: Promise.resolve() };
  }
  const restart = await anyFileImported(pool);
  const done = importBundled(config, pool, dataset, log);
  // Handled here so that a failure before main awaits it is not an unhandled rejection; main still sees it.
  done.catch(() => {});
  if (!restart) await done;
  return { done };
}

async function importBundled(config: Config, pool: Pool, dataset: DatasetStatus, log: Logger): Promise<void> {
  dataset.state = "importing";
  let matches = 0;
  let milestone = 0;
  const importStarted = performance.now();
  const summary = await importBundledDataset(pool, config.DATASET_DIR, ({ done, total, result }) => {
    dataset.filesDone = done;
    dataset.filesTotal = total;
    matches += result.added;
    for (const p of result.problems) log.warn(`${p.file} line ${p.line} rejected: ${p.message}`);
    if (result.alreadyImported) return;
    // A quarter at a time: four lines for a first start, none for a restart.
    const quarter = Math.floor((4 * done) / total);
    if (quarter > milestone && done < total) {
      milestone = quarter;
      log.info(
        `importing the bundled dataset: ${quarter * 25}% (${done} of ${total} files, ${count(matches)} matches)`,
      );
    }
  });
  dataset.state = "ready";
  const seconds = ((performance.now() - importStarted) / 1000).toFixed(0);
  if (summary.imported > 0) {
    const rejected = summary.problems > 0 ? `; ${summary.problems} rows rejected, listed above` : "";
    log.info(
      `dataset imported: ${count(summary.added)} matches added, ${count(summary.updated)} updated, from ${summary.imported} files in ${seconds} s${rejected}`,
    );
  } else {
    log.info(`dataset already imported (${summary.files} files)`);
  }
}
