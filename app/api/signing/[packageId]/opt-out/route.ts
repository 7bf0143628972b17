import { optOutRequest } from "@/lib/api/signing";
import { refuseToSign } from "@/lib/esign/signing/ceremony/decline-package";
import { readJson } from "@/lib/http/request-body";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer opts out of signing electronically, with a reason (PACKAGE_OPT_OUT). */
export const POST = signerRoute(async ({ request, tx, context }) => {
  const { reason } = optOutRequest.parse(await readJson(request));
  await refuseToSign(tx, context, "OPT_OUT", reason);
  return new Response(null, { status: 204 });
});
