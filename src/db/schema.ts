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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

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

/** Accounts. Preferences that the site keeps in cookies for visitors live in `preferences` for users. */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  /** lowercased */
  email: text("email").notNull().unique(),
  /** argon2id; null for an account made by a social login only */
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  username: text("username"),
  image: text("image"),
  languageCode: text("language_code").notNull().default("en"),
  timezone: text("timezone"),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
  newsletter: boolean("newsletter").notNull().default(true),
  /** random key for the unsubscribe link of the newsletter */
  newsletterKey: text("newsletter_key").notNull(),
  telegramUsername: text("telegram_username"),
  telegramNotificationsEnabled: boolean("telegram_notifications_enabled").notNull().default(false),
  telegramPreMatchNotificationsEnabled: boolean("telegram_pre_match_notifications_enabled").notNull().default(false),
  valueBetNotificationsEnabled: boolean("value_bet_notifications_enabled").notNull().default(false),
  /** match events a followed fixture notifies (goals, started, half_time, ...) */
  notificationEvents: text("notification_events").array().notNull().default(["all"]),
  preferences: jsonb("preferences").notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A social login linked to an account. */
export const userIdentities = pgTable(
  "user_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** Sessions: only the SHA-256 of the token is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rememberMe: boolean("remember_me").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time links sent by mail (verification, password reset); hashed like sessions. */
export const userTokens = pgTable(
  "user_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("user_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters shared by every process (rate limits, failed logins). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const filterNotificationSettings = pgTable(
  "filter_notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    settings: jsonb("settings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

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
export const pushSubscriptions = pgTable("push_subscriptions", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  endpoint: text("endpoint").notNull().unique(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A followed fixture: its events are pushed to the subscription. */
export const livescoreNotifications = pgTable(
  "livescore_notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.userId, t.fixtureId, t.subscriptionId),
    index("livescore_notifications_fixture_idx").on(t.fixtureId),
  ],
);

/** Every push is recorded before it is sent: the unique key makes a second send of one event impossible. */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    fixtureId: integer("fixture_id").notNull(),
    eventKey: text("event_key").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
  },
  (t) => [unique().on(t.subscriptionId, t.fixtureId, t.eventKey)],
);

/**
 * A premium subscription, as the payment provider reports it. Premium is `current_period_end > now`: a
 * cancelled or unpaid subscription keeps what was paid for until the period ends. Add-on flags live on the
 * subscription, so they count only while it is active and come back when it is reactivated.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** stripe, sandbox, transfer, apple, affiliate */
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    /** 1, 3 or 12 months */
    planMonths: smallint("plan_months").notNull(),
    /** active, past_due, canceled */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    addonFilters: boolean("addon_filters").notNull().default(false),
    addonBacktesting: boolean("addon_backtesting").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.providerSubscriptionId), index("subscriptions_user_idx").on(t.userId)],
);

/** A payment received: one row per provider invoice or payment, so a repeated event cannot count it twice. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    /** subscription, addon_filters, addon_backtesting, transfer */
    kind: text("kind").notNull(),
    planMonths: smallint("plan_months"),
    amountCents: integer("amount_cents").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    receiptNumber: text("receipt_number").notNull().unique(),
  },
  (t) => [unique().on(t.provider, t.providerPaymentId), index("payments_user_idx").on(t.userId)],
);

/** Webhook events already applied: the primary key makes a replay, or a second delivery at once, a no-op. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Checkouts of the offline sandbox provider (the stand-in for Stripe Checkout on a machine without keys). */
export const sandboxCheckouts = pgTable("sandbox_checkouts", {
  id: text("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** subscription or addon */
  mode: text("mode").notNull(),
  item: text("item").notNull(),
  amountCents: integer("amount_cents").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open, paid, canceled */
  status: text("status").notNull().default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Manual bank transfers: pending until an operator confirms the money arrived. */
export const transferRequests = pgTable(
  "transfer_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planMonths: smallint("plan_months").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reference: text("reference").notNull().unique(),
    /** pending, confirmed */
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // one open request per user and plan
  },
  (t) => [uniqueIndex("transfer_requests_open_idx").on(t.userId, t.planMonths).where(sql`status = 'pending'`)],
);

/** Affiliate programme: who referred whom, clicks on tracking links, commissions and payout requests. */
export const affiliateReferrals = pgTable("affiliate_referrals", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  affiliateId: integer("affiliate_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: serial("id").primaryKey(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_clicks_affiliate_idx").on(t.affiliateId)],
);

export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: serial("id").primaryKey(),
    affiliateId: integer("affiliate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** first day of the month the payment was earned in (UTC) */
    period: text("period").notNull(),
    payoutId: integer("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_commissions_affiliate_idx").on(t.affiliateId)],
);

export const affiliatePayouts = pgTable("affiliate_payouts", {
  id: serial("id").primaryKey(),
  affiliateId: integer("affiliate_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** paypal, skrill, bank_transfer, crypto, premium_days */
  method: text("method").notNull(),
  details: text("details").notNull().default(""),
  amountCents: integer("amount_cents").notNull(),
  premiumDays: integer("premium_days"),
  /** requested, paid */
  status: text("status").notNull().default("requested"),
  period: text("period").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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

// Each area keeps its tables in a file of its own (schema-<area>.ts), re-exported here so that drizzle-kit and
// the typed client see one schema, and parallel work on separate areas never edits the same lines.
export * from "./schema-previews.ts";
export * from "./schema-live.ts";
export * from "./schema-harden.ts";
export * from "./schema-valuebets.ts";
export * from "./schema-prematch.ts";
export * from "./schema-alerts.ts";
export * from "./schema-livescan.ts";
export * from "./schema-precomputed.ts";
export * from "./schema-scale.ts";
