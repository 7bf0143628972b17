import { orderChange, roleInput } from "@/lib/api/packages";
import { findPackage } from "@/lib/esign/packages/find-package";
import { readRoles } from "@/lib/esign/packages/read-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { addRole, reorderRoles } from "@/lib/esign/roles/role-changes";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string };
const permission = { permission: PERMISSIONS.transaction };

/** Served for `/roles` and `/roles/` alike (next.config skips the trailing-slash redirect). */
export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await findPackage(db, caller, params.packageId);
  const results = await readRoles(db, params.packageId);
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
