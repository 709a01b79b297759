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
CREATE TABLE "precomputed_figures" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"stamp" text NOT NULL,
	"data" json NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "precomputed_figures_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "scale_shards" (
	"shard" integer PRIMARY KEY NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone,
	"epoch" integer DEFAULT 0 NOT NULL,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scale_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "live_filters" ADD CONSTRAINT "live_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_filters_user_idx" ON "live_filters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_filters_updated_idx" ON "live_filters" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "live_filters_imported_idx" ON "live_filters" USING btree ("imported_from");--> statement-breakpoint
CREATE INDEX "precomputed_figures_until_idx" ON "precomputed_figures" USING btree ("kind","valid_until");--> statement-breakpoint
CREATE INDEX "scale_workers_expires_idx" ON "scale_workers" USING btree ("expires_at");