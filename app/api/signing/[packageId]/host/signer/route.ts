import { ceremonyViewResponse, hostSignerRequest } from "@/lib/api/signing";
import { switchHostedSigner } from "@/lib/esign/signing/hosting/switch-hosted-signer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { CEREMONY_HOSTING_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";
import { readJsonWith } from "@/lib/http/request-body";

/**
 * The sender hosting in person hands the device to the next signer; answers the ceremony view as
 * them. Not through signerRoute: the signer the session acted for may be gone or finished.
 */
export const POST = publicRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "In person: the sender hosting hands the device to another signer",
  description: `${CEREMONY_HOSTING_AUTHENTICATION} Only in a session opened with a sender authentication token. The signer must be one whose turn it is (spec 3.3) and who has not finished. Answers the ceremony view as that signer; their actions are recorded as theirs, and an IN_PERSON_HOST event in the audit trail names the host and the signer.`,
  // Read by the handler once the session is checked: no session is a 401 whatever the body.
  body: { schema: hostSignerRequest, readByHandler: true },
  responses: {
    200: ok(ceremonyViewResponse),
    401: noCeremonySession,
    403: ok(errorBody, "The session is not hosted in person"),
    404: ok(errorBody, "The package has no signer with this role id"),
    409: ok(errorBody, "Not that signer's turn yet, they have finished, or the package is no longer out for signing"),
  },
}, async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { roleId } = await readJsonWith(request, hostSignerRequest);
  return switchHostedSigner(db, session, roleId);
});

export * from "@/lib/http/method-not-allowed";
