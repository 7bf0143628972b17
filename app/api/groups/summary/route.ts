import { listGroupSummaries } from "@/lib/esign/groups/group-summaries";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** Every group of the account, `{results: [{id, name, email, data}], count}`, members left out. */
export const GET = apiRoute({ permission: PERMISSIONS.groupsView }, async ({ db, caller }) => listGroupSummaries(db, caller));
