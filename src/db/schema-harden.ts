import { char, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { fixtures, users } from "./schema.ts";

/**
 * The last receipt number of each series (one per year): taken in the payment's own transaction, so receipt
 * numbers have no gaps (EU invoices) however many payments arrive at once.
 */
export const receiptCounters = pgTable("receipt_counters", {
  series: text("series").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * Addresses that voted on a fixture (a hash, never the address itself): a visitor who drops the voter cookie
 * cannot vote again from the same address.
 */
export const voteAddresses = pgTable(
  "vote_addresses",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    addressHash: char("address_hash", { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.addressHash] })],
);

/** One counted click per affiliate, visitor (hashed address) and day. */
export const affiliateClickVisitors = pgTable(
  "affiliate_click_visitors",
  {
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visitorHash: char("visitor_hash", { length: 64 }).notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.visitorHash, t.day] })],
);
