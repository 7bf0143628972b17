import { getPackageAudit } from "@/lib/esign/audit/get-package-audit";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string };

/** The package's audit trail, oldest first, in OneSpan's ExportedAuditTrail shape; `?events=all` (our extension) adds the sender's events. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  const events = new URL(request.url).searchParams.get("events") === "all" ? "all" : "signers";
  return getPackageAudit(db, caller, params.packageId, events);
});
