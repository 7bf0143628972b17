ALTER TABLE "packages" ADD COLUMN "virtual_room" jsonb;--> statement-breakpoint
ALTER TABLE "role_signing_states" ADD COLUMN "link_texted" timestamp (3) with time zone;