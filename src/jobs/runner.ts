import PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";
import { startAlertJobs } from "./alerts.ts";
import { startHousekeepingJobs } from "./housekeeping.ts";
import { startSyncJobs } from "./sync.ts";
import { startSportmonksSync } from "./sportmonks-sync.ts";
import { startLiveTicker } from "./live.ts";
import { startMatchNotifications } from "./notifications.ts";
import { startFigureJobs, startPredictionJobs } from "./predictions.ts";
import { startPrematchJobs } from "./prematch.ts";
import { startScale } from "./scale.ts";

export interface JobRunner {
  status(): Promise<{ running: boolean; queues: number; live?: import("./live.ts").TickerStats }>;
  stop(): Promise<void>;
}

/** The part of pg-boss the runner uses: a test can hand in its own (tests/unit/job-runner.test.ts). */
export type JobQueue = Pick<
  PgBoss,
  "on" | "start" | "createQueue" | "schedule" | "work" | "getQueues" | "send" | "stop"
>;

/** Background jobs on pg-boss, sharing the application's PostgreSQL; several workers may run at once. */
export async function startJobs(
  databaseUrl: string,
  services: Services,
  log: Logger,
  options: { queue?: JobQueue } = {},
): Promise<JobRunner> {
  const boss: JobQueue = options.queue ?? new PgBoss({ connectionString: databaseUrl, max: 4 });
  let running = false;
  boss.on("error", (error: Error & { code?: string }) => {
    // 57P01: the database is shutting down with us; not worth an error line.
    if (running && error.code !== "57P01") log.error({ err: error }, "job queue error");
  });
  // One process at a time sets the queues and schedules up (they are shared); released once they are.
  const releaseSetup = await services.scale.setupLock();
  await boss.start();
  running = true;

  await startHousekeepingJobs(boss, services, log);
  await startFigureJobs(boss, services, log);
  await startPredictionJobs(boss, services, log, () => running);
  await startPrematchJobs(boss, services, log);
  await startSyncJobs(boss, services, log);
  await startSportmonksSync(boss, services, log);

  // Live-filter backtests answer at once: their timelines are loaded now, not by the first member who asks.
  void services.liveBacktest.warm().then(
    (held) => log.info(held, "live backtest timelines loaded"),
    (error) => log.error({ err: error }, "live backtest timelines failed to load"),
  );

  const notifications = startMatchNotifications(services, log);

  // The live work is shared out by shards among the workers (src/services/scale.ts); the ticker runs on this
  // worker's part and starts at once on a new one.
  // The scanner compiles its filters first: a worker holding shards must not stall its heartbeat doing so.
  await services.liveScanner
    .warm()
    .then((filters) => log.info({ filters }, "live scanner ready"))
    .catch((error) =>
      log.error({ err: error }, "live scanner failed to load its filters; it tries again at the first tick"),
    );
  let wakeTicker = () => {};
  const scale = await startScale(services, log, () => wakeTicker());
  const liveTicker = startLiveTicker(services, log);
  wakeTicker = liveTicker.wake;
  const stopAlerts = await startAlertJobs(boss, services, log);
  await releaseSetup();

  return {
    async status() {
      return { running, queues: (await boss.getQueues()).length, live: liveTicker.stats() };
    },
    async stop() {
      running = false;
      // All at once (one after the other they took 4.5 s under load): the live work hands its shards over once its
      // tick is done; jobs still running after 2 s are left to expire and run again elsewhere.
      await Promise.all([
        liveTicker.stop().then(() => scale.stop()),
        notifications.stop(),
        stopAlerts(),
        boss.stop({ graceful: true, timeout: 2000, wait: true }),
      ]);
    },
  };
}
