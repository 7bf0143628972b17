import { hostSignerRequest } from "@/lib/api/signing";
import { switchHostedSigner } from "@/lib/esign/signing/hosting/switch-hosted-signer";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { publicRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

/**
 * The sender hosting in person hands the device to the next signer; answers the ceremony view as
 * them. Not through signerRoute: the signer the session acted for may be gone or finished.
 */
export const POST = publicRoute<{ packageId: string }>(async ({ request, params, db }) => {
  const session = await signingSessionOf(request, params.packageId);
  const { roleId } = await readJsonWith(request, hostSignerRequest);
  return switchHostedSigner(db, session, roleId);
});
