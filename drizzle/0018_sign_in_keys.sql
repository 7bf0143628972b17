ALTER TABLE "api_keys" ADD COLUMN "kind" text DEFAULT 'INTEGRATION' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "user_authentication_tokens" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_access_token_hash_access_tokens_lookup_hash_fk" FOREIGN KEY ("access_token_hash") REFERENCES "public"."access_tokens"("lookup_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authentication_tokens" ADD CONSTRAINT "user_authentication_tokens_access_token_hash_access_tokens_lookup_hash_fk" FOREIGN KEY ("access_token_hash") REFERENCES "public"."access_tokens"("lookup_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_sign_in_unique" ON "api_keys" USING btree ("user_id","account_id") WHERE "api_keys"."kind" = 'SIGN_IN' and "api_keys"."access_token_hash" is null;