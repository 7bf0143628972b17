import { deleteUserCustomField, getUserCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

type Params = { customFieldId: string };

/** The caller's value of the custom field; an empty 204 when they have none. */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => (await getUserCustomField(db, caller, params.customFieldId)) ?? noContent());

export const DELETE = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => {
  await deleteUserCustomField(db, caller, params.customFieldId);
  return noContent();
});
