import { applyLayoutQuery } from "@/lib/api/layouts";
import { applyLayout } from "@/lib/esign/layouts/layouts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";
import { documentResponse } from "@/lib/api/packages";

/** The layout's signatures and fields onto the document (`?layoutId=` or `?layoutName=`). */
export const POST = apiRoute({
  params: ["packageId", "documentId"],
  tag: "Layouts",
  summary: "Lay a layout's signatures and fields onto a document of a draft",
  description:
    "`layoutId` or `layoutName` (the newest of that name). The layout's approvals replace the document's. Each layout role goes to the package's role of the same id, the sender's to the package's sender, any other to the signer in the same place of the signing order.",
  permission: PERMISSIONS.transaction,
  query: applyLayoutQuery,
  responses: {
    200: ok(documentResponse),
    404: ok(errorBody, "No such package, document or layout"),
    409: ok(errorBody, "The package is not a draft"),
    422: ok(errorBody, "A layout role without a counterpart in the package (error.validation.layoutRole)"),
  },
}, async ({ db, caller, params, query }) => {
  return applyLayout(db, caller, params.packageId, params.documentId, query);
});

export * from "@/lib/http/method-not-allowed";
