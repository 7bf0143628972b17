import { z } from "zod";
import { attachmentsWhitelistInput } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";
import { getAttachmentsWhitelist, putAttachmentsWhitelist, resetSettingsDocument } from "@/lib/esign/account-settings/settings-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";

/** The extensions signers may attach, as a bare JSON array (`["PDF","PNG"]`; empty: any). */
export const GET = apiRoute({ tag: "Account settings", summary: "The file extensions signers may attach, upper-cased (empty: any)", permission: null, responses: { 200: ok(z.array(z.string())) } }, async ({ db, caller }) => getAttachmentsWhitelist(db, caller));

const put = apiRoute({ tag: "Account settings", summary: "Replace the extensions signers may attach (a bare array)", permission: PERMISSIONS.accountSettings, body: { schema: attachmentsWhitelistInput, nameInErrors: "attachments whitelist" }, responses: { 200: ok(z.array(z.string())) } }, async ({ db, caller, body }) => putAttachmentsWhitelist(db, caller, body));
export const PUT = put;
export const PATCH = put;

export const DELETE = apiRoute({ tag: "Account settings", summary: "Let signers attach any kind of file again", permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller }) => {
  await resetSettingsDocument(db, caller, "attachmentsWhitelist");
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
