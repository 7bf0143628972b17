import { deleteDeclineReasons, getDeclineReasons, setDeclineReasons } from "@/lib/esign/account-settings/account-config";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readJson } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";

type Params = { language: string };

/** The reasons a signer of a package in this language picks from to decline (a JSON array of strings). */
export const GET = apiRoute<Params>({ permission: null }, async ({ db, caller, params }) => getDeclineReasons(db, caller, params.language));

const set = apiRoute<Params>({ permission: PERMISSIONS.accountSettings }, async ({ request, db, caller, params }) =>
  setDeclineReasons(db, caller, params.language, await readJson(request)),
);
export const POST = set;
export const PUT = set;

export const DELETE = apiRoute<Params>({ permission: PERMISSIONS.accountSettings }, async ({ db, caller, params }) => {
  await deleteDeclineReasons(db, caller, params.language);
  return noContent();
});
