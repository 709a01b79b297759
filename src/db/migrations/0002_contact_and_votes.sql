CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"fixture_id" integer NOT NULL,
	"voter" text NOT NULL,
	"choice" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_fixture_id_voter_pk" PRIMARY KEY("fixture_id","voter")
);
--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;