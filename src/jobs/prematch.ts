import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const BACKTEST = "prematch-backtest";
const PENDING = "prematch-backtests-pending";
const ALERTS = "prematch-alerts";

/**
 * Jobs of the pre-match scanner: backtests go through a pg-boss queue (a submission runs at once in the process
 * that took it; the queue lets any worker take one a stopped process left), the feature store is warmed at start,
 * and every minute the alert job records the picks of filters whose lead time has come and grades ended ones.
 */
export async function startPrematchJobs(boss: PgBoss, services: Services, log: Logger, deliver?: (picks: Awaited<ReturnType<Services["prematch"]["findAlerts"]>>) => Promise<void>) {
  const p = services.prematch;
  await boss.createQueue(BACKTEST);
  await boss.work<{ id: number }>(BACKTEST, async (jobs) => {
    for (const job of jobs) await p.runBacktest(job.data.id);
  });
  p.setQueue(async (id) => {
    await boss.send(BACKTEST, { id });
  });

  await boss.createQueue(PENDING, { name: PENDING, policy: "stately" });
  await boss.schedule(PENDING, "* * * * *");
  await boss.work(PENDING, async () => {
    const n = await p.runPending();
    if (n > 0) log.info({ backtests: n }, "queued backtests run");
  });

  await boss.createQueue(ALERTS, { name: ALERTS, policy: "stately", expireInSeconds: 300 });
  await boss.schedule(ALERTS, "* * * * *");
  await boss.work(ALERTS, async () => {
    const picks = await p.findAlerts();
    if (deliver && picks.length > 0) await deliver(picks);
    const graded = await p.gradePicks();
    if (picks.length + graded > 0) log.info({ picks: picks.length, graded }, "pre-match alerts checked");
  });

  p.warm()
    .then((s) => log.info(s, "pre-match feature store loaded"))
    .catch((error) => log.error({ err: error }, "pre-match feature store failed to load"));
}
