CREATE TABLE "blob_chunks" (
	"sha256" text NOT NULL,
	"index" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_sha256_index_pk" PRIMARY KEY("sha256","index")
);
--> statement-breakpoint
ALTER TABLE "package_documents" ADD COLUMN "flattened_blob_sha256" text;--> statement-breakpoint
ALTER TABLE "blob_chunks" ADD CONSTRAINT "blob_chunks_sha256_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."blobs"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Blobs stored whole before this migration move into 1 MiB pieces here, once, so that one way of
-- reading serves every blob (no fallback to the old column); the column goes with it.
INSERT INTO "blob_chunks" ("sha256", "index", "content")
SELECT "blobs"."sha256", "piece"."index", substring("blobs"."content" from "piece"."index" * 1048576 + 1 for 1048576)
FROM "blobs", generate_series(0, ceil(octet_length("blobs"."content") / 1048576.0)::integer - 1) AS "piece"("index");--> statement-breakpoint
ALTER TABLE "blobs" DROP COLUMN "content";