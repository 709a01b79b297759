import PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

export interface JobRunner {
  status(): Promise<{ running: boolean; queues: number }>;
  stop(): Promise<void>;
}

const CLOCK_REFRESH = "clock-refresh";

/** Background jobs on pg-boss, sharing the application's PostgreSQL; several workers may run at once. */
export async function startJobs(databaseUrl: string, services: Services, log: Logger): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  let running = false;
  boss.on("error", (error: Error & { code?: string }) => {
    // 57P01: the database is shutting down with us; not worth an error line.
    if (running && error.code !== "57P01") log.error({ err: error }, "job queue error");
  });
  await boss.start();
  running = true;

  await boss.createQueue(CLOCK_REFRESH);
  // The replay is re-shifted when today leaves the newest season; hourly is plenty for a weekly shift.
  await boss.schedule(CLOCK_REFRESH, "7 * * * *");
  await boss.work(CLOCK_REFRESH, async () => {
    await services.clock.refresh();
    log.info({ shiftWeeks: services.clock.shiftWeeks() }, "replay clock checked");
  });

  return {
    async status() {
      return { running, queues: (await boss.getQueues()).length };
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
