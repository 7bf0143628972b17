import { findPackage } from "@/lib/esign/packages/find-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";

type Params = { packageId: string };

/**
 * The original's automated checks of signers' attachments (document type classification and data
 * extraction). Signet runs none, so a package has no results: an empty list, as the original
 * answers for a package whose attachments were not verified.
 */
export const GET = apiRoute<Params>({
  tag: "Signer attachments",
  summary: "Automated verification results of the signers' attachments: none, Signet runs no such checks",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(z.array(z.record(z.string(), z.unknown()))) },
}, async ({ db, caller, params }) => {
  await findPackage(db, caller, params.packageId);
  return [];
});

export * from "@/lib/http/method-not-allowed";
