import { removeGroupMember } from "@/lib/esign/groups/remove-group-member";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

type Params = { groupId: string; userId: string };

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.groupsManage }, async ({ db, caller, params }) => {
  await removeGroupMember(db, caller, params.groupId, params.userId);
  return noContent();
});
