import { attachmentVerificationResult } from "@/lib/api/attachments";
import { ok } from "@/lib/api/openapi/operation";
import { attachmentVerifications } from "@/lib/esign/signing/attachments/attachment-verifications";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { z } from "zod";

/**
 * The original's attachment verification results: one per uploaded file. Signet runs no document
 * classification nor data extraction; it checks each file's kind against its extension, its size,
 * its integrity (SHA-256) and a PDF's page count.
 */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Signer attachments",
  summary: "Checks of each file the signers uploaded: kind against extension, size, SHA-256, PDF pages",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(z.array(attachmentVerificationResult)) },
}, async ({ db, caller, params }) => attachmentVerifications(db, caller, params.packageId));

export * from "@/lib/http/method-not-allowed";
