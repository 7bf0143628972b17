import { declineRequest } from "@/lib/api/signing";
import { refuseToSign } from "@/lib/esign/signing/ceremony/decline-package";
import { readJson } from "@/lib/http/request-body";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noBody, noCeremonySession, notSent, ok } from "@/lib/api/openapi/operation";

/** The signer declines to sign, with a reason (PACKAGE_DECLINE). */
export const POST = signerRoute({
  tag: "Signing ceremony",
  summary: "Decline to sign, with a reason (PACKAGE_DECLINE; the package becomes DECLINED)",
  description: CEREMONY_AUTHENTICATION,
  body: { schema: declineRequest },
  responses: { 204: noBody, 400: ok(errorBody, "No reason, or one over 4000 characters"), 401: noCeremonySession, 409: notSent },
}, async ({ request, tx, context }) => {
  const { reason } = declineRequest.parse(await readJson(request));
  await refuseToSign(tx, context, "DECLINE", reason);
  return new Response(null, { status: 204 });
});

export * from "@/lib/http/method-not-allowed";
