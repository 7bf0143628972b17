import { evidenceSummary } from "@/lib/esign/downloads/evidence-summary";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";

type Params = { packageId: string };

/** The certificate of completion (the evidence summary) so far, as a sealed PDF (spec 4.3). */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  const file = await evidenceSummary(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});
