import { z } from "zod";
import { parseReplayOffset } from "./domain/replay/offset.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must start with postgres:// or postgresql://" })
    .optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1024).max(65535).default(54329),
  CLOCK_MODE: z.enum(["replay", "real"], { error: "must be replay or real" }).default("replay"),
  DATASET_DIR: z.string().min(1).default("datasets/football-data"),
  IMPORT_ON_START: bool.default(true),
  JOBS: bool.default(true),
  /**
   * all: pages, API and jobs in one process (npm start); web: pages and API only (npm run start:web); worker:
   * jobs only, with a health endpoint (npm run start:worker). Web and worker processes share DATABASE_URL.
   */
  ROLE: z.enum(["all", "web", "worker"], { error: "must be all, web or worker" }).default("all"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Pitchlab <no-reply@pitchlab.local>"),
  CONTACT_TO: z.email({ error: "must be an e-mail address" }).default("support@pitchlab.local"),
  /** the address links in e-mails point to; by default the local server */
  PUBLIC_URL: z.url({ error: "must be a URL such as https://pitchlab.example" }).optional(),
  /** behind a proxy, the client address is the first of X-Forwarded-For */
  TRUST_PROXY: bool.default(false),
  /** the development tools (/dev/mailbox, the payment sandbox, /dev/telegram): forced on or off; unset = the loopback rule */
  DEV_TOOLS: bool.optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERSION: z.enum(["2", "3"], { error: "must be 2 or 3" }).default("2"),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  /** the .p8 key, PEM text */
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  /** "mailto:" or https contact sent with Web Push (VAPID subject) */
  VAPID_SUBJECT: z.string().min(1).default("mailto:support@pitchlab.local"),
  /** Stripe: all of key, webhook secret and the plan prices switch from the offline sandbox to Stripe */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", { error: "must start with sk_" }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", { error: "must start with whsec_" }).optional(),
  STRIPE_PRICE_1M: z.string().min(1).optional(),
  STRIPE_PRICE_3M: z.string().min(1).optional(),
  STRIPE_PRICE_12M: z.string().min(1).optional(),
  STRIPE_PRICE_ADDON_FILTERS: z.string().min(1).optional(),
  STRIPE_PRICE_ADDON_BACKTESTING: z.string().min(1).optional(),
  /** a Stripe coupon applied to the first billing period (the first-months discount) */
  STRIPE_COUPON_FIRST_PERIOD: z.string().min(1).optional(),
  /** another Stripe API origin (a local stand-in in tests) */
  STRIPE_API_URL: z.url().optional(),
  /** prices of the 1, 3 and 12 month plans per billing period, e.g. "14.99,34.99,99.99" */
  PLAN_PRICES: z
    .string()
    .regex(/^\d+(\.\d{1,2})?,\d+(\.\d{1,2})?,\d+(\.\d{1,2})?$/, {
      error: "must be three prices such as 14.99,34.99,99.99",
    })
    .default("14.99,34.99,99.99"),
  /** prices of the add-ons filters and backtesting */
  ADDON_PRICES: z
    .string()
    .regex(/^\d+(\.\d{1,2})?,\d+(\.\d{1,2})?$/, { error: "must be two prices such as 9.99,9.99" })
    .default("9.99,9.99"),
  PRICE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: "must be a currency code such as EUR" })
    .default("EUR"),
  FIRST_PERIOD_DISCOUNT_PERCENT: z.coerce
    .number({ error: "must be a number from 0 to 90" })
    .int()
    .min(0)
    .max(90)
    .default(30),
  /** bank details shown in the manual money-transfer dialog */
  TRANSFER_BENEFICIARY: z.string().min(1).default("Pitchlab Ltd"),
  TRANSFER_IBAN: z.string().min(1).default("GB33 BUKB 2020 1555 5555 55"),
  TRANSFER_BIC: z.string().min(1).default("BUKBGB22"),
  TRANSFER_BANK: z.string().min(1).default("Barclays Bank UK"),
  /** store pages of the mobile apps: their badges show in the footer when set */
  APP_STORE_URL: z.url({ error: "must be a URL" }).optional(),
  GOOGLE_PLAY_URL: z.url({ error: "must be a URL" }).optional(),
  /** the site's social accounts for the footer, e.g. "x=https://x.com/pitchlab,telegram=https://t.me/pitchlab" */
  SOCIAL_LINKS: z
    .string()
    .regex(
      /^(x|facebook|instagram|telegram|youtube|tiktok)=https:\/\/[^,\s]+(,(x|facebook|instagram|telegram|youtube|tiktok)=https:\/\/[^,\s]+)*$/,
      {
        error:
          "must be network=https://... pairs separated by commas (x, facebook, instagram, telegram, youtube, tiktok)",
      },
    )
    .optional(),
  /** moves the site's clock so that now falls on a chosen moment ("saturday 15:00", a date-time, "+2h"); it runs on from there */
  REPLAY_OFFSET: z
    .string()
    .refine((v) => parseReplayOffset(v, Date.now()) !== null, {
      error:
        'must be a weekday and UK time ("saturday 15:00"), a date-time (2026-11-21T15:00:00Z) or a duration (+2h, -90m, +3d)',
    })
    .optional(),
  /**
   * with REPLAY_OFFSET: the npm start process re-anchors the clock on the named moment even when the setting is
   * unchanged (by default a restart continues the clock stored in the database)
   */
  REPLAY_OFFSET_RESTART: bool.default(false),
  /**
   * real mode: where football-data.co.uk's files are read (a mirror, or `npm run standin`); "off" reads none.
   * Replay mode never reads it.
   */
  FOOTBALL_DATA_URL: z
    .union([z.literal("off"), z.url({ error: 'must be a URL or "off"' })])
    .default("https://www.football-data.co.uk"),
  /** real mode: minutes between two syncs of football-data.co.uk (it updates its files a few times a day) */
  FOOTBALL_DATA_EVERY_MIN: z.coerce.number().int().min(1).max(1440).default(15),
  /** SportMonks v3 API token: live match data from SportMonks instead of the replay */
  SPORTMONKS_API_TOKEN: z.string().min(10, { error: "must be a SportMonks API token" }).optional(),
  SPORTMONKS_API_URL: z.url({ error: "must be a URL" }).default("https://api.sportmonks.com/v3/football"),
  /** real mode with a SportMonks token: minutes between two reads of SportMonks' pre-match prices */
  SPORTMONKS_PREMATCH_EVERY_MIN: z.coerce.number().int().min(1).max(1440).default(30),
  /** Telegram bot tokens (SPEC §7.4: live, pre-match and value-bet bots); without any, the offline dev store */
  TELEGRAM_LIVE_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, { error: "must be a bot token such as 123456:ABC-def" })
    .optional(),
  TELEGRAM_PREMATCH_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, { error: "must be a bot token such as 123456:ABC-def" })
    .optional(),
  TELEGRAM_VALUEBET_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, { error: "must be a bot token such as 123456:ABC-def" })
    .optional(),
  /** another Bot API origin (a local Bot API server, or a stand-in in tests) */
  TELEGRAM_GROUP_CHAT_ID: z.coerce
    .number({ error: "must be the group's chat id, such as -1001234567890" })
    .int({ error: "must be the group's chat id, such as -1001234567890" })
    .negative({ error: "must be the group's chat id, such as -1001234567890" })
    .optional(),
  TELEGRAM_API_ROOT: z.url({ error: "must be a URL" }).optional(),
  /**
   * commission on net winnings of a betting exchange (Betfair Exchange's standard rate is 5%): the value-bet bot
   * judges exchange prices net of it and its track record counts them net of it
   */
  EXCHANGE_COMMISSION_PERCENT: z.coerce
    .number({ error: "must be a percentage from 0 to 20, such as 5 or 2.5" })
    .min(0, { error: "must be a percentage from 0 to 20, such as 5 or 2.5" })
    .max(20, { error: "must be a percentage from 0 to 20, such as 5 or 2.5" })
    .default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** pretty: human lines (the default on a terminal); json: one object per line (the default otherwise) */
  LOG_FORMAT: z.enum(["pretty", "json"], { error: "must be pretty or json" }).optional(),
  /** where the web build lives (a benchmark or a second copy builds elsewhere) */
  BUILD_DIR: z.string().min(1).default("build"),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `  ${name}=${JSON.stringify(cleaned[name] ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** True for a host name or address that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host.trim());
}

/**
 * Whether this server may offer the development tools that hand out secrets or premium for free: the local
 * mailbox (`/dev/mailbox`, activation and reset links), the offline payment sandbox and `/dev/telegram`.
 * `DEV_TOOLS=true|false` decides when set; otherwise only a server that nobody else can reach: listening on
 * loopback, not behind a proxy, no public address, and in production only on the embedded database.
 */
export function devToolsAllowed(
  config: Pick<Config, "DEV_TOOLS" | "HOST" | "TRUST_PROXY" | "PUBLIC_URL" | "NODE_ENV" | "DATABASE_URL">,
): boolean {
  if (config.DEV_TOOLS !== undefined) return config.DEV_TOOLS;
  if (!isLoopbackHost(config.HOST) || config.TRUST_PROXY) return false;
  if (config.PUBLIC_URL && !isLoopbackHost(new URL(config.PUBLIC_URL).hostname)) return false;
  return config.NODE_ENV !== "production" || !config.DATABASE_URL;
}
