import { ceremonyViewResponse, hostSignerRequest, reassignRequest, reassignResponse } from "../signing";
import { senderAuthenticationTokenRequest, senderAuthenticationTokenResponse } from "../signing-entry";
import { errorResponse, ok, type Operation, noCeremonySession } from "./operation";

const base = "/api/signing/{packageId}";
const CEREMONY =
  "The signing ceremony's own (our extension): authenticated by the ceremony's session cookie, which `GET /access?sessionToken=` (or `?senderAuthenticationToken=`) sets; no API key or access token.";

/** Delegating a signature (ROLE_REASSIGN) and hosting the ceremony in person (`settings.ceremony.inPerson`). */
export const signingHostingOperations: Operation[] = [
  {
    method: "post",
    path: `${base}/reassign`,
    tag: "Signing ceremony",
    summary: "Delegate the signature to another person (ROLE_REASSIGN with newRoleId)",
    description: `${CEREMONY} Allowed when the sender set \`reassign: true\` on the role, it is the signer's turn and they have signed nothing yet. A new role (new id) takes the old one's place with its index, approvals and fields; the old role is removed and its sessions answer 409 from then on. The new signer is invited by e-mail at once, with the message. A group signer cannot delegate (any other member can sign), nor a signer whose identity the sender requires verified by an external provider, nor one in a ceremony the sender hosts in person.`,
    permission: "public",
    body: { schema: reassignRequest },
    responses: {
      200: ok(reassignResponse),
      400: ok(errorResponse, "A missing name or an invalid e-mail"),
      401: noCeremonySession,
      403: ok(errorResponse, "The sender did not allow this signer to delegate (reassign is false), or the signer is locked"),
      409: ok(errorResponse, "Not the signer's turn, already signed, finished, a group, a verified signer, a hosted ceremony, or the role was already delegated"),
      422: ok(errorResponse, "The e-mail is the signer's own or another signer's of the package"),
    },
  },
  {
    method: "post",
    path: `${base}/host/signer`,
    tag: "Signing ceremony",
    summary: "In person: the sender hosting hands the device to another signer",
    description: `${CEREMONY} Only in a session opened with a sender authentication token. The signer must be one whose turn it is (spec 3.3) and who has not finished. Answers the ceremony view as that signer; their actions are recorded as theirs, and an IN_PERSON_HOST event in the audit trail names the host and the signer.`,
    permission: "public",
    body: { schema: hostSignerRequest },
    responses: {
      200: ok(ceremonyViewResponse),
      401: noCeremonySession,
      403: ok(errorResponse, "The session is not hosted in person"),
      404: ok(errorResponse, "The package has no signer with this role id"),
      409: ok(errorResponse, "Not that signer's turn yet, they have finished, or the package is no longer out for signing"),
    },
  },
  {
    method: "post",
    path: "/api/authenticationTokens/sender",
    tag: "Signing",
    summary: "A token with which the package's sender hosts its signing in person",
    description:
      "Only the package's sender, for a SENT package with settings.ceremony.inPerson true. Redeemed once within 30 minutes at /access?senderAuthenticationToken=<value>, which opens the ceremony on the sender's device for the first signer whose turn it is.",
    permission: "transaction.in_person",
    body: { schema: senderAuthenticationTokenRequest },
    responses: {
      200: ok(senderAuthenticationTokenResponse),
      403: ok(errorResponse, "The caller is not the package's sender"),
      409: ok(errorResponse, "The package is not SENT, is in the trash, is not set for in-person signing, or every signer has finished"),
    },
  },
];
