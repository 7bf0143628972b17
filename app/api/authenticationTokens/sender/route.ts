import { senderAuthenticationTokenRequest } from "@/lib/api/signing-entry";
import { issueSenderToken } from "@/lib/esign/signing/hosting/issue-sender-token";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** A token with which the package's sender hosts its signing in person: `/access?senderAuthenticationToken=<value>`, once, for 30 minutes. */
export const POST = apiRoute({ permission: "transaction.in_person" }, async ({ request, db, caller }) => {
  return issueSenderToken(db, caller, await readJsonWith(request, senderAuthenticationTokenRequest));
});
