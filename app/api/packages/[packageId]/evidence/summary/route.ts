import { evidenceSummary } from "@/lib/esign/downloads/evidence-summary";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { download } from "@/lib/http/responses";
import { pdf } from "@/lib/api/openapi/operation";

/** The certificate of completion (the evidence summary) so far, as a sealed PDF (spec 4.3). */
export const GET = apiRoute({ params: ["packageId"], tag: "Downloads", summary: "The certificate of completion (evidence summary) so far, as a PDF sealed by the service", permission: PERMISSIONS.transaction, responses: { 200: pdf } }, async ({ db, caller, params }) => {
  const file = await evidenceSummary(db, caller, params.packageId);
  return download(file.body, file.fileName, file.contentType, { "content-length": String(file.size) });
});

export * from "@/lib/http/method-not-allowed";
