import { customFieldListQuery } from "@/lib/api/custom-fields";
import { listCustomFields, saveCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJson } from "@/lib/http/request-body";

/** The account's custom fields, a bare array paged with 1-based inclusive `from`/`to` and `dir`, as the SDKs read it. */
export const GET = apiRoute({ permission: null }, async ({ request, db, caller }) =>
  listCustomFields(db, caller, parseWith(customFieldListQuery, Object.fromEntries(new URL(request.url).searchParams), "query")),
);

/** Creates the custom field, or replaces the one with the same id (POST and PUT alike). */
const save = apiRoute({ permission: PERMISSIONS.customFields }, async ({ request, db, caller }) => saveCustomField(db, caller, await readJson(request)));
export const POST = save;
export const PUT = save;
