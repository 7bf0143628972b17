import { delegatesReplacement, delegatesResponse, type DelegatesResponse } from "@/lib/api/delegates";
import { ok } from "@/lib/api/openapi/operation";
import { clearDelegates, listDelegates, replaceDelegates } from "@/lib/esign/senders/delegates";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

const WHO =
  "A sender manages their own delegates; the account owner and whoever holds users.manage manage anyone's (403 otherwise). " +
  "A delegate reads and acts on the sender's packages (the folder `GET /api/packages?query=delegated`), each action recorded on the sender's behalf.";

/** The original's `GET …/delegates`: the sender's delegates as a bare array of DelegationUser. */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "The sender's delegates",
  description: `A bare array of DelegationUser (expired delegations included, with \`active: false\`). ${WHO}`,
  permission: null,
  responses: { 200: ok(delegatesResponse) },
}, async ({ params, db, caller }) => {
  const body: DelegatesResponse = await listDelegates(db, caller, params.senderId);
  return body;
});

/** The original's `PUT …/delegates`: replaces the delegates, given as ids or as DelegationUsers. */
export const PUT = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Replace the sender's delegates",
  description:
    "Body: an array of sender ids, or of DelegationUser `{id, expiryDate}` (mixed allowed, as the original); our extension: `{email}` instead of `id`. " +
    "Each must be another sender of the account (404; the sender themselves: 400 `error.validation.selfDelegation`), not locked (409). Answers the delegates afterwards. " +
    WHO,
  permission: null,
  body: { schema: delegatesReplacement },
  responses: { 200: ok(delegatesResponse) },
}, async ({ params, db, caller, body }) => {
  const answer: DelegatesResponse = await replaceDelegates(db, caller, params.senderId, body);
  return answer;
});

/** The original's `DELETE …/delegates`: every delegate removed. */
export const DELETE = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Remove all the sender's delegates",
  description: WHO,
  permission: null,
  responses: { 204: { description: "Removed" } },
}, async ({ params, db, caller }) => {
  await clearDelegates(db, caller, params.senderId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
