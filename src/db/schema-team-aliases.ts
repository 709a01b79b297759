import { integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { countries, teams } from "./schema.ts";

/**
 * Other spellings of a stored team's name (another source's, or the club's old or new name), added by an operator
 * (`npm run admin -- team-alias add`). The sync matches a provider's name against `normalised_alias`, so one
 * entry covers the accent, case and punctuation variants of an alias.
 */
export const teamAliases = pgTable(
  "team_aliases",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    /** as the operator wrote it */
    alias: text("alias").notNull(),
    /** normaliseTeamName(alias) */
    normalisedAlias: text("normalised_alias").notNull(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.countryId, t.normalisedAlias)],
);
