import { bigint, index, integer, pgTable, real, serial, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";
import { fixtures, users } from "./schema.ts";

/**
 * Picks of the value-bet bot, one per fixture, market and bookmaker country (a member sees the picks of the
 * bookmakers licensed in his country): frozen at the price, probability and moment they were taken.
 */
export const valuePicks = pgTable(
  "value_picks",
  {
    id: serial("id").primaryKey(),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    /** -1 = the world, else the ISO 3166 numeric code of the bookmaker country */
    bookmakerCountry: smallint("bookmaker_country").notNull(),
    market: text("market").notNull(),
    outcome: text("outcome").notNull(),
    bookmaker: text("bookmaker").notNull(),
    price: real("price").notNull(),
    probability: real("probability").notNull(),
    ev: real("ev").notNull(),
    pickedAt: timestamp("picked_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("value_picks_once").on(t.fixtureId, t.bookmakerCountry, t.market),
    index("value_picks_country_idx").on(t.bookmakerCountry, t.pickedAt),
  ],
);

/**
 * Members of the private Telegram group (SPEC §2.4 /vip/telegram-group): the personal invite each was given, and
 * when the bot removed them once their premium had ended.
 */
export const telegramGroupMembers = pgTable("telegram_group_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** the member's Telegram user id: the id of his private chat with the value-bet bot */
  telegramUserId: bigint("telegram_user_id", { mode: "number" }).notNull(),
  inviteLink: text("invite_link").notNull(),
  invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
  removedAt: timestamp("removed_at", { withTimezone: true }),
});
