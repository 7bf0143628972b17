import { activateVerificationType, deactivateVerificationType } from "@/lib/esign/verification/account-verification-types";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

type Params = { typeId: string };
const options = { permission: PERMISSIONS.verification };

/** Our extension: activates the type for the caller's account (idempotent; no body). */
export const PUT = apiRoute<Params>(options, async ({ db, caller, params }) => {
  return activateVerificationType(db, caller, params.typeId);
});

/** Our extension: deactivates the type (idempotent); the built-in EMAIL_OTP cannot be deactivated (422). */
export const DELETE = apiRoute<Params>(options, async ({ db, caller, params }) => {
  await deactivateVerificationType(db, caller, params.typeId);
  return noContent();
});
