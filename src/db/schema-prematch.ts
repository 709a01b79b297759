import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./schema.ts";
import { scannerFilterHead, scannerFilterTail } from "./schema-filter-columns.ts";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** Pre-match scanner filters: rules on pre-match features, a desired outcome and a notification lead time. */
export const prematchFilters = pgTable(
  "prematch_filters",
  {
    ...scannerFilterHead(),
    leadAmount: smallint("lead_amount").notNull().default(1),
    leadUnit: text("lead_unit").notNull().default("hours"),
    ...scannerFilterTail(),
  },
  (t) => [index("prematch_filters_user_idx").on(t.userId)],
);

/**
 * Backtests of pre-match filters: Todo → OnGoing → Done | EndedWithoutExcel | EndedWithError. The filter is
 * copied at submission (later edits do not change a result); the summary columns rank the users' backtests.
 */
export const prematchBacktests = pgTable(
  "prematch_backtests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filterId: integer("filter_id").references(() => prematchFilters.id, { onDelete: "set null" }),
    /** name, rules, desired outcome, leagues of the filter when submitted */
    filter: jsonb("filter").notNull(),
    interval: text("interval").notNull(),
    fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true }).notNull(),
    /** empty: every league */
    leagueIds: integer("league_ids").array().notNull().default(sql`'{}'::int[]`),
    stake: real("stake").notNull().default(10),
    status: text("status").notNull().default("Todo"),
    error: text("error"),
    /** figures, per-league breakdown, out-of-sample check and equity curve */
    result: jsonb("result"),
    /** one row per pick (`PickRow` of the service), from which the .xlsx is made on its first download */
    pickRows: jsonb("pick_rows"),
    /** the .xlsx as earlier versions kept it once made (one language for everyone); now made at each download */
    excel: bytea("excel"),
    picks: integer("picks"),
    successRate: real("success_rate"),
    roi: real("roi"),
    meanWinningOdd: real("mean_winning_odd"),
    leagues: integer("leagues"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("prematch_backtests_user_idx").on(t.userId, t.createdAt),
    index("prematch_backtests_status_idx").on(t.status, t.id),
  ],
);
