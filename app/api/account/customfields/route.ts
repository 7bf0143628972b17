import { customFieldInput, customFieldListQuery, wireCustomField } from "@/lib/api/custom-fields";
import { listCustomFields, saveCustomField } from "@/lib/esign/custom-fields/custom-fields";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { ok } from "@/lib/api/openapi/operation";
import { z } from "zod";

/** The account's custom fields, a bare array paged with 1-based inclusive `from`/`to` and `dir`, as the SDKs read it. */
export const GET = apiRoute({ tag: "Custom fields", summary: "One page of the account's custom fields, a bare array", permission: null, query: customFieldListQuery, responses: { 200: ok(z.array(wireCustomField)) } }, async ({ db, caller, query }) =>
  listCustomFields(db, caller, query),
);

/** Creates the custom field, or replaces the one with the same id (POST and PUT alike). */
const save = apiRoute({ tag: "Custom fields", summary: "Create a custom field, or replace the one with the same id", permission: PERMISSIONS.customFields, body: { schema: customFieldInput, nameInErrors: "custom field" }, responses: { 200: ok(wireCustomField) } }, async ({ db, caller, body }) => saveCustomField(db, caller, body));
export const POST = save;
export const PUT = save;

export * from "@/lib/http/method-not-allowed";
