import type { Tx } from "@/lib/db/client";
import { assertSignerAuthenticated } from "@/lib/esign/signing/authentication/signer-auth";
import { loadSignerContext, type SignerContext } from "@/lib/esign/signing/ceremony/signer-context";
import { signingSessionOf } from "@/lib/esign/signing/session";
import { withContract, type RouteContract } from "@/lib/api/openapi/operation";
import { unauthenticatedRoute } from "./api-handler";
import { parseDeclaredInput, type DeclaredInput } from "./route-input";

type SignerContract = Omit<RouteContract, "permission"> & { params: readonly ["packageId", ...string[]] };

/**
 * The wrapper of the ceremony's routes: the signer's session cookie for the package (401/409
 * otherwise), then one transaction holding the signer's context — the role's progress row locked
 * for any change, so one signer's actions (and a group's members) happen one at a time.
 *
 * A signer who must authenticate first (their `auth`: questions or an SMS code) and has not is
 * refused with 403 `error.forbidden.signerAuthenticationRequired` by every route but those marked
 * `beforeAuthentication` (the ceremony's view, which then shows no document). The declared query
 * and body are parsed after those checks, as the handler's first step.
 */
export function signerRoute<const C extends SignerContract>(
  contract: C,
  handler: (input: { request: Request; tx: Tx; context: SignerContext } & DeclaredInput<C>) => Promise<Response | object>,
  options: { beforeAuthentication?: boolean } = {},
) {
  const route = unauthenticatedRoute<DeclaredInput<C>["params"]>(async ({ request, params, db }) => {
    const session = await signingSessionOf(request, params.packageId);
    const changes = request.method !== "GET" && request.method !== "HEAD";
    return db.transaction(async (tx) => {
      const context = await loadSignerContext(tx, session, changes);
      if (!options.beforeAuthentication) assertSignerAuthenticated(context.role.signer, context.state);
      const input = await parseDeclaredInput(contract, request);
      return handler({ request, params, tx, context, ...input });
    });
  });
  return withContract({ ...contract, permission: "public" }, route);
}
