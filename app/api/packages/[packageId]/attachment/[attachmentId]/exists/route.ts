import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { attachmentAvailability } from "@/lib/api/attachments";

/** `{exists}`: whether the signer uploaded a file for the requirement. */
export const GET = apiRoute({
  params: ["packageId", "attachmentId"],
  tag: "Signer attachments",
  summary: "Whether the signer uploaded a file for the requirement",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(attachmentAvailability) },
}, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { attachmentId: params.attachmentId }),
}));

export * from "@/lib/http/method-not-allowed";
