CREATE TABLE "account_settings" (
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"account_id" text NOT NULL,
	"id" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "sender_signature_images" (
	"user_id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporting_documents" (
	"package_id" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"blob_sha256" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporting_documents_package_id_id_pk" PRIMARY KEY("package_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_custom_fields" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_custom_fields_account_id_user_id_id_pk" PRIMARY KEY("account_id","user_id","id")
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "tooltip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_documents" ADD COLUMN "tagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "font_size" integer;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "tooltip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "package_roles" ADD COLUMN "created" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "package_roles" ADD COLUMN "updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_signature_images" ADD CONSTRAINT "sender_signature_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporting_documents" ADD CONSTRAINT "supporting_documents_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_custom_fields" ADD CONSTRAINT "user_custom_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_custom_fields" ADD CONSTRAINT "user_custom_fields_account_id_id_custom_fields_account_id_id_fk" FOREIGN KEY ("account_id","id") REFERENCES "public"."custom_fields"("account_id","id") ON DELETE cascade ON UPDATE no action;