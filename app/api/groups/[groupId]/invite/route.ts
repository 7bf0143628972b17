import { groupMembersAdd, groupResponse } from "@/lib/api/groups";
import { addGroupMembers } from "@/lib/esign/groups/add-group-members";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** The original's name for adding a member (a sender of the account): answers the group, as `POST …/members` does. */
export const POST = apiRoute({ params: ["groupId"], tag: "Groups", summary: "Add a member (the original's name for it)", permission: PERMISSIONS.groupsManage, body: { schema: groupMembersAdd }, responses: { 200: ok(groupResponse) } }, async ({ db, caller, params, body }) => {
  return addGroupMembers(db, caller, params.groupId, body);
});

export * from "@/lib/http/method-not-allowed";
