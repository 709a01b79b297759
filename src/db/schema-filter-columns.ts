import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

/**
 * The columns both scanners' filter tables share (live_filters, prematch_filters), in table order: the head
 * (owner, name, outcome, leagues, muted) and the tail (rules, import, times). Each table adds its own between them.
 */
export const scannerFilterHead = () => ({
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  note: text("note").notNull().default(""),
  desiredOutcome: text("desired_outcome").notNull().default("none"),
  /** empty: every league */
  leagueIds: integer("league_ids").array().notNull().default(sql`'{}'::int[]`),
  muted: boolean("muted").notNull().default(false),
});

export const scannerFilterTail = () => ({
  /** the rules (src/domain/scanner/rules.ts `Rule`) */
  rules: jsonb("rules").notNull().default([]),
  /** the filter this one was imported from (its subscribers are the filters imported from it) */
  importedFrom: integer("imported_from"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** bumped by every change; the live scanner reloads the filters changed since its last look */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** a deleted filter stays for the imports, picks and backtests that name it */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});
