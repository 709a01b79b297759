import { z } from "zod";

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
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: "must start with smtp:// or smtps://" }).optional(),
  MAIL_FROM: z.string().min(3).default("Pitchlab <no-reply@pitchlab.local>"),
  CONTACT_TO: z.email({ error: "must be an e-mail address" }).default("support@pitchlab.local"),
  /** the address links in e-mails point to; by default the local server */
  PUBLIC_URL: z.url({ error: "must be a URL such as https://pitchlab.example" }).optional(),
  /** behind a proxy, the client address is the first of X-Forwarded-For */
  TRUST_PROXY: bool.default(false),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
