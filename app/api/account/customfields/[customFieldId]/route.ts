import { deleteCustomField, getCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok, noSuchCustomField } from "@/lib/api/openapi/operation";
import { wireCustomField } from "@/lib/api/custom-fields";

/** The custom field; an empty 204 when there is none (the SDKs ask whether one exists this way). */
export const GET = apiRoute({ params: ["customFieldId"], tag: "Custom fields", summary: "One custom field", permission: null, responses: { 200: ok(wireCustomField), 204: noSuchCustomField } }, async ({ db, caller, params }) => (await getCustomField(db, caller, params.customFieldId)) ?? noContent());

export const DELETE = apiRoute({ params: ["customFieldId"], tag: "Custom fields", summary: "Delete a custom field and every sender's value of it", permission: PERMISSIONS.customFields, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteCustomField(db, caller, params.customFieldId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
