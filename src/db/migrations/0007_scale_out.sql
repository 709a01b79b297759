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
CREATE INDEX "scale_workers_expires_idx" ON "scale_workers" USING btree ("expires_at");