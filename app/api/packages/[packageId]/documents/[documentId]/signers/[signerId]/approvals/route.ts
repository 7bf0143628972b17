import { getSignableApprovals } from "@/lib/esign/packages/get-package-content";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; documentId: string; signerId: string };

/** The signer's approvals on the document not yet signed, a bare array (the SDKs' signable signatures). */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) =>
  getSignableApprovals(db, caller, { packageId: params.packageId, documentId: params.documentId }, params.signerId),
);
