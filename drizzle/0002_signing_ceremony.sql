CREATE TABLE "approval_signatures" (
	"package_id" text NOT NULL,
	"document_id" text NOT NULL,
	"approval_id" text NOT NULL,
	"role_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"image_sha256" text,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "approval_signatures_package_id_document_id_approval_id_pk" PRIMARY KEY("package_id","document_id","approval_id")
);
--> statement-breakpoint
CREATE TABLE "role_signing_states" (
	"package_id" text NOT NULL,
	"role_id" text NOT NULL,
	"notified" timestamp (3) with time zone,
	"consent_accepted" timestamp (3) with time zone,
	"verified" timestamp (3) with time zone,
	"completed" timestamp (3) with time zone,
	"signed_by_email" text,
	"signed_by_name" text,
	"locked_by_email" text,
	"locked_by_name" text,
	"locked_until" timestamp (3) with time zone,
	"otp_hash" text,
	"otp_expires" timestamp (3) with time zone,
	"otp_failed_attempts" integer DEFAULT 0 NOT NULL,
	"signer_locked" timestamp (3) with time zone,
	CONSTRAINT "role_signing_states_package_id_role_id_pk" PRIMARY KEY("package_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "signing_links" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"role_id" text NOT NULL,
	"kind" text NOT NULL,
	"member_email" text,
	"token_hash" text NOT NULL,
	"created" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"package_id" text NOT NULL,
	"role_id" text NOT NULL,
	"member_email" text,
	"host_user_id" text,
	"ip_address" text,
	"user_agent" text,
	"created" timestamp (3) with time zone NOT NULL,
	"expires" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "approval_signatures" ADD CONSTRAINT "approval_signatures_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_signing_states" ADD CONSTRAINT "role_signing_states_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_links" ADD CONSTRAINT "signing_links_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_links_token_idx" ON "signing_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_links_role_idx" ON "signing_links" USING btree ("package_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_sessions_token_idx" ON "signing_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_sessions_role_idx" ON "signing_sessions" USING btree ("package_id","role_id");