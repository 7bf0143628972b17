import { attachmentExists } from "@/lib/esign/signing/attachments/attachment-exists";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; roleId: string };

/** `{exists}`: whether the role's signer uploaded any file. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => ({
  exists: await attachmentExists(db, caller, params.packageId, { roleId: params.roleId }),
}));
