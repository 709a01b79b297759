import PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";
import { startLiveTicker } from "./live.ts";
import { startPrematchJobs } from "./prematch.ts";
import { startAlertJobs } from "./alerts.ts";
import { startScale } from "./scale.ts";

export interface JobRunner {
  status(): Promise<{ running: boolean; queues: number; live?: import("./live.ts").TickerStats }>;
  stop(): Promise<void>;
}

const CLOCK_REFRESH = "clock-refresh";
const PREDICTIONS_REFRESH = "predictions-refresh";
const ACCOUNTS_CLEANUP = "accounts-cleanup";
const SANDBOX_RENEWALS = "sandbox-renewals";
const PREVIEWS_WRITE = "previews-write";
const VALUE_BETS = "value-bets";
const TELEGRAM_GROUP = "telegram-group";
const TREND_BOT = "trend-bot";
const PRECOMPUTE = "precompute-refresh";
const DELIVERY_INTERVAL_MS = 10_000;

/** The part of pg-boss the runner uses: a test can hand in its own (tests/unit/job-runner.test.ts). */
export type JobQueue = Pick<
  PgBoss,
  "on" | "start" | "createQueue" | "schedule" | "work" | "getQueues" | "send" | "stop"
>;

/** A run that writes at least this many predictions is a back-fill, worth a progress line per quarter. */
const BACKFILL_MIN = 10_000;

/** Logs the prediction back-fill's progress a quarter at a time (the state the pipeline saves as it writes). */
function watchBackfill(services: Services, log: Logger) {
  let milestone = 0;
  let backfill = false;
  const timer = setInterval(() => {
    services.pipeline
      .status()
      .then((state) => {
        if (state?.phase !== "writing" || state.total < BACKFILL_MIN) return;
        if (!backfill)
          log.info(
            `computing the predictions of ${state.total.toLocaleString("en-GB")} matches (walk-forward back-fill)`,
          );
        backfill = true;
        const quarter = Math.floor((4 * state.done) / state.total);
        if (quarter > milestone && quarter < 4) {
          milestone = quarter;
          log.info(`computing predictions: ${quarter * 25}%`);
        }
      })
      .catch(() => {});
  }, 1000);
  return { backfill: () => backfill, stop: () => clearInterval(timer) };
}

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

  // Predictions follow the results as matches end; "stately" keeps one run queued and one running at most.
  // A run takes well under a minute, so a job left active by a killed process expires after 10.
  await boss.createQueue(PREDICTIONS_REFRESH, { name: PREDICTIONS_REFRESH, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(PREDICTIONS_REFRESH, "*/5 * * * *");
  const refresh = async () => {
    const started = performance.now();
    const watch = watchBackfill(services, log);
    try {
      const state = await services.pipeline.refresh();
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      if (watch.backfill())
        log.info(`predictions ready: ${state.written.toLocaleString("en-GB")} matches predicted in ${seconds} s`);
      else if (state.written > 0) log.info(`predictions refreshed: ${state.written} of ${state.total} changed`);
      else log.debug("predictions refreshed: nothing changed");
    } finally {
      watch.stop();
    }
  };
  await boss.work(PREDICTIONS_REFRESH, refresh);
  // Match previews: written a few days before kick-off, rewritten while their facts change, frozen at kick-off.
  await boss.createQueue(PREVIEWS_WRITE, { name: PREVIEWS_WRITE, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(PREVIEWS_WRITE, "*/15 * * * *");
  const writePreviews = async () => log.info(await services.previews.writeDue(), "match previews written");
  await boss.work(PREVIEWS_WRITE, writePreviews);
  // The value-bet bot looks at the next 48 hours every hour ("stately": one run at a time across workers); its
  // first run comes once the predictions' back-fill is done, so that it can replay the history.
  await boss.createQueue(VALUE_BETS, { name: VALUE_BETS, policy: "stately", expireInSeconds: 900 });
  await boss.schedule(VALUE_BETS, "3 * * * *");
  await boss.work(VALUE_BETS, async () => {
    const { picked, replayed } = await services.valueBets.scan();
    log.info({ picked: picked.length, replayed }, "value bets scanned");
  });

  // The trend bot: the strongest trends of the next 24 hours, every hour, each sent once.
  await boss.createQueue(TREND_BOT, { name: TREND_BOT, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(TREND_BOT, "33 * * * *");
  await boss.work(TREND_BOT, async () => {
    const { trends, notified } = await services.trendBot.send();
    if (notified > 0) log.info({ trends, notified }, "trend bot sent");
  });

  // Figures pages would otherwise recompute per request (team pages, pre-match statistics, league averages): kept
  // ready for the teams and fixtures around now; each minute recomputes those a result or kick-off made stale.
  // Asked for once at start too, so a fresh site does not wait for the first minute.
  await boss.createQueue(PRECOMPUTE, { name: PRECOMPUTE, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(PRECOMPUTE, "* * * * *");
  await boss.work(PRECOMPUTE, async () => {
    const computed = await services.precompute.refresh();
    log.debug(computed, "precomputed figures refreshed");
  });
  await boss.send(PRECOMPUTE, {});

  // Members whose premium has ended leave the private Telegram group within the hour.
  await boss.createQueue(TELEGRAM_GROUP, { name: TELEGRAM_GROUP, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(TELEGRAM_GROUP, "41 * * * *");
  await boss.work(TELEGRAM_GROUP, async () => {
    const { removed } = await services.telegramGroup.removeLapsed();
    if (removed > 0) log.info({ removed }, "lapsed members removed from the Telegram group");
  });

  // At start the back-fill resumes at once in this process, not behind a job a killed process left active;
  // the previews follow it, since they quote the predictions, and so does the value-bet bot's first run.
  // A worker joining a running site whose back-fill is done leaves the next run to the schedule (one worker at a
  // time): a whole walk-forward sweep in every worker that starts would starve its live work and its heartbeat.
  const joining = services.scale.role === "worker" && (await services.pipeline.backfilled().catch(() => false));
  (joining
    ? Promise.resolve()
    : refresh()
        .then(writePreviews)
        .then(() => boss.send(VALUE_BETS, {}))
  ).catch((error: Error & { code?: string }) => {
    // 57P01: the database is shutting down with us (Ctrl-C during the back-fill); the next start resumes it.
    if (running && error.code !== "57P01") log.error({ err: error }, "prediction refresh or previews failed");
  });

  await startPrematchJobs(boss, services, log);

  // Live-filter backtests answer at once: their timelines are loaded now, not by the first member who asks.
  void services.liveBacktest.warm().then(
    (held) => log.info(held, "live backtest timelines loaded"),
    (error) => log.error({ err: error }, "live backtest timelines failed to load"),
  );

  // Match notifications go out every 10 s. pg-boss schedules per minute at best, so a timer drives them; a run
  // never overlaps the previous one, and runs in other workers are harmless: each event is recorded once in
  // the push outbox and each unsent row is locked by the run that sends it.
  let delivering: Promise<void> | null = null;
  const deliveryTimer = setInterval(() => {
    if (delivering) return;
    delivering = services.matchNotifications
      .deliver()
      .then((report) => {
        if (report.sent + report.failed + report.gone > 0) log.info(report, "match notifications delivered");
      })
      .catch((error) => log.error({ err: error }, "match notification delivery failed"))
      .finally(() => {
        delivering = null;
      });
  }, DELIVERY_INTERVAL_MS);

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
      clearInterval(deliveryTimer);
      await liveTicker.stop();
      await scale.stop();
      await delivering;
      await stopAlerts();
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
