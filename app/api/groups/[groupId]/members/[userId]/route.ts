import { removeGroupMember } from "@/lib/esign/groups/remove-group-member";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody } from "@/lib/api/openapi/operation";

export const DELETE = apiRoute({ params: ["groupId", "userId"], tag: "Groups", summary: "Remove a member", permission: PERMISSIONS.groupsManage, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await removeGroupMember(db, caller, params.groupId, params.userId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
