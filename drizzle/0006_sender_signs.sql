ALTER TABLE "package_roles" ADD COLUMN "signs" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Until now the sender signed only in a role with the id Owner; their other SENDER role never signed.
UPDATE "package_roles" SET "signs" = false WHERE "type" = 'SENDER' AND "id" <> 'Owner';
