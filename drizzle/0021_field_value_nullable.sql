ALTER TABLE "fields" ALTER COLUMN "value" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fields" ALTER COLUMN "value" DROP NOT NULL;