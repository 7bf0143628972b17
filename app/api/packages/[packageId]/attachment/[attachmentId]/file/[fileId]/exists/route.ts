import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; attachmentId: string; fileId: string };

/** `{exists}`: whether this file of the requirement is there to download. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { attachmentId: params.attachmentId, fileId: params.fileId }),
}));
