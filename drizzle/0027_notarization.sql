CREATE TABLE "notary_commissions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"number" integer NOT NULL,
	"jurisdiction" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"expiration_date" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notary_journal_entries" (
	"notary_user_id" text NOT NULL,
	"sequence_number" integer NOT NULL,
	"account_id" text NOT NULL,
	"package_id" text NOT NULL,
	"package_name" text NOT NULL,
	"document_id" text NOT NULL,
	"document_name" text NOT NULL,
	"document_type" text DEFAULT 'PDF' NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"signature_type" text NOT NULL,
	"id_type" text DEFAULT '' NOT NULL,
	"id_value" text DEFAULT '' NOT NULL,
	"jurisdiction" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notary_journal_entries_notary_user_id_sequence_number_pk" PRIMARY KEY("notary_user_id","sequence_number")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "notarized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "notary_role_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "notary_commissions" ADD CONSTRAINT "notary_commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_journal_entries" ADD CONSTRAINT "notary_journal_entries_notary_user_id_users_id_fk" FOREIGN KEY ("notary_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;