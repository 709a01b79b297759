import type PgBoss from "pg-boss";
import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";

/** The queue of the prediction refresh: the syncs send to it when they brought new fixtures, prices or results. */
export const PREDICTIONS_REFRESH = "predictions-refresh";
const PREVIEWS_WRITE = "previews-write";
const VALUE_BETS = "value-bets";
const TREND_BOT = "trend-bot";
const PRECOMPUTE = "precompute-refresh";

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

/**
 * The predictions and what follows them: the refresh (the back-fill at start), the match previews and the
 * value-bet bot. `isRunning` says whether the job queue still runs (a failure while it stops is expected).
 */
export async function startPredictionJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
  isRunning: () => boolean,
) {
  // Predictions follow the results as matches end; "stately" keeps one run queued and one running at most.
  // A run takes well under a minute, so a job left active by a killed process expires after 10.
  await boss.createQueue(PREDICTIONS_REFRESH, { name: PREDICTIONS_REFRESH, policy: "stately", expireInSeconds: 600 });
  await boss.schedule(PREDICTIONS_REFRESH, "*/5 * * * *");
  const refresh = async () => {
    // A caller finding a run already going (the job queued at start while the start's own run goes on, or a sync
    // that brought fixtures during the back-fill) waits for it silently, then runs once more: what changed after
    // that run read its inputs must not wait for the 5-minute schedule (a real-mode first start's fixtures did).
    if (services.pipeline.busy()) await services.pipeline.refresh().catch(() => {});
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
    if (isRunning() && error.code !== "57P01") log.error({ err: error }, "prediction refresh or previews failed");
  });
}

/** Figures kept ready for pages, and the trend bot that reads them. */
export async function startFigureJobs(
  boss: Pick<PgBoss, "createQueue" | "schedule" | "work" | "send">,
  services: Services,
  log: Logger,
) {
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
}
