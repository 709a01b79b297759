import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const BACKTEST = "prematch-backtest";
const PENDING = "prematch-backtests-pending";
const ALERTS = "prematch-alerts";

/**
 * Jobs of the pre-match scanner: backtests go through a pg-boss queue (a submission runs at once in the process
 * that took it; the queue lets any worker take one a stopped process left), the feature store is warmed at start,
 * and every minute the alert job records the picks of filters whose lead time has come (once, through the
 * shared alerts module, which delivers and grades them).
 */
export async function startPrematchJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
) {
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
    // Delivery (outbox → Telegram, push, in-app) and grading after the match are the alerts jobs' work.
    const picks = await p.findAlerts();
    if (picks.length > 0)
      log.info(
        { picks: picks.length, sent: picks.filter((x) => x.delivery === "sent").length },
        "pre-match alerts recorded",
      );
  });

  p.warm()
    .then((s) => log.info(s, "pre-match feature store loaded"))
    .catch((error) => log.error({ err: error }, "pre-match feature store failed to load"));
}
