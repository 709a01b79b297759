CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "bookmakers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "fixture_stats" (
	"fixture_id" integer NOT NULL,
	"side" char(1) NOT NULL,
	"shots" smallint,
	"shots_on_target" smallint,
	"fouls" smallint,
	"corners" smallint,
	"yellow_cards" smallint,
	"red_cards" smallint,
	CONSTRAINT "fixture_stats_fixture_id_side_pk" PRIMARY KEY("fixture_id","side")
);
--> statement-breakpoint
CREATE TABLE "fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"league_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"home_team_id" integer NOT NULL,
	"away_team_id" integer NOT NULL,
	"source_kickoff" timestamp with time zone NOT NULL,
	"kickoff" timestamp with time zone NOT NULL,
	"has_kickoff_time" boolean NOT NULL,
	"ht_home" smallint,
	"ht_away" smallint,
	"ft_home" smallint,
	"ft_away" smallint,
	"referee" text,
	CONSTRAINT "fixtures_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "imported_files" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added" integer NOT NULL,
	"updated" integer NOT NULL,
	"skipped" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"tier" smallint NOT NULL,
	CONSTRAINT "leagues_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "odds" (
	"fixture_id" integer NOT NULL,
	"bookmaker_id" integer NOT NULL,
	"market" text NOT NULL,
	"closing" boolean NOT NULL,
	"line" real,
	"price_home" real NOT NULL,
	"price_draw" real,
	"price_away" real NOT NULL,
	CONSTRAINT "odds_fixture_id_bookmaker_id_market_closing_pk" PRIMARY KEY("fixture_id","bookmaker_id","market","closing")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "seasons_league_id_name_unique" UNIQUE("league_id","name")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "teams_country_id_name_unique" UNIQUE("country_id","name")
);
--> statement-breakpoint
ALTER TABLE "fixture_stats" ADD CONSTRAINT "fixture_stats_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixtures_kickoff_idx" ON "fixtures" USING btree ("kickoff");--> statement-breakpoint
CREATE INDEX "fixtures_league_kickoff_idx" ON "fixtures" USING btree ("league_id","kickoff");--> statement-breakpoint
CREATE INDEX "fixtures_home_idx" ON "fixtures" USING btree ("home_team_id","kickoff");--> statement-breakpoint
CREATE INDEX "fixtures_away_idx" ON "fixtures" USING btree ("away_team_id","kickoff");--> statement-breakpoint
CREATE INDEX "fixtures_season_idx" ON "fixtures" USING btree ("season_id");