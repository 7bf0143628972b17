import { senderRolesAssignment, senderRolesQuery, type SenderRolesResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { assignSenderRoles, listSenderRoles } from "@/lib/esign/senders/sender-roles";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJsonWith } from "@/lib/http/request-body";

type Params = { senderId: string };

/** The account roles the user holds in the caller's account: `[{accountId, userId, accountRoles}]` (a bare array, as the real service answers). */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.rolesView }, async ({ request, params, db, caller }) => {
  const query = parseWith(senderRolesQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  const body: SenderRolesResponse = await listSenderRoles(db, caller, params.senderId, query.accountId);
  return body;
});

/**
 * Replaces the user's roles: `{"accountId", "accountRoles": [{"id"}]}` (the real service's
 * UserAccountRole), `{"roleIds": [...]}`, `[...]` or `[{"id"}]`; answers the roles held afterwards.
 */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.rolesManage }, async ({ request, params, db, caller }) => {
  const input = await readJsonWith(request, senderRolesAssignment);
  const body: SenderRolesResponse = await assignSenderRoles(db, caller, params.senderId, input);
  return body;
});
