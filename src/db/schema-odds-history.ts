import { integer, pgTable, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The pre-match prices each sync saw for an upcoming fixture, one row per fixture, bookmaker, market and moment
 * the prices changed (a cycle that sees the same prices adds nothing). `odds` keeps only the opening and closing
 * prices; this is how a price moved in between. No foreign keys, as for `odds`: written in bulk by the sync.
 */
export const oddsHistory = pgTable(
  "odds_history",
  {
    fixtureId: integer("fixture_id").notNull(),
    bookmakerId: integer("bookmaker_id").notNull(),
    market: text("market").notNull(),
    /** the sync's clock when it read these prices */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
    /** the handicap line for ah, which can move with the prices */
    line: real("line"),
    priceHome: real("price_home").notNull(),
    priceDraw: real("price_draw"),
    priceAway: real("price_away").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.bookmakerId, t.market, t.seenAt] })],
);
