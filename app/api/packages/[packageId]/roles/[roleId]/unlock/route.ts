import { PERMISSIONS } from "@/lib/esign/permissions";
import { unlockSigner } from "@/lib/esign/signing/unlock-signer";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; roleId: string };

/** The sender unlocks a signer locked out after too many wrong one-time codes; answers the role. */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  return unlockSigner(db, caller, params.packageId, params.roleId);
});
