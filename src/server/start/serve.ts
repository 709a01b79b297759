import path from "node:path";
import { serve } from "@hono/node-server";
import type { Config } from "../../config.ts";
import type { Clock } from "../../data/clock.ts";
import type { Logger } from "../../logger.ts";
import type { Services } from "../../services/index.ts";
import { createHttpApp, loadWebBuild } from "../http.ts";
import { createWorkerApp } from "../worker-http.ts";
import type { createAdapters } from "./adapters.ts";

type Adapters = Awaited<ReturnType<typeof createAdapters>>;

/** What the process runs with, said once at start: Telegram, the live feed, payments. */
function logSetup(config: Config, services: Services, adapters: Adapters, clock: Clock, log: Logger) {
  const { telegram } = adapters;
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
}

/**
 * The HTTP server: pages and the API (all, web), or the health endpoint only (a worker, for an orchestrator's
 * probe; pages and the API are the web processes'). Says where it is ready once it listens.
 */
export async function serveSite(
  config: Config,
  services: Services,
  adapters: Adapters,
  options: { clock: Clock; runJobs: boolean; log: Logger },
) {
  const { log } = options;
  const role = config.ROLE;
  const { mailer, telegram, devTools, publicUrl } = adapters;
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
  logSetup(config, services, adapters, options.clock, log);
  const computing = options.runJobs && !(await services.pipeline.backfilled());
  return serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
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
}
