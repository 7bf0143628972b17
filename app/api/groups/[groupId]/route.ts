import { groupUpdate } from "@/lib/api/groups";
import { deleteGroup } from "@/lib/esign/groups/delete-group";
import { getGroup } from "@/lib/esign/groups/get-group";
import { updateGroup } from "@/lib/esign/groups/update-group";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { groupId: string };

export const GET = apiRoute<Params>({ permission: PERMISSIONS.groupsView }, async ({ db, caller, params }) => {
  return getGroup(db, caller, params.groupId);
});

/** Name, e-mail, emailMembers; `members`, when present, replaces the member list. */
export const PUT = apiRoute<Params>({ permission: PERMISSIONS.groupsManage }, async ({ request, db, caller, params }) => {
  const input = await readJsonWith(request, groupUpdate);
  return updateGroup(db, caller, params.groupId, input);
});

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.groupsManage }, async ({ db, caller, params }) => {
  await deleteGroup(db, caller, params.groupId);
  return noContent();
});
