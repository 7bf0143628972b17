import { senderRolesAssignment, type SenderRolesResponse } from "@/lib/api/senders";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { assignSenderRoles, listSenderRoles } from "@/lib/esign/senders/sender-roles";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { senderId: string };

/** The account roles the user holds in the caller's account, `{results, count}`. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.rolesView }, async ({ params, db, caller }) => {
  const body: SenderRolesResponse = await listSenderRoles(db, caller, params.senderId);
  return body;
});

/** Replaces the user's roles: `{"roleIds": [...]}`, `[...]`, `[{"id"}]` or `{"accountRoles": [{"id"}]}`; answers the roles held afterwards. */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.rolesManage }, async ({ request, params, db, caller }) => {
  const roleIds = await readJsonWith(request, senderRolesAssignment);
  const body: SenderRolesResponse = await assignSenderRoles(db, caller, params.senderId, roleIds);
  return body;
});
