import { declineRequest } from "@/lib/api/signing";
import { refuseToSign } from "@/lib/esign/signing/ceremony/decline-package";
import { readJson } from "@/lib/http/request-body";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer declines to sign, with a reason (PACKAGE_DECLINE). */
export const POST = signerRoute(async ({ request, tx, context }) => {
  const { reason } = declineRequest.parse(await readJson(request));
  await refuseToSign(tx, context, "DECLINE", reason);
  return new Response(null, { status: 204 });
});
