CREATE TABLE "team_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"alias" text NOT NULL,
	"normalised_alias" text NOT NULL,
	"team_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_aliases_country_id_normalised_alias_unique" UNIQUE("country_id","normalised_alias")
);
--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;