DROP INDEX "package_roles_signing_email_idx";--> statement-breakpoint
DROP INDEX "package_roles_group_idx";--> statement-breakpoint
ALTER TABLE "package_roles" ADD COLUMN "awaiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "package_roles_awaiting_email_idx" ON "package_roles" USING btree ("signer_email") WHERE "package_roles"."signs" and "package_roles"."awaiting";--> statement-breakpoint
CREATE INDEX "package_roles_awaiting_group_idx" ON "package_roles" USING btree ((("signer" -> 'group') ->> 'id')) WHERE "package_roles"."type" = 'SIGNER' and "package_roles"."awaiting";--> statement-breakpoint
-- Roles of packages out for signing now, before the triggers keep it.
UPDATE "package_roles" r SET "awaiting" = true FROM "packages" p WHERE p."id" = r."package_id" AND p."status" = 'SENT' AND NOT p."trashed";--> statement-breakpoint
-- A role added takes its package's state (a package sent at creation has its row before its roles).
CREATE FUNCTION "package_roles_awaiting_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."awaiting" := EXISTS (SELECT 1 FROM "packages" p WHERE p."id" = NEW."package_id" AND p."status" = 'SENT' AND NOT p."trashed");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "package_roles_awaiting_on_insert" BEFORE INSERT ON "package_roles"
  FOR EACH ROW EXECUTE FUNCTION "package_roles_awaiting_on_insert"();--> statement-breakpoint
-- A package that goes out for signing, or stops being out (signed, declined, expired, trashed, back to draft), moves its roles.
CREATE FUNCTION "package_roles_awaiting_on_package_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "package_roles" SET "awaiting" = (NEW."status" = 'SENT' AND NOT NEW."trashed") WHERE "package_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "package_roles_awaiting_on_package_update" AFTER UPDATE OF "status", "trashed" ON "packages"
  FOR EACH ROW WHEN ((OLD."status" = 'SENT' AND NOT OLD."trashed") IS DISTINCT FROM (NEW."status" = 'SENT' AND NOT NEW."trashed"))
  EXECUTE FUNCTION "package_roles_awaiting_on_package_update"();
