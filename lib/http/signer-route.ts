import type { Tx } from "@/lib/db/client";
import { assertSignerAuthenticated } from "@/lib/esign/signing/authentication/signer-auth";
import { loadSignerContext, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { signingSessionOf } from "@/lib/esign/signing/session";
import type { RouteContract } from "@/lib/api/openapi/operation";
import { publicRoute } from "./api-handler";

type Params = { packageId: string } & Record<string, string>;

/**
 * The wrapper of the ceremony's routes: the signer's session cookie for the package (401/409
 * otherwise), then one transaction holding the signer's context — the role's progress row locked
 * for any change, so one signer's actions (and a group's members) happen one at a time.
 *
 * A signer who must authenticate first (their `auth`: questions or an SMS code) and has not is
 * refused with 403 `error.forbidden.signerAuthenticationRequired` by every route but those marked
 * `beforeAuthentication` (the ceremony's view, which then shows no document).
 */
export function signerRoute<P extends Params = Params>(
  contract: Omit<RouteContract, "permission">,
  handler: (input: { request: Request; params: P; tx: Tx; context: SignerContext }) => Promise<Response | object>,
  options: { beforeAuthentication?: boolean } = {},
) {
  return publicRoute<P>(contract, async ({ request, params, db }) => {
    const session = await signingSessionOf(request, params.packageId);
    const changes = request.method !== "GET" && request.method !== "HEAD";
    return db.transaction(async (tx) => {
      const context = await loadSignerContext(tx, session, changes);
      if (!options.beforeAuthentication) assertSignerAuthenticated(context.role.signer, context.state);
      return handler({ request, params, tx, context });
    });
  });
}
