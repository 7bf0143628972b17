import { getAttachmentsWhitelist, putAttachmentsWhitelist } from "@/lib/esign/account-settings/settings-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { settingsDocumentRoutes } from "@/lib/http/settings-document-routes";

/** The extensions signers may attach, as a bare JSON array (`["PDF","PNG"]`; empty: any). */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => getAttachmentsWhitelist(db, caller));

const put = apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller }) => putAttachmentsWhitelist(db, caller, await readJson(request)));
export const PUT = put;
export const PATCH = put;

export const DELETE = settingsDocumentRoutes("attachmentsWhitelist").DELETE;
