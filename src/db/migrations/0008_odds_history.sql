CREATE TABLE "odds_history" (
	"fixture_id" integer NOT NULL,
	"bookmaker_id" integer NOT NULL,
	"market" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"line" real,
	"price_home" real NOT NULL,
	"price_draw" real,
	"price_away" real NOT NULL,
	CONSTRAINT "odds_history_fixture_id_bookmaker_id_market_seen_at_pk" PRIMARY KEY("fixture_id","bookmaker_id","market","seen_at")
);
