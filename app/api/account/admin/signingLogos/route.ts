import { getSigningLogos, setSigningLogos } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";

/** The ceremony's logo for each language, `[{language, image}]`. */
export const GET = apiRoute({ permission: null }, async ({ db, caller }) => getSigningLogos(db, caller));

/** Replaces the logos (an empty list removes them). */
export const POST = apiRoute({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller }) => setSigningLogos(db, caller, await readJson(request)));
