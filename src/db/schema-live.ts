import { customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { fixtures, seasons } from "./schema.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The current live state of each fixture being played (issue: live match data), written by the live tick every
 * second for the fixtures whose state changed; a restarted process reads it back. `state` is a LiveState.
 */
export const liveStates = pgTable("live_states", {
  fixtureId: integer("fixture_id")
    .primaryKey()
    .references(() => fixtures.id, { onDelete: "cascade" }),
  state: jsonb("state").notNull(),
  /** match clock second of the state */
  second: integer("second"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The whole timeline of a finished fixture in its compact form (domain/live/timeline-bytes.ts: a 4-byte header and 3
 * bytes per event), so that live-filter backtests read a season with one query.
 */
export const liveTimelines = pgTable(
  "live_timelines",
  {
    fixtureId: integer("fixture_id")
      .primaryKey()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    /** replay or the provider's name */
    source: text("source").notNull(),
    events: bytea("events").notNull(),
    builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_timelines_season_idx").on(t.seasonId)],
);
