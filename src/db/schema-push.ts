import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { fixtures } from "./schema.ts";
import { users } from "./schema-accounts.ts";

/** Web Push: browsers' subscriptions, match notifications chosen, the push outbox. */

/** Browser push subscriptions (Web Push). */
export const pushSubscriptions = pgTable("push_subscriptions", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  endpoint: text("endpoint").notNull().unique(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A followed fixture: its events are pushed to the subscription. */
export const livescoreNotifications = pgTable(
  "livescore_notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.userId, t.fixtureId, t.subscriptionId),
    index("livescore_notifications_fixture_idx").on(t.fixtureId),
  ],
);

/** Every push is recorded before it is sent: the unique key makes a second send of one event impossible. */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id").notNull(),
    eventKey: text("event_key").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
  },
  (t) => [unique().on(t.subscriptionId, t.fixtureId, t.eventKey)],
);

/**
 * A premium subscription, as the payment provider reports it. Premium is `current_period_end > now`: a
 * cancelled or unpaid subscription keeps what was paid for until the period ends. Add-on flags live on the
 * subscription, so they count only while it is active and come back when it is reactivated.
 */
