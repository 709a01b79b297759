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
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_previews" ADD CONSTRAINT "match_previews_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_states" ADD CONSTRAINT "live_states_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_previews_locale_kickoff_idx" ON "match_previews" USING btree ("locale","kickoff");--> statement-breakpoint
CREATE INDEX "live_timelines_season_idx" ON "live_timelines" USING btree ("season_id");