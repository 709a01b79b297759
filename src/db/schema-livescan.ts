import { boolean, index, pgTable } from "drizzle-orm/pg-core";
import { scannerFilterHead, scannerFilterTail } from "./schema-filter-columns.ts";

/**
 * Live scanner filters (SPEC §3 "Live filter"): rules on live statistics, odds, time, probabilities and pre-match
 * statistics, a desired outcome, leagues, a note. Every filter is public (explore, import). `active` off: the
 * scanner ignores it; `muted`: its picks are recorded but nothing is sent. The picks, their grades and the
 * figures live in the shared alerts tables (source 'live', filter_id = this id).
 */
export const liveFilters = pgTable(
  "live_filters",
  {
    ...scannerFilterHead(),
    active: boolean("active").notNull().default(true),
    ...scannerFilterTail(),
  },
  (t) => [
    index("live_filters_user_idx").on(t.userId),
    index("live_filters_updated_idx").on(t.updatedAt),
    index("live_filters_imported_idx").on(t.importedFrom),
  ],
);
