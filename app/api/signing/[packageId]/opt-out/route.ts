import { optOutRequest } from "@/lib/api/signing";
import { refuseToSign } from "@/lib/esign/signing/ceremony/decline-package";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noBody, noCeremonySession, notSent, ok } from "@/lib/api/openapi/operation";

/** The signer opts out of signing electronically, with a reason (PACKAGE_OPT_OUT). */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Opt out of signing electronically, with a reason (PACKAGE_OPT_OUT; the package becomes OPTED_OUT)",
  description: CEREMONY_AUTHENTICATION,
  body: { schema: optOutRequest, nameInErrors: "request" },
  responses: { 204: noBody, 400: ok(errorBody, "No reason, or one over 4000 characters"), 401: noCeremonySession, 409: notSent },
}, async ({ tx, context, body }) => {
  const { reason } = body;
  await refuseToSign(tx, context, "OPT_OUT", reason);
  return new Response(null, { status: 204 });
});

export * from "@/lib/http/method-not-allowed";
