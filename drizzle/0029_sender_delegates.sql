CREATE TABLE "sender_delegates" (
	"account_id" text NOT NULL,
	"delegator_id" text NOT NULL,
	"delegate_id" text NOT NULL,
	"expiry_date" timestamp (3) with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_delegates_account_id_delegator_id_delegate_id_pk" PRIMARY KEY("account_id","delegator_id","delegate_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "sender_delegates" ADD CONSTRAINT "sender_delegates_delegator_id_users_id_fk" FOREIGN KEY ("delegator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_delegates" ADD CONSTRAINT "sender_delegates_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_delegates_delegate_idx" ON "sender_delegates" USING btree ("account_id","delegate_id");--> statement-breakpoint
CREATE INDEX "audit_events_on_behalf_idx" ON "audit_events" USING btree ("account_id","on_behalf_of","created") WHERE "audit_events"."on_behalf_of" is not null;