CREATE TABLE "match_previews" (
	"fixture_id" integer NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"sections" jsonb NOT NULL,
	"body" text NOT NULL,
	"facts" jsonb NOT NULL,
	"facts_hash" text NOT NULL,
	"league_id" integer NOT NULL,
	"kickoff" timestamp with time zone NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"first_written_at" timestamp with time zone NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "match_previews_fixture_id_locale_pk" PRIMARY KEY("fixture_id","locale"),
	CONSTRAINT "match_previews_locale_slug" UNIQUE("locale","slug")
);
--> statement-breakpoint
CREATE TABLE "live_states" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"second" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_timelines" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"source" text NOT NULL,
	"events" "bytea" NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_click_visitors" (
	"affiliate_id" integer NOT NULL,
	"visitor_hash" char(64) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "affiliate_click_visitors_affiliate_id_visitor_hash_day_pk" PRIMARY KEY("affiliate_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_addresses" (
	"fixture_id" integer NOT NULL,
	"address_hash" char(64) NOT NULL,
	CONSTRAINT "vote_addresses_fixture_id_address_hash_pk" PRIMARY KEY("fixture_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "telegram_group_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"invite_link" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "value_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"bookmaker_country" smallint NOT NULL,
	"market" text NOT NULL,
	"outcome" text NOT NULL,
	"bookmaker" text NOT NULL,
	"price" real NOT NULL,
	"probability" real NOT NULL,
	"ev" real NOT NULL,
	"picked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "value_picks_once" UNIQUE("fixture_id","bookmaker_country","market")
);
--> statement-breakpoint
CREATE TABLE "prematch_backtests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filter_id" integer,
	"filter" jsonb NOT NULL,
	"interval" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"league_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"stake" real DEFAULT 10 NOT NULL,
	"status" text DEFAULT 'Todo' NOT NULL,
	"error" text,
	"result" jsonb,
	"pick_rows" jsonb,
	"excel" "bytea",
	"picks" integer,
	"success_rate" real,
	"roi" real,
	"mean_winning_odd" real,
	"leagues" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prematch_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"desired_outcome" text DEFAULT 'none' NOT NULL,
	"league_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"lead_amount" smallint DEFAULT 1 NOT NULL,
	"lead_unit" text DEFAULT 'hours' NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"pick_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text DEFAULT 'alert' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"not_before" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"external_id" text,
	"error" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_outbox_once" UNIQUE("pick_id","user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "alert_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"filter_id" integer NOT NULL,
	"fixture_id" integer NOT NULL,
	"selection" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"filter_name" text NOT NULL,
	"outcome" text NOT NULL,
	"favourite" text,
	"odds" real,
	"content" jsonb NOT NULL,
	"delivery" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"graded_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_picks_once" UNIQUE("source","filter_id","fixture_id","selection")
);
--> statement-breakpoint
CREATE TABLE "alert_reports" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"picks" integer NOT NULL,
	"sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_reports_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"user_id" integer NOT NULL,
	"bot" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"username" text,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_chats_user_id_bot_pk" PRIMARY KEY("user_id","bot"),
	CONSTRAINT "telegram_chats_chat" UNIQUE("bot","chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bot" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_states" ADD CONSTRAINT "live_states_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_click_visitors" ADD CONSTRAINT "affiliate_click_visitors_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_addresses" ADD CONSTRAINT "vote_addresses_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_group_members" ADD CONSTRAINT "telegram_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_picks" ADD CONSTRAINT "value_picks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_backtests" ADD CONSTRAINT "prematch_backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_backtests" ADD CONSTRAINT "prematch_backtests_filter_id_prematch_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."prematch_filters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_filters" ADD CONSTRAINT "prematch_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_pick_id_alert_picks_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."alert_picks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_picks" ADD CONSTRAINT "alert_picks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_picks" ADD CONSTRAINT "alert_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reports" ADD CONSTRAINT "alert_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_previews_locale_kickoff_idx" ON "match_previews" USING btree ("locale","kickoff");--> statement-breakpoint
CREATE INDEX "live_timelines_season_idx" ON "live_timelines" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "value_picks_country_idx" ON "value_picks" USING btree ("bookmaker_country","picked_at");--> statement-breakpoint
CREATE INDEX "prematch_backtests_user_idx" ON "prematch_backtests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prematch_backtests_status_idx" ON "prematch_backtests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "prematch_filters_user_idx" ON "prematch_filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_outbox_due_idx" ON "alert_outbox" USING btree ("id") WHERE channel = 'telegram' AND state IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_outbox_user_idx" ON "alert_outbox" USING btree ("user_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "alert_picks_pending_idx" ON "alert_picks" USING btree ("fixture_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "alert_picks_filter_idx" ON "alert_picks" USING btree ("source","filter_id");--> statement-breakpoint
CREATE INDEX "alert_picks_user_idx" ON "alert_picks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_requests_open_idx" ON "transfer_requests" USING btree ("user_id","plan_months") WHERE status = 'pending';