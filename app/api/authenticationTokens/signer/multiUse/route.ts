import { signerAuthenticationTokenRequest } from "@/lib/api/signing-entry";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { issueSignerToken } from "@/lib/esign/signing/links/role-signing-links";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/** A token opening one signer's ceremony as often as needed: `/access?sessionToken=<value>`. */
export const POST = apiRoute({ permission: PERMISSIONS.transaction }, async ({ request, db, caller }) => {
  return issueSignerToken(db, caller, await readJsonWith(request, signerAuthenticationTokenRequest), "MULTI_USE");
});
