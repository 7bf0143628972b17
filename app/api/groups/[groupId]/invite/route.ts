import { groupMembersAdd } from "@/lib/api/groups";
import { addGroupMembers } from "@/lib/esign/groups/add-group-members";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { groupId: string };

/** The original's name for adding a member (a sender of the account): answers the group, as `POST …/members` does. */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.groupsManage }, async ({ request, db, caller, params }) => {
  const input = await readJsonWith(request, groupMembersAdd);
  return addGroupMembers(db, caller, params.groupId, input);
});
