import { senderResponse, type SenderResponse, senderUpdate } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteSender } from "@/lib/esign/senders/delete-sender";
import { getSender } from "@/lib/esign/senders/get-sender";
import { updateSender } from "@/lib/esign/senders/update-sender";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["senderId"], tag: "Senders", summary: "Read a sender", permission: PERMISSIONS.usersView, responses: { 200: ok(senderResponse) } }, async ({ params, db, caller }) => {
  const body: SenderResponse = await getSender(db, caller, params.senderId);
  return body;
});

/** Updates names, company, title (and phone, language, timezoneId, type); an `email` in the body is ignored. */
export const POST = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Update a sender's names, company and title (never the e-mail)",
  description: "One's own profile, or a sender the caller may administer: the owner anyone; anyone else a non-owner holding no permission they lack (403 otherwise).",
  permission: PERMISSIONS.usersManage,
  body: { schema: senderUpdate },
  responses: { 200: ok(senderResponse) },
}, async ({ params, db, caller, body }) => {
  const answer: SenderResponse = await updateSender(db, caller, params.senderId, body);
  return answer;
});

/** Spec 3.5: 200 with the sender (status LOCKED) when they still have drafts or an inbox; 204 when deleted. */
export const DELETE = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Delete a sender, or lock them while they have drafts or inbox packages",
  description:
    "The lock holds in this account only (the sender reads but cannot write here; their other accounts are untouched). Only a sender the caller may administer (403 otherwise); " +
    "never the account owner or oneself (409).",
  permission: PERMISSIONS.usersManage,
  responses: { 200: ok(senderResponse, "The sender, locked"), 204: { description: "Deleted" } },
}, async ({ params, db, caller }) => {
  const result = await deleteSender(db, caller, params.senderId);
  if (result.outcome === "DELETED") return noContent();
  const body: SenderResponse = result.sender;
  return body;
});

export * from "@/lib/http/method-not-allowed";
