import { listGroupSummaries } from "@/lib/esign/groups/group-summaries";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { groupSummaryList } from "@/lib/api/groups";

/** Every group of the account, `{results: [{id, name, email, data}], count}`, members left out. */
export const GET = apiRoute({ tag: "Groups", summary: "Every group's id, name and e-mail, without members", permission: PERMISSIONS.groupsView, responses: { 200: ok(groupSummaryList) } }, async ({ db, caller }) => listGroupSummaries(db, caller));

export * from "@/lib/http/method-not-allowed";
