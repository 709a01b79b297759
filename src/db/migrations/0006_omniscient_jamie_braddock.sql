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
ALTER TABLE "value_picks" ADD CONSTRAINT "value_picks_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "value_picks_country_idx" ON "value_picks" USING btree ("bookmaker_country","picked_at");