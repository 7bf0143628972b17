CREATE TABLE "seal_leases" (
	"package_id" text PRIMARY KEY NOT NULL,
	"holder" text,
	"until" timestamp (3) with time zone NOT NULL,
	"started" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "cancelled" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "seal_leases" ADD CONSTRAINT "seal_leases_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;