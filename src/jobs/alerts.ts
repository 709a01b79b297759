import type PgBoss from "pg-boss";
import { BOTS } from "../services/telegram-bots.ts";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const ALERTS_GRADE = "alerts-grade";
const ALERTS_DAILY_REPORT = "alerts-daily-report";
/** Telegram rows go out within a couple of seconds of being written. */
const TELEGRAM_DELIVERY_MS = 2_000;
const POLL_TIMEOUT_SECONDS = 25;

/**
 * The alert jobs: Telegram delivery every 2 s and when this process recorded picks (runs in several workers
 * share the rows through their leases), grading of ended matches every 5 minutes, the daily Excel reports every
 * 15 minutes (each user's midnight passes in one of them), and long polling of the bots that have a token
 * (/start linking). Returns a stop function.
 */
export async function startAlertJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work">,
  services: Services,
  log: Logger,
): Promise<() => Promise<void>> {
  let stopped = false;

  await boss.createQueue(ALERTS_GRADE, { name: ALERTS_GRADE, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(ALERTS_GRADE, "*/5 * * * *");
  await boss.work(ALERTS_GRADE, async () => {
    const { graded } = await services.alerts.grade();
    if (graded > 0) log.info({ graded }, "alert picks graded");
  });

  await boss.createQueue(ALERTS_DAILY_REPORT, { name: ALERTS_DAILY_REPORT, policy: "stately", expireInSeconds: 900 });
  await boss.schedule(ALERTS_DAILY_REPORT, "*/15 * * * *");
  await boss.work(ALERTS_DAILY_REPORT, async () => {
    const report = await services.alerts.sendDailyReports();
    if (report.sent > 0) log.info(report, "daily alert reports sent");
  });

  // A run starts on the timer and as soon as this process recorded picks that send something; a request during
  // a run starts another one after it (the run may have claimed its rows before the new ones were committed).
  let delivering: Promise<void> | null = null;
  let again = false;
  const deliver = () => {
    if (stopped) return;
    if (delivering) {
      again = true;
      return;
    }
    again = false;
    delivering = services.alerts
      .deliver()
      .then((report) => {
        if (report.sent + report.failed + report.retried > 0) log.info(report, "telegram alerts delivered");
      })
      .catch((error) => log.error({ err: error }, "telegram alert delivery failed"))
      .finally(() => {
        delivering = null;
        if (again) deliver();
      });
  };
  const timer = setInterval(deliver, TELEGRAM_DELIVERY_MS);
  const stopListening = services.alerts.onQueued(deliver);

  // Long polling, one loop per bot with a token. Telegram allows one poller per token: among several workers
  // only the one holding shard 0 polls (src/services/scale.ts); another takes over within seconds if it dies.
  const polls =
    services.alerts.telegram.mode() === "bot-api"
      ? BOTS.map(async (bot) => {
          while (!stopped) {
            if (!services.scale.leads()) {
              await new Promise((resolve) => setTimeout(resolve, 1000));
              continue;
            }
            try {
              await services.alerts.telegram.poll(bot, POLL_TIMEOUT_SECONDS);
            } catch (error) {
              log.warn({ err: error, bot }, "telegram polling failed; retrying in 10 s");
              await new Promise((resolve) => setTimeout(resolve, 10_000));
            }
            if (!services.alerts.telegram.pollable(bot)) return;
          }
        })
      : [];

  return async () => {
    stopped = true;
    clearInterval(timer);
    stopListening();
    await delivering;
    // A poll in flight ends with its long-poll time-out; the process does not wait for it.
    void Promise.allSettled(polls);
  };
}
