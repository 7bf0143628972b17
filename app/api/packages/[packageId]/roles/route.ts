import { orderChange, roleInput } from "@/lib/api/packages";
import { getRoles } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { addRole, reorderRoles } from "@/lib/esign/roles/role-changes";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string };
const permission = { permission: PERMISSIONS.transaction };

/** Served for `/roles` and `/roles/` alike (next.config skips the trailing-slash redirect). */
export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  const results = await getRoles(db, caller, params.packageId);
  return { results, count: results.length };
});

export const POST = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return addRole(db, caller, params.packageId, await readJsonWith(request, roleInput));
});

/** The signing order: `[{id, index}]`. */
export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  const results = await reorderRoles(db, caller, params.packageId, await readJsonWith(request, orderChange));
  return { results, count: results.length };
});
