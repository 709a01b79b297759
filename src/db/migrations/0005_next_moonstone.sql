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
ALTER TABLE "live_states" ADD CONSTRAINT "live_states_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_timelines" ADD CONSTRAINT "live_timelines_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_timelines_season_idx" ON "live_timelines" USING btree ("season_id");