import { reassignRequest, reassignResponse } from "@/lib/api/signing";
import { delegateSignature } from "@/lib/esign/signing/delegation/delegate-signature";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_HOSTING_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";

/** The signer delegates their signature to another person (ROLE_REASSIGN); answers the new role's id. */
export const POST = signerRoute({
  params: ["packageId"],
  tag: "Signing ceremony",
  summary: "Delegate the signature to another person (ROLE_REASSIGN with newRoleId)",
  description: `${CEREMONY_HOSTING_AUTHENTICATION} Allowed when the sender set \`reassign: true\` on the role, it is the signer's turn and they have signed nothing yet. A new role (new id) takes the old one's place with its index, approvals and fields; the old role is removed and its sessions answer 409 from then on. The new signer is invited by e-mail at once, with the message. A group signer cannot delegate (any other member can sign), nor a signer whose identity the sender requires verified by an external provider, nor one in a ceremony the sender hosts in person.`,
  body: { schema: reassignRequest },
  responses: {
    200: ok(reassignResponse),
    400: ok(errorBody, "A missing name or an invalid e-mail"),
    401: noCeremonySession,
    403: ok(errorBody, "The sender did not allow this signer to delegate (reassign is false), or the signer is locked"),
    409: ok(errorBody, "Not the signer's turn, already signed, finished, a group, a verified signer, a hosted ceremony, or the role was already delegated"),
    422: ok(errorBody, "The e-mail is the signer's own or another signer's of the package"),
  },
}, async ({ tx, context, body }) => delegateSignature(tx, context, body));

export * from "@/lib/http/method-not-allowed";
