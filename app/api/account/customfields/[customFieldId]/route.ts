import { deleteCustomField, getCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

type Params = { customFieldId: string };

/** The custom field; an empty 204 when there is none (the SDKs ask whether one exists this way). */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => (await getCustomField(db, caller, params.customFieldId)) ?? noContent());

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.customFields }, async ({ db, caller, params }) => {
  await deleteCustomField(db, caller, params.customFieldId);
  return noContent();
});
