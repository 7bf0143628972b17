import { deleteHandover, getHandover, setHandover } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { z } from "zod";
import { handoverInput } from "@/lib/api/account-settings";
import { noBody, ok } from "@/lib/api/openapi/operation";

const handoverResponse = z.object({ href: z.string(), text: z.string(), title: z.string(), language: z.string() });

/** Where the ceremony leads a signer who finished, in one language: `{href, text, title, language}` (empty when none). */
export const GET = apiRoute({ params: ["language"], tag: "Account settings", summary: "Where the ceremony leads a signer who finished, in one language (empty members when none)", permission: null, responses: { 200: ok(handoverResponse) } }, async ({ db, caller, params }) => getHandover(db, caller, params.language));

// The body is read by the service, which checks the language first and names the body in its errors.
const set = apiRoute({ params: ["language"], tag: "Account settings", summary: "Set the hand-over link of a language", permission: PERMISSIONS.accountSettings, body: { schema: handoverInput, readByHandler: true }, responses: { 200: ok(handoverResponse) } }, async ({ request, db, caller, params }) =>
  setHandover(db, caller, params.language, await readJson(request)),
);
export const POST = set;
export const PUT = set;

export const DELETE = apiRoute({ params: ["language"], tag: "Account settings", summary: "Remove the hand-over link of a language", permission: PERMISSIONS.accountSettings, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deleteHandover(db, caller, params.language);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
