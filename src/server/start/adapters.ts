import path from "node:path";
import { type Config, devToolsAllowed } from "../../config.ts";
import { createCaptcha } from "../../data/captcha.ts";
import { createSportmonksFeed } from "../../data/live/sportmonks-feed.ts";
import { createMailer } from "../../data/mail/mailer.ts";
import { createOAuthProviders } from "../../data/oauth.ts";
import { paymentsSettings } from "../../data/payments/settings.ts";
import { createPushSender } from "../../data/push/sender.ts";
import { loadVapidKeys } from "../../data/push/vapid.ts";
import { createHttpFiles } from "../../data/sources/http-files.ts";
import { createSportmonksApi } from "../../data/sources/sportmonks-api.ts";
import { createTelegram } from "../../data/telegram/index.ts";
import type { Pool } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { ServiceContext } from "../../services/context.ts";

/** Real mode's data providers: football-data.co.uk's files, and SportMonks' pre-match prices with a token. */
function realSources(config: Config, userAgent: string): ServiceContext["sources"] {
  if (config.CLOCK_MODE !== "real") return {};
  return {
    ...(config.FOOTBALL_DATA_URL !== "off"
      ? {
          footballData: {
            files: createHttpFiles({ baseUrl: config.FOOTBALL_DATA_URL, userAgent }),
            everyMs: config.FOOTBALL_DATA_EVERY_MIN * 60_000,
          },
        }
      : {}),
    ...(config.SPORTMONKS_API_TOKEN
      ? {
          sportmonks: {
            api: createSportmonksApi({
              baseUrl: config.SPORTMONKS_API_URL,
              token: config.SPORTMONKS_API_TOKEN,
              userAgent,
            }),
            everyMs: config.SPORTMONKS_PREMATCH_EVERY_MIN * 60_000,
          },
        }
      : {}),
  };
}

/** The outside world's adapters (mail, captcha, OAuth, push, Telegram, live feed, payments) for createServices. */
export async function createAdapters(config: Config, pool: Pool, log: Logger) {
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
    keys: await loadVapidKeys(pool),
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
  const context = {
    telegram,
    telegramGroupChatId: config.TELEGRAM_GROUP_CHAT_ID ?? null,
    exchangeCommission: config.EXCHANGE_COMMISSION_PERCENT / 100,
    mailer,
    contactTo: config.CONTACT_TO,
    publicUrl,
    captcha,
    oauth,
    push,
    sources: realSources(config, `Pitchlab (+${publicUrl})`),
    liveFeed: config.SPORTMONKS_API_TOKEN
      ? createSportmonksFeed({ token: config.SPORTMONKS_API_TOKEN, baseUrl: config.SPORTMONKS_API_URL, pool })
      : undefined,
    // Like the mailbox: the free sandbox only on a server nobody else reaches (or DEV_TOOLS=true).
    payments: await paymentsSettings(config, pool, { allowSandbox: devTools }),
    siteLinks: {
      appStore: config.APP_STORE_URL,
      googlePlay: config.GOOGLE_PLAY_URL,
      social: (config.SOCIAL_LINKS?.split(",") ?? []).map((pair) => {
        const [network, url] = pair.split("=") as [string, string];
        return { network, url };
      }),
    },
  } satisfies Omit<ServiceContext, "pool" | "clock">;
  return { context, mailer, telegram, publicUrl, devTools };
}
