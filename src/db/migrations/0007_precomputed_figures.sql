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
CREATE INDEX "precomputed_figures_until_idx" ON "precomputed_figures" USING btree ("kind","valid_until");