CREATE TABLE "telegram_group_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"invite_link" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "telegram_group_members" ADD CONSTRAINT "telegram_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;