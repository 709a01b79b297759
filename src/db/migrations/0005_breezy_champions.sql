CREATE TABLE "affiliate_click_visitors" (
	"affiliate_id" integer NOT NULL,
	"visitor_hash" char(64) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "affiliate_click_visitors_affiliate_id_visitor_hash_day_pk" PRIMARY KEY("affiliate_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_addresses" (
	"fixture_id" integer NOT NULL,
	"address_hash" char(64) NOT NULL,
	CONSTRAINT "vote_addresses_fixture_id_address_hash_pk" PRIMARY KEY("fixture_id","address_hash")
);
--> statement-breakpoint
ALTER TABLE "affiliate_click_visitors" ADD CONSTRAINT "affiliate_click_visitors_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_addresses" ADD CONSTRAINT "vote_addresses_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_requests_open_idx" ON "transfer_requests" USING btree ("user_id","plan_months") WHERE status = 'pending';