CREATE TABLE "package_list_buckets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"trashed" boolean NOT NULL,
	"list_order" text NOT NULL,
	"lower_time" timestamp with time zone,
	"lower_text" text,
	"lower_id" text NOT NULL,
	"draft" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"opted_out" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_list_changes" (
	"account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"trashed" boolean NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	"due" timestamp with time zone,
	"package_id" text NOT NULL,
	"change" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_list_scopes" (
	"account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"trashed" boolean NOT NULL,
	"folds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "package_list_scopes_account_id_owner_user_id_trashed_pk" PRIMARY KEY("account_id","owner_user_id","trashed")
);
--> statement-breakpoint
CREATE INDEX "package_list_buckets_scope_idx" ON "package_list_buckets" USING btree ("account_id","owner_user_id","trashed","list_order");--> statement-breakpoint
CREATE INDEX "package_list_changes_scope_idx" ON "package_list_changes" USING btree ("account_id","owner_user_id","trashed");--> statement-breakpoint
-- The listed packages' moves (lib/db/schema.ts package_list_changes), written by statement
-- triggers in the writing transaction: a package of the lists (type PACKAGE, not DELETED: the
-- list indexes' rows) leaving its place is -1 at its old keys, taking one +1 at its new keys.
-- Insert-only, so writers never wait for each other or for a fold.
CREATE FUNCTION "package_list_changes_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_list_changes" ("account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "package_id", "change")
  SELECT "account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "id", 1
  FROM "inserted_packages" WHERE "type" = 'PACKAGE' AND "status" <> 'DELETED';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "package_list_changes_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_list_changes" ("account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "package_id", "change")
  SELECT "account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "id", -1
  FROM "deleted_packages" WHERE "type" = 'PACKAGE' AND "status" <> 'DELETED';
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves a package when a column the lists filter or sort by changes; other updates
-- (content, settings) write nothing.
CREATE FUNCTION "package_list_changes_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "package_list_changes" ("account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "package_id", "change")
  SELECT m."account_id", m."owner_user_id", m."trashed", m."status", m."name", m."created", m."updated", m."due", m."id", m."change"
  FROM "old_packages" o JOIN "new_packages" n ON n."id" = o."id"
  CROSS JOIN LATERAL (
    SELECT o."account_id", o."owner_user_id", o."trashed", o."status", o."name", o."created", o."updated", o."due", o."id", -1
    WHERE o."type" = 'PACKAGE' AND o."status" <> 'DELETED'
    UNION ALL
    SELECT n."account_id", n."owner_user_id", n."trashed", n."status", n."name", n."created", n."updated", n."due", n."id", 1
    WHERE n."type" = 'PACKAGE' AND n."status" <> 'DELETED'
  ) AS m("account_id", "owner_user_id", "trashed", "status", "name", "created", "updated", "due", "id", "change")
  WHERE (o."account_id", o."owner_user_id", o."type", o."status", o."trashed", o."name", o."created", o."updated", o."due")
    IS DISTINCT FROM (n."account_id", n."owner_user_id", n."type", n."status", n."trashed", n."name", n."created", n."updated", n."due");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "package_list_changes_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "package_list_changes";
  DELETE FROM "package_list_buckets";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "package_list_changes_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS "inserted_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_list_changes_after_insert"();--> statement-breakpoint
CREATE TRIGGER "package_list_changes_delete" AFTER DELETE ON "packages" REFERENCING OLD TABLE AS "deleted_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_list_changes_after_delete"();--> statement-breakpoint
CREATE TRIGGER "package_list_changes_update" AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS "old_packages" NEW TABLE AS "new_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_list_changes_after_update"();--> statement-breakpoint
CREATE TRIGGER "package_list_changes_truncate" AFTER TRUNCATE ON "packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_list_changes_after_truncate"();
--> statement-breakpoint
-- Rows come and go in bulk (folds delete every pending change of a scope): vacuumed after every
-- thousand, so index scans do not wade through the dead ones.
ALTER TABLE "package_list_changes" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
