import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Accounts: users, their identities, sessions, one-time tokens, rate limits, alert message settings. */

/** Accounts. Preferences that the site keeps in cookies for visitors live in `preferences` for users. */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  /** lowercased */
  email: text("email").notNull().unique(),
  /** argon2id; null for an account made by a social login only */
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  username: text("username"),
  image: text("image"),
  languageCode: text("language_code").notNull().default("en"),
  timezone: text("timezone"),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
  newsletter: boolean("newsletter").notNull().default(true),
  /** random key for the unsubscribe link of the newsletter */
  newsletterKey: text("newsletter_key").notNull(),
  telegramUsername: text("telegram_username"),
  telegramNotificationsEnabled: boolean("telegram_notifications_enabled").notNull().default(false),
  telegramPreMatchNotificationsEnabled: boolean("telegram_pre_match_notifications_enabled").notNull().default(false),
  valueBetNotificationsEnabled: boolean("value_bet_notifications_enabled").notNull().default(false),
  /** match events a followed fixture notifies (goals, started, half_time, ...) */
  notificationEvents: text("notification_events").array().notNull().default(["all"]),
  preferences: jsonb("preferences").notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A social login linked to an account. */
export const userIdentities = pgTable(
  "user_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** Sessions: only the SHA-256 of the token is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rememberMe: boolean("remember_me").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time links sent by mail (verification, password reset); hashed like sessions. */
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("user_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters shared by every process (rate limits, failed logins). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const filterNotificationSettings = pgTable(
  "filter_notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    settings: jsonb("settings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Team groups; each user has one generic group, which holds the flat list of favourite teams. */
