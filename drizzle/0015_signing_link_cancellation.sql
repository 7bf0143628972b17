ALTER TABLE "signing_links" ADD COLUMN "cancelled" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "cancel_reason" text;