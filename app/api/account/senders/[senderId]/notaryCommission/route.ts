import { notaryCommissionInput, notaryCommissionResponse } from "@/lib/api/notary";
import { ok } from "@/lib/api/openapi/operation";
import { deleteNotaryCommission, getNotaryCommission, setNotaryCommission } from "@/lib/esign/notary/notary-commission";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

/** The sender's notary commission: what their notary seal shows on a notarized document (404 when none). */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Notary Commission",
  summary: "A sender's notary commission (404 when none is on file)",
  permission: null,
  responses: { 200: ok(notaryCommissionResponse) },
}, async ({ db, caller, params }) => getNotaryCommission(db, caller, params.senderId));

/** Sets or replaces it: the sender themselves, or whoever may administer them with users.manage. */
export const PUT = apiRoute({
  params: ["senderId"],
  tag: "Notary Commission",
  summary: "Set a sender's notary commission (number, jurisdiction, expiry)",
  description: "A notarized package can be sent only when its notary, a sender of the account, has a commission in force. The sender themselves, or whoever may administer them with users.manage.",
  permission: null,
  body: { schema: notaryCommissionInput },
  responses: { 200: ok(notaryCommissionResponse) },
}, async ({ db, caller, params, body }) => setNotaryCommission(db, caller, params.senderId, body));

export const DELETE = apiRoute({
  params: ["senderId"],
  tag: "Notary Commission",
  summary: "Remove a sender's notary commission",
  permission: null,
  responses: { 204: { description: "Removed" } },
}, async ({ db, caller, params }) => {
  await deleteNotaryCommission(db, caller, params.senderId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
