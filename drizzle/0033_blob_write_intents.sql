CREATE TABLE "blob_write_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blob_write_intents_sha256_idx" ON "blob_write_intents" USING btree ("sha256");