import { packageUpdate } from "@/lib/api/packages";
import { getPackage } from "@/lib/esign/packages/get-package-content";
import { deletePackage, updatePackage } from "@/lib/esign/packages/update-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { packageId: string };
const permission = { permission: PERMISSIONS.transaction };

export const GET = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  return getPackage(db, caller, params.packageId);
});

/** Partial updates and status changes; the compat notes accept both POST and PUT. */
const update = apiRoute<Params>(permission, async ({ request, db, caller, params }) => {
  await updatePackage(db, caller, params.packageId, await readJsonWith(request, packageUpdate));
  return getPackage(db, caller, params.packageId);
});
export const POST = update;
export const PUT = update;

export const DELETE = apiRoute<Params>(permission, async ({ db, caller, params }) => {
  await deletePackage(db, caller, params.packageId);
  return noContent();
});
