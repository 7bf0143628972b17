import { z } from "zod";
import { thankYouDialogInput, thankYouDialogResponse } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";
import { deletePackageThankYou, getPackageThankYou, setPackageThankYou } from "@/lib/esign/account-settings/support-and-thank-you";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

const languageQuery = z.object({ language: z.string().max(16).optional() });

/** `{title, body, language}`: the closing text the ceremony shows the package's signers, in `language` where one is given for it. */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "The closing text the ceremony shows a signer who finished",
  description: "The package's own text for the language (`?language=`, else the package's), else the account's (`/api/accountConfig/thankYouDialog/{language}`), then the same in the package's language, else Signet's own.",
  permission: PERMISSIONS.transaction,
  query: languageQuery,
  responses: { 200: ok(thankYouDialogResponse) },
}, async ({ db, caller, params, query }) => getPackageThankYou(db, caller, params.packageId, query.language));

/** Signet's own: the package's closing text in a language (kept in `settings.ceremony.thankYouDialog`). */
export const PUT = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "Set the package's own closing text in a language",
  description: "In the body's `language`, else `?language=`, else the package's. While the package is a DRAFT or SENT; its owner or the account owner.",
  permission: PERMISSIONS.transaction,
  query: languageQuery,
  // The body is read by the service, which names it "thank-you dialog" in its errors.
  body: { schema: thankYouDialogInput, readByHandler: true },
  responses: { 200: ok(thankYouDialogResponse) },
}, async ({ request, db, caller, params, query }) => setPackageThankYou(db, caller, params.packageId, await readJson(request), query.language));

export const DELETE = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "Remove the package's own closing text in a language (the account's is shown again)",
  permission: PERMISSIONS.transaction,
  query: languageQuery,
  responses: { 204: noBody },
}, async ({ db, caller, params, query }) => {
  await deletePackageThankYou(db, caller, params.packageId, query.language);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
