ALTER TABLE "packages" ADD COLUMN "awaiting_seal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Completed packages that still wait for a seal (their job lost or failed) are marked, as a completion now marks them.
UPDATE "packages" SET "awaiting_seal" = true
WHERE "type" = 'PACKAGE' AND "status" IN ('COMPLETED', 'ARCHIVED') AND "purged" IS NULL
  AND EXISTS (SELECT 1 FROM "package_documents" d WHERE d."package_id" = "packages"."id" AND d."id" <> 'default-consent'
              AND d."blob_sha256" IS NOT NULL AND d."sealed_blob_sha256" IS NULL);--> statement-breakpoint
CREATE INDEX "packages_sweep_expiry_idx" ON "packages" USING btree ("due") WHERE "packages"."status" = 'SENT';--> statement-breakpoint
CREATE INDEX "packages_sweep_retention_idx" ON "packages" USING btree ("completed") WHERE "packages"."status" in ('COMPLETED', 'ARCHIVED') and "packages"."purged" is null;--> statement-breakpoint
CREATE INDEX "packages_sweep_awaiting_seal_idx" ON "packages" USING btree ("completed") WHERE "packages"."awaiting_seal";--> statement-breakpoint
CREATE INDEX "reminders_pending_idx" ON "reminders" USING btree ("date") WHERE "reminders"."sent_date" is null;