import { thankYouDialogInput, thankYouDialogResponse } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";
import { deleteAccountThankYou, getAccountThankYou, setAccountThankYou } from "@/lib/esign/account-settings/support-and-thank-you";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

/** Signet's own: the account's closing text of the ceremony in one language, `{title, body, language}` (empty when none). */
export const GET = apiRoute({ params: ["language"], tag: "Account settings", summary: "The account's closing text of the ceremony in one language (empty members when none)", permission: null, responses: { 200: ok(thankYouDialogResponse) } }, async ({ db, caller, params }) =>
  getAccountThankYou(db, caller, params.language),
);

// The body is read by the service, which checks the language first and names the body in its errors.
const set = apiRoute({ params: ["language"], tag: "Account settings", summary: "Set the account's closing text of the ceremony in a language", permission: PERMISSIONS.accountSettings, body: { schema: thankYouDialogInput, readByHandler: true }, responses: { 200: ok(thankYouDialogResponse) } }, async ({ request, db, caller, params }) =>
  setAccountThankYou(db, caller, params.language, await readJson(request)),
);
export const POST = set;
export const PUT = set;

export const DELETE = apiRoute({ params: ["language"], tag: "Account settings", summary: "Remove the account's closing text of a language", permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteAccountThankYou(db, caller, params.language);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
