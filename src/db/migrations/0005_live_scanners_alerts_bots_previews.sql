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
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_states" ADD CONSTRAINT "live_states_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_click_visitors" ADD CONSTRAINT "affiliate_click_visitors_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_addresses" ADD CONSTRAINT "vote_addresses_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_previews_locale_kickoff_idx" ON "match_previews" USING btree ("locale","kickoff");--> statement-breakpoint
CREATE INDEX "live_timelines_season_idx" ON "live_timelines" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_requests_open_idx" ON "transfer_requests" USING btree ("user_id","plan_months") WHERE status = 'pending';