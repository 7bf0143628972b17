import { listActivatedVerificationTypes } from "@/lib/esign/verification/account-verification-types";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { accountId: string };

/** The verification types activated for the account the credential acts in; any other account id is a 404. */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => {
  return listActivatedVerificationTypes(db, caller, params.accountId);
});
