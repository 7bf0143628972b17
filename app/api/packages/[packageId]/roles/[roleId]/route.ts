import { roleUpdate } from "@/lib/api/packages";
import { getRole } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { deleteRole, updateRole } from "@/lib/esign/roles/role-changes";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string; roleId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  return getRole(db, caller, params.packageId, params.roleId);
});

export const PUT = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  return updateRole(db, caller, params.packageId, params.roleId, await readJsonWith(request, roleUpdate));
});

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deleteRole(db, caller, params.packageId, params.roleId);
  return noContent();
});
