CREATE TABLE "signer_attachment_files" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"role_id" text NOT NULL,
	"requirement_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"blob_sha256" text,
	"uploaded_by_name" text NOT NULL,
	"uploaded_by_email" text NOT NULL,
	"uploaded" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "host_user_id" text;--> statement-breakpoint
ALTER TABLE "signer_attachment_files" ADD CONSTRAINT "signer_attachment_files_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_attachment_files_requirement_idx" ON "signer_attachment_files" USING btree ("package_id","role_id","requirement_id");