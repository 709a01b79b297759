import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { fixtures, users } from "./schema.ts";

/**
 * Alert picks of the scanners and bots (source live, prematch, valuebet, trend). The unique key is the once-only
 * rule: a (source, filter, fixture, selection) alerts at most once, whatever the processes and restarts.
 * `filter_id` is the filter of the source (live or pre-match filter id; the bots use their own numbering) and
 * has no foreign key, since each source keeps its filters in its own table.
 */
export const alertPicks = pgTable(
  "alert_picks",
  {
    id: serial("id").primaryKey(),
    source: text("source").notNull(),
    filterId: integer("filter_id").notNull(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    /** '' for the scanners (one pick per filter and fixture); the market selection for the bots */
    selection: text("selection").notNull().default(""),
    /** the filter's owner (scanners); null for the bots, whose recipients are in the outbox */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    filterName: text("filter_name").notNull(),
    /** SPEC §3 desired outcome or market selection that grading judges */
    outcome: text("outcome").notNull(),
    /** the favourite by pre-match odds, for favourite/underdog outcomes */
    favourite: text("favourite"),
    /** the odd at notification */
    odds: real("odds"),
    /** what the message shows: minute, score, counters, odds, figures (AlertContent) */
    content: jsonb("content").notNull(),
    /** sent, muted (the filter is muted), limit (the free daily limit was reached) */
    delivery: text("delivery").notNull(),
    status: text("status").notNull().default("pending"),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    /** history cleared by the user: out of history and figures, kept for the once-only rule */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("alert_picks_once").on(t.source, t.filterId, t.fixtureId, t.selection),
    index("alert_picks_pending_idx").on(t.fixtureId).where(sql`status = 'pending'`),
    index("alert_picks_filter_idx").on(t.source, t.filterId),
    index("alert_picks_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * What goes out for a pick, one row per recipient and channel (telegram or inapp; push rows go to the shared
 * push outbox). Written in the pick's transaction. A telegram row is claimed with a lease, sent, then marked
 * sent; a row marked sent is never sent again.
 */
export const alertOutbox = pgTable(
  "alert_outbox",
  {
    id: serial("id").primaryKey(),
    pickId: integer("pick_id")
      .notNull()
      .references(() => alertPicks.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    /** alert, or limit (the one notice that the free daily limit is reached) */
    kind: text("kind").notNull().default("alert"),
    /** pending, sending (claimed), sent, failed */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** the claim's owner (a worker id of scale_workers, or a process token): only it may mark the row */
    claimedBy: text("claimed_by"),
    notBefore: timestamp("not_before", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Telegram's message id */
    externalId: text("external_id"),
    error: text("error"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("alert_outbox_once").on(t.pickId, t.userId, t.channel),
    index("alert_outbox_due_idx").on(t.id).where(sql`channel = 'telegram' AND state IN ('pending', 'sending')`),
    index("alert_outbox_user_idx").on(t.userId, t.channel, t.createdAt),
  ],
);

/** A user's private chat with one of the bots (live, prematch, valuebet), linked by /start <token>. */
export const telegramChats = pgTable(
  "telegram_chats",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bot: text("bot").notNull(),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    /** the Telegram account's @username, when it has one */
    username: text("username"),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bot] }), unique("telegram_chats_chat").on(t.bot, t.chatId)],
);

/** One-time /start tokens of the deep links (only their SHA-256 is kept). */
export const telegramLinkTokens = pgTable("telegram_link_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  bot: text("bot").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** The daily Excel reports sent: one per user and local day, so midnight runs never send twice. */
export const alertReports = pgTable(
  "alert_reports",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    picks: integer("picks").notNull(),
    sent: boolean("sent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
