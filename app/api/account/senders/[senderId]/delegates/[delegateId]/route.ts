import { delegateAddition, delegatesResponse, type DelegatesResponse } from "@/lib/api/delegates";
import { ok } from "@/lib/api/openapi/operation";
import { addDelegate, removeDelegate } from "@/lib/esign/senders/delegates";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readOptionalJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

/** The original's `POST …/delegates/{delegateId}`: adds one delegate (body: the DelegationUser, whose expiryDate is used). */
export const POST = apiRoute({
  params: ["senderId", "delegateId"],
  tag: "Senders",
  summary: "Add a delegate to the sender",
  description:
    "The delegate must be another sender of the account (404; the sender themselves: 400 `error.validation.selfDelegation`), not locked (409). " +
    "Adding one already named changes only its expiryDate. Answers the delegates afterwards. A sender manages their own delegates; the owner and holders of users.manage anyone's.",
  permission: null,
  body: { schema: delegateAddition, readByHandler: true },
  responses: { 200: ok(delegatesResponse) },
}, async ({ request, params, db, caller }) => {
  // Read by hand: an empty body stands for {} (the SDKs send none).
  const input = parseWith(delegateAddition, await readOptionalJson(request, {}));
  const body: DelegatesResponse = await addDelegate(db, caller, params.senderId, params.delegateId, input);
  return body;
});

/** The original's `DELETE …/delegates/{delegateId}`: removes one delegate (404 if not one). */
export const DELETE = apiRoute({
  params: ["senderId", "delegateId"],
  tag: "Senders",
  summary: "Remove a delegate from the sender",
  permission: null,
  responses: { 204: { description: "Removed" } },
}, async ({ params, db, caller }) => {
  await removeDelegate(db, caller, params.senderId, params.delegateId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
