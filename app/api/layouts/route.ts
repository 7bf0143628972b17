import { layoutInput, layoutListQuery } from "@/lib/api/layouts";
import { createLayout, listLayouts } from "@/lib/esign/layouts/layouts";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, listOf, ok } from "@/lib/api/openapi/operation";
import { packageResponse } from "@/lib/api/packages";


/** The account's layouts, each whole. */
export const GET = apiRoute({
  tag: "Layouts",
  summary: "The account's layouts, by name, each whole",
  permission: PERMISSIONS.transaction,
  query: layoutListQuery,
  responses: { 200: ok(listOf(packageResponse)) },
}, async ({ db, caller, query }) => {
  return listLayouts(db, caller, query);
});

/** A layout of one document of a package (`id`: the package; `documents[0]`: the document). */
export const POST = apiRoute({
  tag: "Layouts",
  summary: "A layout of one document of a package",
  description:
    "The body is the original's Template as its SDKs send it: `id` is the package, `documents[0]` the document (by id, else by name), `name` and `description` the layout's own. The layout keeps that document with its approvals and fields and the package's roles, shared with the account; it is answered as a package of type LAYOUT (no consent document), and listed only here.",
  permission: PERMISSIONS.transaction,
  body: { schema: layoutInput },
  responses: { 200: ok(packageResponse), 404: ok(errorBody, "No such package or document") },
}, async ({ db, caller, body }) => {
  return createLayout(db, caller, body);
});

export * from "@/lib/http/method-not-allowed";
