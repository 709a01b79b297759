CREATE TABLE "live_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"desired_outcome" text DEFAULT 'none' NOT NULL,
	"league_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_filters" ADD CONSTRAINT "live_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_filters_user_idx" ON "live_filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_filters_updated_idx" ON "live_filters" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "live_filters_imported_idx" ON "live_filters" USING btree ("imported_from");