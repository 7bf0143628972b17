import { senderRolesAssignment, senderRolesQuery, senderRolesResponse, type SenderRolesResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { assignSenderRoles, listSenderRoles } from "@/lib/esign/senders/sender-roles";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** The account roles the user holds in the caller's account: `[{accountId, userId, accountRoles}]` (a bare array, as the real service answers). */
export const GET = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "The account roles the sender holds",
  description: "A bare array of UserAccountRole with one element, the caller's account. `accountId`, when given, must be that account (400 otherwise).",
  permission: PERMISSIONS.rolesView,
  query: senderRolesQuery,
  responses: { 200: ok(senderRolesResponse) },
}, async ({ params, db, caller, query }) => {
  const body: SenderRolesResponse = await listSenderRoles(db, caller, params.senderId, query.accountId);
  return body;
});

/**
 * Replaces the user's roles: `{"accountId", "accountRoles": [{"id"}]}` (the real service's
 * UserAccountRole), `{"roleIds": [...]}`, `[...]` or `[{"id"}]`; answers the roles held afterwards.
 */
export const POST = apiRoute({
  params: ["senderId"],
  tag: "Senders",
  summary: "Replace the account roles the sender holds",
  description:
    "Body: a UserAccountRole `{accountId, accountRoles: [{id}]}` (`accountId`, when given, must be the caller's account: 400 otherwise), or `{roleIds}`, or an array of ids or of `{id}`. " +
    "Answers the roles held afterwards, as GET does. Someone other than the account owner cannot change their own roles (403 `error.forbidden.selfAdministration`) " +
    "or those of a member holding permissions they lack (403 `error.forbidden.targetHasMorePermissions`), and gives or takes away only roles whose permissions they all hold " +
    "(403 `error.forbidden.permissionNotHeld`). The owner's roles cannot change (409).",
  permission: PERMISSIONS.rolesManage,
  body: { schema: senderRolesAssignment },
  responses: { 200: ok(senderRolesResponse) },
}, async ({ params, db, caller, body }) => {
  const answer: SenderRolesResponse = await assignSenderRoles(db, caller, params.senderId, body);
  return answer;
});

export * from "@/lib/http/method-not-allowed";
