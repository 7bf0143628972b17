import { documentVisibilityRequest, documentVisibilityResponse } from "@/lib/api/document-visibility";
import { configureDocumentVisibility, readDocumentVisibility } from "@/lib/esign/documents/document-visibility";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

const VISIBILITY =
  "A document listed is seen in the ceremony, the signer's copy and its downloads only by the roles its `roleUids` name; a document not listed is seen by everyone. The package's owner sees every document, and so does a role with approvals on it.";

/** Which roles see which documents (the original's DocumentVisibility). */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Documents",
  summary: "The package's document visibility",
  description: `${VISIBILITY} Configurations of documents or roles removed since are left out.`,
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(documentVisibilityResponse) },
}, async ({ db, caller, params }) => readDocumentVisibility(db, caller, params.packageId));

export const POST = apiRoute({
  params: ["packageId"],
  tag: "Documents",
  summary: "Set which roles see which documents",
  description: `${VISIBILITY} Replaces every configuration (an empty list shows every document to everyone). Drafts only. Answers the configurations as stored.`,
  permission: PERMISSIONS.transaction,
  body: { schema: documentVisibilityRequest },
  responses: {
    200: ok(documentVisibilityResponse),
    400: ok(errorBody, "A document or role the package lacks, a document twice, or a document hidden from a role with approvals on it (error.validation.documentVisibility.*)"),
    409: ok(errorBody, "The package is not a draft, or is in the trash"),
  },
}, async ({ db, caller, params, body }) => {
  return configureDocumentVisibility(db, caller, params.packageId, body);
});

export * from "@/lib/http/method-not-allowed";
