import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./schema-accounts.ts";

/** Premium: subscriptions, payments, provider webhooks, the sandbox's checkouts, bank transfers. */

/**
 * A premium subscription, as the payment provider reports it. Premium is `current_period_end > now`: a
 * cancelled or unpaid subscription keeps what was paid for until the period ends. Add-on flags live on the
 * subscription, so they count only while it is active and come back when it is reactivated.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** stripe, sandbox, transfer, apple, affiliate */
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    /** 1, 3 or 12 months */
    planMonths: smallint("plan_months").notNull(),
    /** active, past_due, canceled */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    addonFilters: boolean("addon_filters").notNull().default(false),
    addonBacktesting: boolean("addon_backtesting").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.providerSubscriptionId), index("subscriptions_user_idx").on(t.userId)],
);

/** A payment received: one row per provider invoice or payment, so a repeated event cannot count it twice. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    /** subscription, addon_filters, addon_backtesting, transfer */
    kind: text("kind").notNull(),
    planMonths: smallint("plan_months"),
    amountCents: integer("amount_cents").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    receiptNumber: text("receipt_number").notNull().unique(),
  },
  (t) => [unique().on(t.provider, t.providerPaymentId), index("payments_user_idx").on(t.userId)],
);

/** Webhook events already applied: the primary key makes a replay, or a second delivery at once, a no-op. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Checkouts of the offline sandbox provider (the stand-in for Stripe Checkout on a machine without keys). */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** subscription or addon */
  mode: text("mode").notNull(),
  item: text("item").notNull(),
  amountCents: integer("amount_cents").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open, paid, canceled */
  status: text("status").notNull().default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Manual bank transfers: pending until an operator confirms the money arrived. */
export const transferRequests = pgTable(
  "transfer_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planMonths: smallint("plan_months").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reference: text("reference").notNull().unique(),
    /** pending, confirmed */
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // one open request per user and plan
  },
  (t) => [uniqueIndex("transfer_requests_open_idx").on(t.userId, t.planMonths).where(sql`status = 'pending'`)],
);

/** Affiliate programme: who referred whom, clicks on tracking links, commissions and payout requests. */
