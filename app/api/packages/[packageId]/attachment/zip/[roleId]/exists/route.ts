import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { attachmentAvailability } from "@/lib/api/attachments";

/** `{exists}`: whether the role's signer uploaded any file. */
export const GET = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signer attachments",
  summary: "Whether the role's signer uploaded any file",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(attachmentAvailability) },
}, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { roleId: params.roleId }),
}));

export * from "@/lib/http/method-not-allowed";
