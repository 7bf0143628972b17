import { deleteHandover, getHandover, setHandover } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { language: string };

/** Where the ceremony leads a signer who finished, in one language: `{href, text, title, language}` (empty when none). */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => getHandover(db, caller, params.language));

const set = apiRoute<Params>({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller, params }) =>
  setHandover(db, caller, params.language, await readJson(request)),
);
export const POST = set;
export const PUT = set;

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.accountSettings }, async ({ db, caller, params }) => {
  await deleteHandover(db, caller, params.language);
  return noContent();
});
