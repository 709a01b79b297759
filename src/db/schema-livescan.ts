import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

/**
 * Live scanner filters (SPEC §3 "Live filter"): rules on live statistics, odds, time, probabilities and pre-match
 * statistics, a desired outcome, leagues, a note. Every filter is public (explore, import). `active` off: the
 * scanner ignores it; `muted`: its picks are recorded but nothing is sent. The picks, their grades and the
 * figures live in the shared alerts tables (source 'live', filter_id = this id).
 */
export const liveFilters = pgTable(
  "live_filters",
  {
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
    active: boolean("active").notNull().default(true),
    /** the rules (src/domain/scanner/rules.ts `Rule`) */
    rules: jsonb("rules").notNull().default([]),
    /** the filter this one was imported from (its subscribers are the filters imported from it) */
    importedFrom: integer("imported_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** bumped by every change; the scanner reloads the filters changed since its last look */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** a deleted filter stays for the imports and picks that name it */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("live_filters_user_idx").on(t.userId),
    index("live_filters_updated_idx").on(t.updatedAt),
    index("live_filters_imported_idx").on(t.importedFrom),
  ],
);
