import { deleteUserCustomField, getUserCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok, noSuchCustomField } from "@/lib/api/openapi/operation";
import { wireUserCustomField } from "@/lib/api/custom-fields";

/** The caller's value of the custom field; an empty 204 when they have none. */
export const GET = apiRoute({ params: ["customFieldId"], tag: "Custom fields", summary: "The caller's value of one custom field", permission: null, responses: { 200: ok(wireUserCustomField), 204: noSuchCustomField } }, async ({ db, caller, params }) => (await getUserCustomField(db, caller, params.customFieldId)) ?? noContent());

export const DELETE = apiRoute({ params: ["customFieldId"], tag: "Custom fields", summary: "Remove the caller's value (the default applies again)", permission: null, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteUserCustomField(db, caller, params.customFieldId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
