import { char, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema-accounts.ts";
import { payments } from "./schema-premium.ts";

/** Affiliates: referrals, clicks, commissions, payouts. */

/** Affiliate programme: who referred whom, clicks on tracking links, commissions and payout requests. */
export const affiliateReferrals = pgTable("affiliate_referrals", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  affiliateId: integer("affiliate_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: serial("id").primaryKey(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_clicks_affiliate_idx").on(t.affiliateId)],
);

export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: serial("id").primaryKey(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** first day of the month the payment was earned in (UTC) */
    period: text("period").notNull(),
    payoutId: integer("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_commissions_affiliate_idx").on(t.affiliateId)],
);

export const affiliatePayouts = pgTable("affiliate_payouts", {
  id: serial("id").primaryKey(),
  affiliateId: integer("affiliate_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** paypal, skrill, bank_transfer, crypto, premium_days */
  method: text("method").notNull(),
  details: text("details").notNull().default(""),
  amountCents: integer("amount_cents").notNull(),
  premiumDays: integer("premium_days"),
  /** requested, paid */
  status: text("status").notNull().default("requested"),
  period: text("period").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** League groups (SPEC §2.4, premium): saved sets of leagues usable wherever leagues are chosen. */
