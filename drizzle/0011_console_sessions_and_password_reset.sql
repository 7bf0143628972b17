CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL,
	"last_seen" timestamp (3) with time zone NOT NULL,
	"expires" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL,
	"expires" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_sessions_user_idx" ON "console_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "console_sessions_expires_idx" ON "console_sessions" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "password_reset_requests_email_idx" ON "password_reset_requests" USING btree ("email","created");--> statement-breakpoint
CREATE INDEX "password_reset_requests_ip_idx" ON "password_reset_requests" USING btree ("ip_address","created");--> statement-breakpoint
CREATE INDEX "password_reset_requests_created_idx" ON "password_reset_requests" USING btree ("created");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expires_idx" ON "password_reset_tokens" USING btree ("expires");