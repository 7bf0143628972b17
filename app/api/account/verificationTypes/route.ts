import { listVerificationTypeCatalogue } from "@/lib/esign/verification/account-verification-types";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Our extension: the whole catalogue of verification types, each marked activated or not for the caller's account. */
export const GET = apiRoute({ permission: PERMISSIONS.verification }, async ({ db, caller }) => {
  return listVerificationTypeCatalogue(db, caller);
});
