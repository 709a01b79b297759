import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

export const leagues = pgTable("leagues", {
  id: serial("id").primaryKey(),
  /** Source key: the football-data division code (E0) or COUNTRY:League for the extra files. */
  sourceKey: text("source_key").notNull().unique(),
  countryId: integer("country_id")
    .notNull()
    .references(() => countries.id),
  name: text("name").notNull(),
  tier: smallint("tier").notNull(),
});

export const seasons = pgTable(
  "seasons",
  {
    id: serial("id").primaryKey(),
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id),
    name: text("name").notNull(),
  },
  (t) => [unique().on(t.leagueId, t.name)],
);

export const teams = pgTable(
  "teams",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
  },
  (t) => [unique().on(t.countryId, t.name)],
);

export const fixtures = pgTable(
  "fixtures",
  {
    id: serial("id").primaryKey(),
    sourceKey: text("source_key").notNull().unique(),
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id),
    homeTeamId: integer("home_team_id")
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer("away_team_id")
      .notNull()
      .references(() => teams.id),
    /** Kick-off as recorded in the source data (UTC). */
    sourceKickoff: timestamp("source_kickoff", { withTimezone: true }).notNull(),
    /** Kick-off on the site's clock: the source kick-off plus the replay shift (zero in real mode). */
    kickoff: timestamp("kickoff", { withTimezone: true }).notNull(),
    hasKickoffTime: boolean("has_kickoff_time").notNull(),
    htHome: smallint("ht_home"),
    htAway: smallint("ht_away"),
    ftHome: smallint("ft_home"),
    ftAway: smallint("ft_away"),
    referee: text("referee"),
  },
  (t) => [
    index("fixtures_kickoff_idx").on(t.kickoff),
    index("fixtures_league_kickoff_idx").on(t.leagueId, t.kickoff),
    index("fixtures_home_idx").on(t.homeTeamId, t.kickoff),
    index("fixtures_away_idx").on(t.awayTeamId, t.kickoff),
    index("fixtures_season_idx").on(t.seasonId),
  ],
);

export const fixtureStats = pgTable(
  "fixture_stats",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    /** H or A */
    side: char("side", { length: 1 }).notNull(),
    shots: smallint("shots"),
    shotsOnTarget: smallint("shots_on_target"),
    fouls: smallint("fouls"),
    corners: smallint("corners"),
    yellowCards: smallint("yellow_cards"),
    redCards: smallint("red_cards"),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.side] })],
);

export const bookmakers = pgTable("bookmakers", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
});

/**
 * One row per fixture, bookmaker, market and moment (opening or closing). The selections are
 * columns: home/draw/away for 1x2, over/under in home/away for ou25, home/away sides of the
 * handicap `line` for ah. There are millions of rows and no foreign keys on purpose: the per-row
 * checks doubled the import time, and the importer writes odds in its fixture's own transaction.
 */
export const odds = pgTable(
  "odds",
  {
    fixtureId: integer("fixture_id").notNull(),
    bookmakerId: integer("bookmaker_id").notNull(),
    market: text("market").notNull(),
    closing: boolean("closing").notNull(),
    line: real("line"),
    priceHome: real("price_home").notNull(),
    priceDraw: real("price_draw"),
    priceAway: real("price_away").notNull(),
    /**
     * When a provider's sync of upcoming fixtures (real mode) first saw this pre-match price: it exists for readers
     * from then on. Null for prices known only from a results or history file, whose publication moment is the
     * price-visibility rule's (src/db/queries/price-visibility.ts).
     */
    seenFrom: timestamp("seen_from", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.bookmakerId, t.market, t.closing] })],
);

export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const importedFiles = pgTable("imported_files", {
  name: text("name").primaryKey(),
  sha256: text("sha256").notNull(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  added: integer("added").notNull(),
  updated: integer("updated").notNull(),
  skipped: integer("skipped").notNull(),
});

/**
 * One walk-forward prediction per fixture: the goal/corner expectations of the model and of the
 * market-informed `final`, from which every market is derived; headline probabilities of `final`
 * are columns for accuracy and similarity queries.
 */
export const predictions = pgTable(
  "predictions",
  {
    fixtureId: integer("fixture_id")
      .primaryKey()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    modelVersion: text("model_version").notNull(),
    model: jsonb("model").notNull(),
    final: jsonb("final").notNull(),
    /** de-vigged pre-match market probabilities and the opening prices used, null without odds */
    market: jsonb("market"),
    marketWeight: real("market_weight").notNull(),
    pHome: real("p_home").notNull(),
    pDraw: real("p_draw").notNull(),
    pAway: real("p_away").notNull(),
    pOver25: real("p_over25").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("predictions_probs_idx").on(t.pHome, t.pAway)],
);

/** Accuracy of stored predictions against results, per league and prediction kind (the predictability view). */
export const predictionAccuracy = pgTable(
  "prediction_accuracy",
  {
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id),
    kind: smallint("kind").notNull(),
    picks: integer("picks").notNull(),
    hits: integer("hits").notNull(),
    probabilitySum: real("probability_sum").notNull(),
    logLossSum: real("log_loss_sum").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.kind] })],
);

/** Messages of the contact form, kept so that none is lost when mail delivery fails. */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  topic: text("topic").notNull(),
  subject: text("subject").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
});

/** Match voting: one vote per fixture and voter (a browser until accounts exist). */
export const votes = pgTable(
  "votes",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    voter: text("voter").notNull(),
    /** 1, X or 2 */
    choice: char("choice", { length: 1 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fixtureId, t.voter] })],
);

// Each area keeps its tables in a file of its own (schema-<area>.ts), re-exported here so that drizzle-kit and
// the typed client see one schema, and parallel work on separate areas never edits the same lines.
export * from "./schema-accounts.ts";
export * from "./schema-favourites.ts";
export * from "./schema-push.ts";
export * from "./schema-premium.ts";
export * from "./schema-affiliates.ts";
export * from "./schema-previews.ts";
export * from "./schema-live.ts";
export * from "./schema-harden.ts";
export * from "./schema-valuebets.ts";
export * from "./schema-prematch.ts";
export * from "./schema-alerts.ts";
export * from "./schema-livescan.ts";
export * from "./schema-precomputed.ts";
export * from "./schema-scale.ts";
export * from "./schema-team-aliases.ts";
export * from "./schema-odds-history.ts";
