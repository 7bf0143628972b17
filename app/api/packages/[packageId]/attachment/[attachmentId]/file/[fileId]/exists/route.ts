import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { attachmentAvailability } from "@/lib/api/attachments";

/** `{exists}`: whether this file of the requirement is there to download. */
export const GET = apiRoute({
  params: ["packageId", "attachmentId", "fileId"],
  tag: "Signer attachments",
  summary: "Whether this uploaded file is there to download",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(attachmentAvailability) },
}, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { attachmentId: params.attachmentId, fileId: params.fileId }),
}));

export * from "@/lib/http/method-not-allowed";
