import { listUserCustomFields, saveUserCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";
import { userCustomFieldInput, wireUserCustomField } from "@/lib/api/custom-fields";

/** The caller's own values of the account's custom fields. */
export const GET = apiRoute({ tag: "Custom fields", summary: "The caller's own values of the account's custom fields", permission: null, responses: { 200: ok(z.array(wireUserCustomField)) } }, async ({ db, caller }) => listUserCustomFields(db, caller));

/** Sets the caller's value of a custom field (POST and PUT alike). */
const save = apiRoute({ tag: "Custom fields", summary: "Set the caller's value of a custom field", permission: null, body: { schema: userCustomFieldInput, nameInErrors: "custom field value" }, responses: { 200: ok(wireUserCustomField) } }, async ({ db, caller, body }) => saveUserCustomField(db, caller, body));
export const POST = save;
export const PUT = save;

export * from "@/lib/http/method-not-allowed";
