import type { Tx } from "@/lib/db/client";
import { loadSignerContext, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { signingSessionOf } from "@/lib/esign/signing/session";
import type { RouteContract } from "@/lib/api/openapi/operation";
import { publicRoute } from "./api-handler";

type Params = { packageId: string } & Record<string, string>;

/**
 * The wrapper of the ceremony's routes: the signer's session cookie for the package (401/409
 * otherwise), then one transaction holding the signer's context — the role's progress row locked
 * for any change, so one signer's actions (and a group's members) happen one at a time.
 */
export function signerRoute<P extends Params = Params>(
  contract: Omit<RouteContract, "permission">,
  handler: (input: { request: Request; params: P; tx: Tx; context: SignerContext }) => Promise<Response | object>,
) {
  return publicRoute<P>(contract, async ({ request, params, db }) => {
    const session = await signingSessionOf(request, params.packageId);
    const changes = request.method !== "GET" && request.method !== "HEAD";
    return db.transaction(async (tx) => handler({ request, params, tx, context: await loadSignerContext(tx, session, changes) }));
  });
}
