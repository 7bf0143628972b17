-- An embedded designer session's key (api_keys.kind DESIGNER) names the one package it may act on.
ALTER TABLE "api_keys" ADD COLUMN "package_id" text;