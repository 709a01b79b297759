import { index, integer, json, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Figures that pages would otherwise recompute on every request (a team's statistics, both teams' pre-match
 * statistics of a fixture, league averages, a team's trend candidates), computed by the precompute job (and by the first request that
 * finds none) and read by every process. A row holds for the site times [valid_from, valid_until): until
 * the next result or kick-off that can change it (null: for ever, e.g. a played fixture's pre-match figures),
 * and only while the imported files and the replay shift are those it was computed from (`stamp`).
 */
export const precomputedFigures = pgTable(
  "precomputed_figures",
  {
    /** what the figures are: `team`, `pre-match`, `league-stats`, `team-trends` */
    kind: text("kind").notNull(),
    /** the team, fixture or league they are of (0 for site-wide figures) */
    subjectId: integer("subject_id").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** the imported files (count, newest import) and the replay shift when computed: an import or a new shift makes every row stale */
    stamp: text("stamp").notNull(),
    /** json, not jsonb: read back exactly as written (key order included), with no conversion on every read */
    data: json("data").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId] }),
    index("precomputed_figures_until_idx").on(t.kind, t.validUntil),
  ],
);
