import { groupMembersAdd, groupResponse } from "@/lib/api/groups";
import { addGroupMembers } from "@/lib/esign/groups/add-group-members";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** Adds one member (`{email, memberType?}`) or several (an array); answers the group. */
export const POST = apiRoute({ params: ["groupId"], tag: "Groups", summary: "Add members", permission: PERMISSIONS.groupsManage, body: { schema: groupMembersAdd }, responses: { 200: ok(groupResponse) } }, async ({ db, caller, params, body }) => {
  return addGroupMembers(db, caller, params.groupId, body);
});

export * from "@/lib/http/method-not-allowed";
