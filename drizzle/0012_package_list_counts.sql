CREATE TABLE "package_counts" (
	"account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"trashed" boolean NOT NULL,
	"visibility" text NOT NULL,
	"packages" integer NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "package_roles_signer_email_idx";--> statement-breakpoint
CREATE INDEX "package_counts_scope_idx" ON "package_counts" USING btree ("account_id","type","owner_user_id");--> statement-breakpoint
CREATE INDEX "packages_list_created_asc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","created","id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_created_desc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","created" DESC NULLS FIRST,"id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_updated_asc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","updated","id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_updated_desc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","updated" DESC NULLS FIRST,"id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_name_asc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","name","id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_name_desc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","name" DESC NULLS FIRST,"id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_status_asc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","status","id") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_status_desc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","status" DESC NULLS FIRST,"id") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_due_asc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","due","id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "packages_list_due_desc_idx" ON "packages" USING btree ("account_id","owner_user_id","trashed","due" DESC NULLS FIRST,"id","status") WHERE "packages"."type" = 'PACKAGE' and "packages"."status" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "package_roles_signing_email_idx" ON "package_roles" USING btree ((case when "signs" then "signer_email" end));--> statement-breakpoint
CREATE INDEX "package_roles_group_idx" ON "package_roles" USING btree ((("signer" -> 'group') ->> 'id'));--> statement-breakpoint
-- The folders' counts (lib/db/schema.ts package_counts), kept in the writing transaction by
-- statement triggers: each write inserts one row per owner/type/status/trash/visibility it
-- changes, never updates one, so concurrent writers do not wait on a counter row.
CREATE FUNCTION "package_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_counts" ("account_id", "owner_user_id", "type", "status", "trashed", "visibility", "packages", "changes")
  SELECT "account_id", "owner_user_id", "type", "status", "trashed", "visibility", count(*), count(*)
  FROM "inserted_packages" GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "package_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_counts" ("account_id", "owner_user_id", "type", "status", "trashed", "visibility", "packages", "changes")
  SELECT "account_id", "owner_user_id", "type", "status", "trashed", "visibility", -count(*), count(*)
  FROM "deleted_packages" GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update counts when it moves a package across folders or within a list's order (the columns
-- lists filter and sort by); other updates (content, settings) leave no row.
CREATE FUNCTION "package_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_counts" ("account_id", "owner_user_id", "type", "status", "trashed", "visibility", "packages", "changes")
  SELECT "account_id", "owner_user_id", "type", "status", "trashed", "visibility", sum("packages"), sum("changes")
  FROM (
    SELECT o."account_id", o."owner_user_id", o."type", o."status", o."trashed", o."visibility", -1 AS "packages", 1 AS "changes"
    FROM "old_packages" o JOIN "new_packages" n ON n."id" = o."id"
    WHERE (o."account_id", o."owner_user_id", o."type", o."status", o."trashed", o."visibility", o."name", o."created", o."updated", o."due")
      IS DISTINCT FROM (n."account_id", n."owner_user_id", n."type", n."status", n."trashed", n."visibility", n."name", n."created", n."updated", n."due")
    UNION ALL
    SELECT n."account_id", n."owner_user_id", n."type", n."status", n."trashed", n."visibility", 1, 1
    FROM "old_packages" o JOIN "new_packages" n ON n."id" = o."id"
    WHERE (o."account_id", o."owner_user_id", o."type", o."status", o."trashed", o."visibility", o."name", o."created", o."updated", o."due")
      IS DISTINCT FROM (n."account_id", n."owner_user_id", n."type", n."status", n."trashed", n."visibility", n."name", n."created", n."updated", n."due")
  ) AS "moved"
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "package_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "package_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "package_counts_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS "inserted_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "package_counts_delete" AFTER DELETE ON "packages" REFERENCING OLD TABLE AS "deleted_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "package_counts_update" AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS "old_packages" NEW TABLE AS "new_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "package_counts_truncate" AFTER TRUNCATE ON "packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_counts_after_truncate"();--> statement-breakpoint
INSERT INTO "package_counts" ("account_id", "owner_user_id", "type", "status", "trashed", "visibility", "packages", "changes")
SELECT "account_id", "owner_user_id", "type", "status", "trashed", "visibility", count(*), count(*)
FROM "packages" GROUP BY 1, 2, 3, 4, 5, 6;
