ALTER TABLE "approval_signatures" ADD COLUMN "font" text;--> statement-breakpoint
ALTER TABLE "approval_signatures" ADD COLUMN "image_uploaded" boolean DEFAULT false NOT NULL;