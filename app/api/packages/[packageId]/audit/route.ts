import { getPackageAudit } from "@/lib/esign/audit/get-package-audit";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string };

/** The package's audit trail, oldest first, in OneSpan's ExportedAuditTrail shape. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  return getPackageAudit(db, caller, params.packageId);
});
