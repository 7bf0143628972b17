import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; attachmentId: string };

/** `{exists}`: whether the signer uploaded a file for the requirement. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { attachmentId: params.attachmentId }),
}));
