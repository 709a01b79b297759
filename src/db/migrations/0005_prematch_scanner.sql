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
CREATE TABLE "prematch_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"filter_id" integer NOT NULL,
	"fixture_id" integer NOT NULL,
	"odds" real,
	"grade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prematch_backtests" ADD CONSTRAINT "prematch_backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_backtests" ADD CONSTRAINT "prematch_backtests_filter_id_prematch_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."prematch_filters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_filters" ADD CONSTRAINT "prematch_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prematch_picks" ADD CONSTRAINT "prematch_picks_filter_id_prematch_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."prematch_filters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prematch_backtests_user_idx" ON "prematch_backtests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prematch_backtests_status_idx" ON "prematch_backtests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "prematch_filters_user_idx" ON "prematch_filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prematch_picks_filter_idx" ON "prematch_picks" USING btree ("filter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prematch_picks_once" ON "prematch_picks" USING btree ("filter_id","fixture_id");