import { groupResponse, groupUpdate } from "@/lib/api/groups";
import { deleteGroup } from "@/lib/esign/groups/delete-group";
import { getGroup } from "@/lib/esign/groups/get-group";
import { updateGroup } from "@/lib/esign/groups/update-group";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({ params: ["groupId"], tag: "Groups", summary: "Read a group", permission: PERMISSIONS.groupsView, responses: { 200: ok(groupResponse) } }, async ({ db, caller, params }) => {
  return getGroup(db, caller, params.groupId);
});

/** Name, e-mail, emailMembers; `members`, when present, replaces the member list. */
export const PUT = apiRoute({ params: ["groupId"], tag: "Groups", summary: "Change a group; members, when given, replace the list", permission: PERMISSIONS.groupsManage, body: { schema: groupUpdate }, responses: { 200: ok(groupResponse) } }, async ({ db, caller, params, body }) => {
  return updateGroup(db, caller, params.groupId, body);
});

export const DELETE = apiRoute({ params: ["groupId"], tag: "Groups", summary: "Delete a group", permission: PERMISSIONS.groupsManage, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteGroup(db, caller, params.groupId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
