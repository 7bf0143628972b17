CREATE TABLE "callback_connectors" (
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"encrypted_key" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_connectors_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
DROP INDEX "callback_deliveries_package_idx";--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD COLUMN "connector" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_connectors" ADD CONSTRAINT "callback_connectors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_package_idx" ON "callback_deliveries" USING btree ("account_id","package_id","connector","status","event_id");