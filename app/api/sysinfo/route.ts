import { systemInfo } from "@/lib/esign/system/system-info";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";

/** The running version and the database schema's: `{version, webappVersion, schemaVersion}`. */
export const GET = apiRoute({
  tag: "Accounts",
  summary: "The running version and the database schema's",
  permission: null,
  responses: { 200: ok(z.object({ version: z.string(), webappVersion: z.string(), schemaVersion: z.string().describe("The number of migrations applied") })) },
}, async ({ db }) => systemInfo(db));

export * from "@/lib/http/method-not-allowed";
