import { createServer } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "../config.ts";
import { importBundledDataset } from "../data/bundled-dataset.ts";
import { setupClock } from "../data/clock.ts";
import { createCaptcha } from "../data/captcha.ts";
import { createMailer } from "../data/mail/mailer.ts";
import { createOAuthProviders } from "../data/oauth.ts";
import { openDatabase } from "../data/open-database.ts";
import { paymentsSettings } from "../data/payments/settings.ts";
import { createPushSender } from "../data/push/sender.ts";
import { loadVapidKeys } from "../data/push/vapid.ts";
import { createTelegram } from "../data/telegram/index.ts";
import { type JobRunner, startJobs } from "../jobs/runner.ts";
import { createLogger } from "../logger.ts";
import { createServices } from "../services/index.ts";
import type { DatasetStatus } from "../services/health.ts";
import { createHttpApp, loadWebBuild } from "./http.ts";

function ensurePortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${port} on ${host} is already in use; stop the other program or start with PORT=<another port>`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}

/** Set once the database is open, so that a failed start still stops the embedded PostgreSQL. */
let closeDatabase: (() => Promise<void>) | null = null;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  await ensurePortFree(config.PORT, config.HOST);

  const database = await openDatabase(config, (message) => log.info(message));
  closeDatabase = database.close;
  log.info({ embedded: database.embedded }, "database ready, migrations applied");

  const dataset: DatasetStatus = { state: "pending", filesDone: 0, filesTotal: 0 };
  if (config.IMPORT_ON_START) {
    dataset.state = "importing";
    let matches = 0;
    const summary = await importBundledDataset(database.pool, config.DATASET_DIR, ({ done, total, result }) => {
      dataset.filesDone = done;
      dataset.filesTotal = total;
      matches += result.added;
      for (const p of result.problems) log.warn(`${p.file}:${p.line}: row skipped: ${p.message}`);
      if (!result.alreadyImported && (done % 20 === 0 || done === total)) {
        log.info(`importing the bundled dataset: ${done}/${total} files, ${matches} matches added`);
      }
    });
    dataset.state = "ready";
    if (summary.imported > 0) {
      log.info(`dataset imported: fixtures added ${summary.added}, updated ${summary.updated}, skipped ${summary.skipped}`);
    } else {
      log.info(`dataset already imported (${summary.files} files)`);
    }
  } else {
    dataset.state = "ready";
  }

  const clock = await setupClock(database.pool, { mode: config.CLOCK_MODE });
  log.info({ mode: clock.mode, shiftWeeks: clock.shiftWeeks(), sourceNow: clock.sourceNow() }, "clock ready");

  let jobs: JobRunner | null = null;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, "mail") });
  const publicUrl = config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://${config.HOST}:${config.PORT}`;
  const captcha = createCaptcha({
    siteKey: config.RECAPTCHA_SITE_KEY,
    secretKey: config.RECAPTCHA_SECRET_KEY,
    version: Number(config.RECAPTCHA_VERSION) as 2 | 3,
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
  });
  const oauth = createOAuthProviders({ ...config, publicUrl });
  // Plain-HTTP push endpoints exist only as local stand-ins; a production server sends to browsers' HTTPS services.
  const push = createPushSender({ keys: await loadVapidKeys(database.pool), subject: config.VAPID_SUBJECT, allowHttpEndpoints: config.NODE_ENV !== "production" });
  // Like the mailbox: without bot tokens, an offline store shown at /dev/telegram, outside production only.
  const devStoresAllowed = config.NODE_ENV !== "production" || database.embedded;
  const telegram = createTelegram({
    tokens: { live: config.TELEGRAM_LIVE_BOT_TOKEN, prematch: config.TELEGRAM_PREMATCH_BOT_TOKEN, valuebet: config.TELEGRAM_VALUEBET_BOT_TOKEN },
    ...(config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : {}),
    offlineDir: devStoresAllowed ? path.join(config.DATA_DIR, "telegram") : null,
  });
  const services = createServices(
    {
      telegram,
      pool: database.pool,
      clock,
      mailer,
      contactTo: config.CONTACT_TO,
      publicUrl,
      captcha,
      oauth,
      push,
      // Like the mailbox: the free sandbox only outside production or on a local embedded database.
      payments: await paymentsSettings(config, database.pool, { allowSandbox: config.NODE_ENV !== "production" || database.embedded }),
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
  if (config.JOBS) jobs = await startJobs(database.url, services, log);

  const app = createHttpApp(services, await loadWebBuild(), {
    mode: config.NODE_ENV,
    trustProxy: config.TRUST_PROXY,
    secureCookies: publicUrl.startsWith("https:"),
    // Outside production: a local run on the embedded database, or any non-production mode, without SMTP.
    mailboxDir: mailer.kind === "outbox" && (config.NODE_ENV !== "production" || database.embedded) ? path.join(config.DATA_DIR, "mail") : null,
    telegramDir: telegram?.mode === "offline" ? path.join(config.DATA_DIR, "telegram") : null,
  });
  log.info(`telegram: ${telegram ? (telegram.mode === "bot-api" ? "Bot API" : "offline store at /dev/telegram (no bot token set)") : "off (no bot token set)"}`);
  const payments = { stripe: "payments: Stripe", sandbox: "payments: offline sandbox (no Stripe keys set)", none: "payments: OFF (production without Stripe keys)" };
  (services.payments.provider === "none" ? log.warn : log.info).call(log, payments[services.payments.provider]);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
    log.info(`Pitchlab is on http://${config.HOST}:${config.PORT} (ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs?.stop().catch((error) => log.error({ err: error }, "stopping jobs"));
    await database.close().catch((error) => log.error({ err: error }, "closing the database"));
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : `Pitchlab could not start: ${error instanceof Error ? error.message : error}`);
  await closeDatabase?.().catch(() => {});
  process.exit(1);
});
