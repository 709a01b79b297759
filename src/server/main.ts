import { ConfigError, loadConfig } from "../config.ts";
import { type JobRunner, startJobs } from "../jobs/runner.ts";
import { createLogger, logFormat } from "../logger.ts";
import type { DatasetStatus } from "../services/health.ts";
import { createServices } from "../services/index.ts";
import { newInstance } from "../services/scale.ts";
import { ensurePortFree } from "./port-check.ts";
import { createAdapters } from "./start/adapters.ts";
import { startClock } from "./start/clock.ts";
import { openSiteDatabase } from "./start/database.ts";
import { importOnStart } from "./start/dataset.ts";
import { watchLoopDelay } from "./start/loop-delay.ts";
import { serveSite } from "./start/serve.ts";
import { type Lifecycle, stopOnSignals } from "./start/shutdown.ts";

/** Set once the database is open, so that a failed start still stops the embedded PostgreSQL. */
let closeDatabase: (() => Promise<void>) | null = null;

/**
 * The process: the database (src/server/start/database.ts), the bundled dataset, the clock, the adapters of the
 * outside world, the services, the change listener, the jobs (all, worker), the HTTP server, and the shutdown.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, logFormat(config.LOG_FORMAT));
  const loopDelay = watchLoopDelay();
  await ensurePortFree(config.PORT, config.HOST);

  const role = config.ROLE;
  const instance = newInstance(role);
  const database = await openSiteDatabase(config, instance.id, log);
  closeDatabase = database.close;
  const dataset: DatasetStatus = { state: "pending", filesDone: 0, filesTotal: 0 };
  const imported = await importOnStart(config, database.pool, dataset, log);
  const clock = await startClock(config, database.pool, log);

  let jobs: JobRunner | null = null;
  let jobsStarting = false;
  const adapters = await createAdapters(config, database.pool, log);
  const services = createServices(
    { ...adapters.context, pool: database.pool, clock, instance },
    {
      dataset: () => dataset,
      jobs: async () => (jobs ? jobs.status() : jobsStarting ? { running: false, starting: true, queues: 0 } : null),
      loopDelay: loopDelay.report,
    },
  );
  const lifecycle: Lifecycle = { stopping: false };
  // What other processes change and this one keeps in memory (new predictions, live filters) arrives by NOTIFY.
  await services.changes.listen(database.url, (error: Error & { code?: string }) => {
    if (!lifecycle.stopping && error.code !== "57P01")
      log.warn({ err: error }, "database: the change listener's connection failed; reconnecting");
  });
  const runJobs = role === "worker" || (role === "all" && config.JOBS);
  // Pages and the API answer first; the jobs start behind them (health says "starting" until they run).
  const server = await serveSite(config, services, adapters, { clock, runJobs, log });
  // A signal while the jobs start waits for them (bounded) and stops them: left running, pg-boss's connections
  // would hold the database's shutdown for seconds.
  let jobsStart: Promise<JobRunner | null> = Promise.resolve(null);
  stopOnSignals(lifecycle, { server, jobs: () => jobsStart, services, database, log });
  // A restart's check of the bundled files runs behind the served site; it fails the start as a first import would
  // (unless a signal is stopping the process and took the database away from it). The jobs read the dataset: they
  // start once it is done.
  jobsStarting = runJobs;
  const checked = await imported.done.then(
    () => true,
    (error: unknown) => {
      if (lifecycle.stopping) return false;
      throw error;
    },
  );
  if (checked && runJobs && !lifecycle.stopping) {
    jobsStart = startJobs(database.url, services, log);
    jobs = await jobsStart.catch((error: unknown) => {
      if (lifecycle.stopping) return null;
      throw error;
    });
  }
  jobsStarting = false;
}

main().catch(async (error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Pitchlab could not start: ${error instanceof Error ? error.message : error}`,
  );
  await closeDatabase?.().catch(() => {});
  process.exit(1);
});
