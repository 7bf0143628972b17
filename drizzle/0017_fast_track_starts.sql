CREATE TABLE "fast_track_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"template_id" text NOT NULL,
	"ip_address" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fast_track_starts_template_idx" ON "fast_track_starts" USING btree ("template_id","created");--> statement-breakpoint
CREATE INDEX "fast_track_starts_ip_idx" ON "fast_track_starts" USING btree ("ip_address","created");--> statement-breakpoint
CREATE INDEX "fast_track_starts_account_idx" ON "fast_track_starts" USING btree ("account_id","created");--> statement-breakpoint
CREATE INDEX "fast_track_starts_created_idx" ON "fast_track_starts" USING btree ("created");