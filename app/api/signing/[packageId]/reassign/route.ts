import { reassignRequest } from "@/lib/api/signing";
import { delegateSignature } from "@/lib/esign/signing/delegation/delegate-signature";
import { readJsonWith } from "@/lib/http/request-body";
import { signerRoute } from "@/lib/http/signer-route";

/** The signer delegates their signature to another person (ROLE_REASSIGN); answers the new role's id. */
export const POST = signerRoute(async ({ request, tx, context }) => delegateSignature(tx, context, await readJsonWith(request, reassignRequest)));
