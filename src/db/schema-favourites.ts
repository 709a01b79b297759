import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { leagues, teams, fixtures } from "./schema.ts";
import { users } from "./schema-accounts.ts";

/** Favourites: team groups and their teams, leagues, matches; league groups and saved searches. */

/** Team groups; each user has one generic group, which holds the flat list of favourite teams. */
export const favouriteTeamGroups = pgTable(
  "favourite_team_groups",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    generic: boolean("generic").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("favourite_team_groups_user_idx").on(t.userId),
    uniqueIndex("favourite_team_groups_generic_idx").on(t.userId).where(sql`generic`),
  ],
);

export const favouriteGroupTeams = pgTable(
  "favourite_group_teams",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => favouriteTeamGroups.id, { onDelete: "cascade" }),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.teamId] })],
);

export const favouriteLeagues = pgTable(
  "favourite_leagues",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leagueId] })],
);

/** Favourite matches; they expire 24 h after their timestamp (the kick-off). */
export const favouriteMatches = pgTable(
  "favourite_matches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fixtureId] })],
);

/** Browser push subscriptions (Web Push). */

/** League groups (SPEC §2.4, premium): saved sets of leagues usable wherever leagues are chosen. */
export const leagueGroups = pgTable(
  "league_groups",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    leagueIds: integer("league_ids").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("league_groups_user_idx").on(t.userId)],
);

/** Saved configurations of the advanced filter (premium). */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the filter's query parameters */
    query: jsonb("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("saved_searches_user_idx").on(t.userId)],
);
