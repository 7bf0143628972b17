import { getSigningLogos, setSigningLogos } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { signingLogosInput } from "@/lib/api/account-settings";
import { ok } from "@/lib/api/openapi/operation";

/** The ceremony's logo for each language, `[{language, image}]`. */
export const GET = apiRoute({ tag: "Account settings", summary: "The ceremony's logo for each language", permission: null, responses: { 200: ok(signingLogosInput) } }, async ({ db, caller }) => getSigningLogos(db, caller));

/** Replaces the logos (an empty list removes them). */
export const POST = apiRoute({ tag: "Account settings", summary: "Replace the ceremony's logos", permission: PERMISSIONS.accountSettings, body: { schema: signingLogosInput, nameInErrors: "signing logos" }, responses: { 200: ok(signingLogosInput) } }, async ({ db, caller, body }) => setSigningLogos(db, caller, body));

export * from "@/lib/http/method-not-allowed";
