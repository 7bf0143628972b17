import { declineRequest } from "@/lib/api/signing";
import { refuseToSign } from "@/lib/esign/signing/ceremony/decline-package";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noBody, noCeremonySession, notSent, ok } from "@/lib/api/openapi/operation";

/** The signer declines to sign, with a reason (PACKAGE_DECLINE). */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Decline to sign, with a reason (PACKAGE_DECLINE; the package becomes DECLINED)",
  description: CEREMONY_AUTHENTICATION,
  body: { schema: declineRequest, nameInErrors: "request" },
  responses: { 204: noBody, 400: ok(errorBody, "No reason, or one over 4000 characters"), 401: noCeremonySession, 409: notSent },
}, async ({ tx, context, body }) => {
  const { reason } = body;
  await refuseToSign(tx, context, "DECLINE", reason);
  return new Response(null, { status: 204 });
});

export * from "@/lib/http/method-not-allowed";
