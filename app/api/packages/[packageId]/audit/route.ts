import { getPackageAudit } from "@/lib/esign/audit/get-package-audit";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { z } from "zod";
import { ok } from "@/lib/api/openapi/operation";
import { packageAuditTrail } from "@/lib/api/audit";

/** The package's audit trail, oldest first, in OneSpan's ExportedAuditTrail shape; `?events=all` (our extension) adds the sender's events. */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "The package's audit trail, oldest first",
  description:
    'OneSpan\'s ExportedAuditTrail: the signers\' events, each typed from the original\'s enum (View, Accept, Click To Sign, Click To Initial, Capture Signature, Decline, Opt Out), its target (a document, else the package), who acted, from where and when. With `events=all` (our extension, what the console\'s history reads) every event, the sender\'s named in words ("Package Create", "Package Send"). Readable by whoever may read the package as its sender (its owner, or a holder of users.transactions); the evidence summary is the whole trail as a PDF.',
  permission: PERMISSIONS.transaction,
  query: z.object({ events: z.enum(["all"]).optional() }),
  responses: { 200: ok(packageAuditTrail) },
}, async ({ request, db, caller, params }) => {
  const events = new URL(request.url).searchParams.get("events") === "all" ? "all" : "signers";
  return getPackageAudit(db, caller, params.packageId, events);
});

export * from "@/lib/http/method-not-allowed";
