CREATE TABLE "prediction_accuracy" (
	"league_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"picks" integer NOT NULL,
	"hits" integer NOT NULL,
	"probability_sum" real NOT NULL,
	"log_loss_sum" real NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prediction_accuracy_league_id_kind_pk" PRIMARY KEY("league_id","kind")
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"fixture_id" integer PRIMARY KEY NOT NULL,
	"model_version" text NOT NULL,
	"model" jsonb NOT NULL,
	"final" jsonb NOT NULL,
	"market" jsonb,
	"market_weight" real NOT NULL,
	"p_home" real NOT NULL,
	"p_draw" real NOT NULL,
	"p_away" real NOT NULL,
	"p_over25" real NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prediction_accuracy" ADD CONSTRAINT "prediction_accuracy_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "predictions_probs_idx" ON "predictions" USING btree ("p_home","p_away");