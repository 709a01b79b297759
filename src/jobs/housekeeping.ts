import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

const CLOCK_REFRESH = "clock-refresh";
const ACCOUNTS_CLEANUP = "accounts-cleanup";
const SANDBOX_RENEWALS = "sandbox-renewals";
const TELEGRAM_GROUP = "telegram-group";

/** Housekeeping on pg-boss schedules: the replay clock, expired sessions and links, sandbox renewals, the group. */
export async function startHousekeepingJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
) {
  await boss.createQueue(CLOCK_REFRESH);
  // The replay is re-shifted when today leaves the newest season; hourly is plenty for a weekly shift.
  await boss.schedule(CLOCK_REFRESH, "7 * * * *");
  await boss.work(CLOCK_REFRESH, async () => {
    await services.clock.refresh();
    log.info({ shiftWeeks: services.clock.shiftWeeks() }, "replay clock checked");
  });

  // Expired sessions, used links and old rate-limit windows; nothing depends on them being gone sooner.
  await boss.createQueue(ACCOUNTS_CLEANUP);
  await boss.schedule(ACCOUNTS_CLEANUP, "23 * * * *");
  await boss.work(ACCOUNTS_CLEANUP, async () => {
    log.info({ removed: await services.accounts.cleanUp() }, "expired sessions and links removed");
  });

  // The offline payment sandbox renews (or ends) subscriptions whose period is over, as Stripe would.
  if (services.payments.sandbox.enabled) {
    await boss.createQueue(SANDBOX_RENEWALS);
    await boss.schedule(SANDBOX_RENEWALS, "*/10 * * * *");
    await boss.work(SANDBOX_RENEWALS, async () => {
      const renewed = await services.payments.sandbox.renewDue();
      if (renewed > 0) log.info({ renewed }, "sandbox subscriptions renewed or ended");
    });
  }

  // Members whose premium has ended leave the private Telegram group within the hour.
  await boss.createQueue(TELEGRAM_GROUP, { name: TELEGRAM_GROUP, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(TELEGRAM_GROUP, "41 * * * *");
  await boss.work(TELEGRAM_GROUP, async () => {
    const { removed } = await services.telegramGroup.removeLapsed();
    if (removed > 0) log.info({ removed }, "lapsed members removed from the Telegram group");
  });
}
