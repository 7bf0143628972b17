import { groupCreate, groupListQuery } from "@/lib/api/groups";
import { createGroup } from "@/lib/esign/groups/create-group";
import { listGroups } from "@/lib/esign/groups/list-groups";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJsonWith } from "@/lib/http/request-body";

/** The account's groups, `{results, count}`, paged with 1-based inclusive `from`/`to`. */
export const GET = apiRoute({ permission: PERMISSIONS.groupsView }, async ({ request, db, caller }) => {
  const query = parseWith(groupListQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return listGroups(db, caller, query);
});

/** Creates a group; its members must already be senders of the account (422 otherwise). */
export const POST = apiRoute({ permission: PERMISSIONS.groupsManage }, async ({ request, db, caller }) => {
  const input = await readJsonWith(request, groupCreate);
  return createGroup(db, caller, input);
});
