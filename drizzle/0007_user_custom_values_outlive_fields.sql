ALTER TABLE "user_custom_fields" DROP CONSTRAINT "user_custom_fields_account_id_id_custom_fields_account_id_id_fk";
--> statement-breakpoint
ALTER TABLE "user_custom_fields" ADD CONSTRAINT "user_custom_fields_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;