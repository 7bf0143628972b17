import { packageClone } from "@/lib/api/packages";
import { clonePackage } from "@/lib/esign/packages/clone-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJsonWith } from "@/lib/http/request-body";

type Params = { packageId: string };

/** A template from a package, or a package from a template (body `type: "PACKAGE"` with `roles` to fill). */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  return clonePackage(db, caller, params.packageId, await readJsonWith(request, packageClone));
});
