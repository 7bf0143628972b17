import { groupCreate, groupListQuery, groupListResponse, groupResponse } from "@/lib/api/groups";
import { createGroup } from "@/lib/esign/groups/create-group";
import { listGroups } from "@/lib/esign/groups/list-groups";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";

/** The account's groups, `{results, count}`, paged with 1-based inclusive `from`/`to`. */
export const GET = apiRoute({ tag: "Groups", summary: "List the groups", permission: PERMISSIONS.groupsView, query: groupListQuery, responses: { 200: ok(groupListResponse) } }, async ({ db, caller, query }) => {
  return listGroups(db, caller, query);
});

/** Creates a group; its members must already be senders of the account (422 otherwise). */
export const POST = apiRoute({
  tag: "Groups",
  summary: "Create a group of the account's senders",
  description: "Members must already be senders of the account; a 422 names the e-mails that are not.",
  permission: PERMISSIONS.groupsManage,
  body: { schema: groupCreate },
  responses: { 200: ok(groupResponse) },
}, async ({ db, caller, body }) => {
  return createGroup(db, caller, body);
});

export * from "@/lib/http/method-not-allowed";
