import { deleteDeclineReasons, getDeclineReasons, setDeclineReasons } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { declineReasonsInput } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";

/** The reasons a signer of a package in this language picks from to decline (a JSON array of strings). */
export const GET = apiRoute({ params: ["language"], tag: "Account settings", summary: "The reasons a signer picks from to decline, in one language", permission: null, responses: { 200: ok(declineReasonsInput) } }, async ({ db, caller, params }) => getDeclineReasons(db, caller, params.language));

// The body is read by the service, which checks the language first and names the body in its errors.
const set = apiRoute({ params: ["language"], tag: "Account settings", summary: "Set the decline reasons of a language", permission: PERMISSIONS.accountSettings, body: { schema: declineReasonsInput, readByHandler: true }, responses: { 200: ok(declineReasonsInput) } }, async ({ request, db, caller, params }) =>
  setDeclineReasons(db, caller, params.language, await readJson(request)),
);
export const POST = set;
export const PUT = set;

export const DELETE = apiRoute({ params: ["language"], tag: "Account settings", summary: "Remove the decline reasons of a language", permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteDeclineReasons(db, caller, params.language);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
