CREATE TABLE "access_tokens" (
	"lookup_hash" text PRIMARY KEY NOT NULL,
	"client_app_id" text NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_memberships" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_memberships_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "account_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"predefined" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_account_id" text,
	"timezone_id" text DEFAULT 'GMT' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"lookup_hash" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"package_id" text NOT NULL,
	"document_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"role_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"enforce_capture_signature" boolean DEFAULT false NOT NULL,
	"accepted" timestamp with time zone,
	"signed" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "approvals_package_id_document_id_id_pk" PRIMARY KEY("package_id","document_id","id")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"package_id" text,
	"name" text NOT NULL,
	"session_user" text NOT NULL,
	"document_id" text,
	"message" text,
	"new_role_id" text,
	"ip_address" text,
	"created" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp (3) with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"event_name" text NOT NULL,
	"package_id" text,
	"url" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created" timestamp (3) with time zone NOT NULL,
	"delivered_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "callback_registrations" (
	"account_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"encrypted_key" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_apps" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_user_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_documents" (
	"package_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"blob_sha256" text,
	"sealed_blob_sha256" text,
	"file_name" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extract" boolean DEFAULT false NOT NULL,
	"extraction_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "package_documents_package_id_id_pk" PRIMARY KEY("package_id","id")
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"package_id" text NOT NULL,
	"document_id" text NOT NULL,
	"approval_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"subtype" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"page" integer NOT NULL,
	"top" double precision NOT NULL,
	"left" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"binding" text,
	"validation" jsonb,
	"extract" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "fields_package_id_document_id_approval_id_id_pk" PRIMARY KEY("package_id","document_id","approval_id","id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"member_type" text DEFAULT 'REGULAR' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_members" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"package_id" text,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"trashed" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"email_message" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"autocomplete" boolean DEFAULT true NOT NULL,
	"visibility" text DEFAULT 'ACCOUNT' NOT NULL,
	"timezone_id" text DEFAULT 'GMT' NOT NULL,
	"due" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" timestamp with time zone,
	"completed" timestamp with time zone,
	"purged" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"package_id" text PRIMARY KEY NOT NULL,
	"start_in_days_delay" integer NOT NULL,
	"interval_in_days" integer NOT NULL,
	"repetitions_count" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"sent_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "package_roles" (
	"package_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'SIGNER' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email_message" text DEFAULT '' NOT NULL,
	"reassign" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"signer" jsonb,
	"signer_email" text,
	"attachment_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification" jsonb,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "package_roles_package_id_id_pk" PRIMARY KEY("package_id","id")
);
--> statement-breakpoint
CREATE TABLE "sender_invitations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"lookup_hash" text NOT NULL,
	"encrypted_token" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account_roles" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "user_account_roles_account_id_user_id_role_id_pk" PRIMARY KEY("account_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"timezone_id" text DEFAULT 'GMT' NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"type" text DEFAULT 'REGULAR' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_type_activations" (
	"account_id" text NOT NULL,
	"type_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_type_activations_account_id_type_id_pk" PRIMARY KEY("account_id","type_id")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_client_app_id_client_apps_id_fk" FOREIGN KEY ("client_app_id") REFERENCES "public"."client_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_callback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."callback_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_registrations" ADD CONSTRAINT "callback_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_apps" ADD CONSTRAINT "client_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_apps" ADD CONSTRAINT "client_apps_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_documents" ADD CONSTRAINT "package_documents_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_roles" ADD CONSTRAINT "package_roles_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_invitations" ADD CONSTRAINT "sender_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_invitations" ADD CONSTRAINT "sender_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_roles" ADD CONSTRAINT "user_account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_roles" ADD CONSTRAINT "user_account_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_roles" ADD CONSTRAINT "user_account_roles_role_id_account_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."account_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_type_activations" ADD CONSTRAINT "verification_type_activations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_expires_idx" ON "access_tokens" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "account_memberships_user_idx" ON "account_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_roles_account_idx" ON "account_roles" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_lookup_hash_unique" ON "api_keys" USING btree ("lookup_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approvals_role_idx" ON "approvals" USING btree ("package_id","role_id");--> statement-breakpoint
CREATE INDEX "audit_events_package_idx" ON "audit_events" USING btree ("package_id","id");--> statement-breakpoint
CREATE INDEX "callback_attempts_delivery_idx" ON "callback_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_account_idx" ON "callback_deliveries" USING btree ("account_id","created");--> statement-breakpoint
CREATE INDEX "callback_deliveries_package_idx" ON "callback_deliveries" USING btree ("account_id","package_id","status","event_id");--> statement-breakpoint
CREATE INDEX "client_apps_account_idx" ON "client_apps" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "groups_account_idx" ON "groups" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_account_idx" ON "outbox_messages" USING btree ("account_id","created");--> statement-breakpoint
CREATE INDEX "packages_owner_listing_idx" ON "packages" USING btree ("owner_user_id","type","updated");--> statement-breakpoint
CREATE INDEX "packages_account_listing_idx" ON "packages" USING btree ("account_id","type","updated");--> statement-breakpoint
CREATE INDEX "reminders_package_idx" ON "reminders" USING btree ("package_id","date");--> statement-breakpoint
CREATE INDEX "package_roles_signer_email_idx" ON "package_roles" USING btree ("signer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_invitations_lookup_hash_unique" ON "sender_invitations" USING btree ("lookup_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));