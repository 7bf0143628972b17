import { layoutInput, layoutListQuery } from "@/lib/api/layouts";
import { createLayout, listLayouts } from "@/lib/esign/layouts/layouts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJsonWith } from "@/lib/http/request-body";

const permission = { permission: PERMISSIONS.transaction };

/** The account's layouts, each whole. */
export const GET = apiRoute(permission, async ({ request, db, caller }) => {
  return listLayouts(db, caller, parseWith(layoutListQuery, Object.fromEntries(new URL(request.url).searchParams), "query"));
});

/** A layout of one document of a package (`id`: the package; `documents[0]`: the document). */
export const POST = apiRoute(permission, async ({ request, db, caller }) => {
  return createLayout(db, caller, await readJsonWith(request, layoutInput));
});
