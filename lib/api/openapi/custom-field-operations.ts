import { z } from "zod";
import { customFieldInput, customFieldListQuery, userCustomFieldInput, wireCustomField, wireUserCustomField } from "../custom-fields";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { noContent, ok, type Operation } from "./operation";

const tag = "Custom fields";
const account = "/api/account/customfields";
const user = "/api/user/customfields";
const orNone = { description: "No such custom field (how the SDKs ask whether one exists)" };

/** The account's custom fields and each sender's own values of them (lib/api/custom-fields.ts). */
export const customFieldOperations: Operation[] = [
  { method: "get", path: account, tag, summary: "One page of the account's custom fields, a bare array", permission: null, query: customFieldListQuery, responses: { 200: ok(z.array(wireCustomField)) } },
  ...(["post", "put"] as const).map(
    (method): Operation => ({ method, path: account, tag, summary: "Create a custom field, or replace the one with the same id", permission: PERMISSIONS.customFields, body: { schema: customFieldInput }, responses: { 200: ok(wireCustomField) } }),
  ),
  { method: "get", path: `${account}/{customFieldId}`, tag, summary: "One custom field", permission: null, responses: { 200: ok(wireCustomField), 204: orNone } },
  { method: "delete", path: `${account}/{customFieldId}`, tag, summary: "Delete a custom field and every sender's value of it", permission: PERMISSIONS.customFields, responses: { 204: noContent } },
  { method: "get", path: user, tag, summary: "The caller's own values of the account's custom fields", permission: null, responses: { 200: ok(z.array(wireUserCustomField)) } },
  ...(["post", "put"] as const).map(
    (method): Operation => ({ method, path: user, tag, summary: "Set the caller's value of a custom field", permission: null, body: { schema: userCustomFieldInput }, responses: { 200: ok(wireUserCustomField) } }),
  ),
  { method: "get", path: `${user}/{customFieldId}`, tag, summary: "The caller's value of one custom field", permission: null, responses: { 200: ok(wireUserCustomField), 204: orNone } },
  { method: "delete", path: `${user}/{customFieldId}`, tag, summary: "Remove the caller's value (the default applies again)", permission: null, responses: { 204: noContent } },
];
