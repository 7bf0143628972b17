import { signedDocumentsRequest, signedDocumentsResult } from "@/lib/api/api-signing";
import { contractOf, errorBody, noCeremonySession, ok, withContract } from "@/lib/api/openapi/operation";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { signOwnDocumentsThroughApi, signSessionDocumentsThroughApi } from "@/lib/esign/signing/api/sign-documents-through-api";
import { actsAsSigner, signingSessionOf } from "@/lib/esign/signing/session";
import { apiRoute, clientIp, unauthenticatedRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string };

function originOf(request: Request) {
  return { ipAddress: clientIp(request), userAgent: request.headers.get("user-agent") };
}

/** The caller (with their API key) signs their own approvals: the sender's role, or a role whose signer they are. */
const senderSigns = apiRoute({
  params: ["packageId"],
  tag: "Signing",
  summary: "Sign your own approvals through the API (the original's SignedDocuments)",
  description:
    "The caller signs, document after document in their order, every approval of their role not yet signed on the `documents` named (all when none is; the SDKs send every document), the consent accepted first. Recorded as signatures made through the API from the caller's address: DOCUMENT_SIGNED for each document (its message says so), SIGNER_COMPLETE and PACKAGE_COMPLETE as they fall; stamped and sealed like any other. A capture approval takes `handdrawn` when it is a PNG, else the signer's name. Sent with no credential but the `ESIGNLIVE_SESSION_ID` cookie of a signer authentication token's session (as the SDKs' `signDocuments(packageId, signerId)` does), the session's signer signs theirs instead.",
  permission: PERMISSIONS.transaction,
  body: { schema: signedDocumentsRequest },
  responses: {
    200: ok(signedDocumentsResult),
    401: noCeremonySession,
    404: ok(errorBody, "No such package, or no such document in it"),
    409: ok(errorBody, "The package is not SENT, it is not the signer's turn, or everything of theirs is signed already"),
    422: ok(errorBody, "The caller has no approvals in the package, or a required field of theirs has no value"),
  },
}, async ({ request, db, caller, params, body }) => {
  return signOwnDocumentsThroughApi(db, caller, params.packageId, body, originOf(request));
});

/**
 * The signer of a session (the SDKs' signer authentication token) signs theirs. A branch of the
 * route above, whose contract declares the body: it reads it itself, after the session is checked.
 */
const signerSigns = unauthenticatedRoute<Params>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  return signSessionDocumentsThroughApi(db, session, await readJsonWith(request, signedDocumentsRequest), originOf(request));
});

export const POST = withContract(contractOf(senderSigns)!, async (request: Request, context: { params: Promise<Params> }): Promise<Response> => {
  return actsAsSigner(request) ? signerSigns(request, context) : senderSigns(request, context);
});

export * from "@/lib/http/method-not-allowed";
