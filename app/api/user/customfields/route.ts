import { listUserCustomFields, saveUserCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";

/** The caller's own values of the account's custom fields. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => listUserCustomFields(db, caller));

/** Sets the caller's value of a custom field (POST and PUT alike). */
const save = apiRoute({ permission: null }, async ({ request, db, caller }) => saveUserCustomField(db, caller, await readJson(request)));
export const POST = save;
export const PUT = save;
