import { packageReadQuery, packageResponse, packageUpdate } from "@/lib/api/packages";
import { getPackage } from "@/lib/esign/packages/get-package-content";
import { deletePackage, updatePackage } from "@/lib/esign/packages/update-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { parseWith, readJsonWith } from "@/lib/http/request-body";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

type Params = { packageId: string };

export const GET = apiRoute<Params>({
  tag: "Packages",
  summary: "Read a package",
  description: "`?extensions=alerts` adds the package's `alerts` (the original's SystemAlert): one per text message its provider did not take; `[]` when none. Other extension names are ignored.",
  permission: PERMISSIONS.transaction,
  query: packageReadQuery,
  responses: { 200: ok(packageResponse) },
}, async ({ request, db, caller, params }) => {
  const query = parseWith(packageReadQuery, Object.fromEntries(new URL(request.url).searchParams), "query");
  return getPackage(db, caller, params.packageId, { alerts: query.extensions?.includes("alerts") ?? false });
});

/** Partial updates and status changes; the compat notes accept both POST and PUT. */
const update = (contract: Parameters<typeof apiRoute>[0]) =>
  apiRoute<Params>(contract, async ({ request, db, caller, params }) => {
    await updatePackage(db, caller, params.packageId, await readJsonWith(request, packageUpdate));
    return getPackage(db, caller, params.packageId);
  });
export const POST = update({
  tag: "Packages",
  summary: "Update a package or change its status",
  description:
    '{"status":"SENT"} sends, {"status":"DRAFT"} takes back (with our `message` extension, the reason e-mailed to the signers who were invited), {"status":"ARCHIVED"} archives a COMPLETED package, {"trashed":true|false} trashes and restores; other members update the package.',
  permission: PERMISSIONS.transaction,
  body: { schema: packageUpdate },
  responses: { 200: ok(packageResponse) },
});
export const PUT = update({ tag: "Packages", summary: "Update a package or change its status (as POST)", permission: PERMISSIONS.transaction, body: { schema: packageUpdate }, responses: { 200: ok(packageResponse) } });

export const DELETE = apiRoute<Params>({ tag: "Packages", summary: "Delete a package", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deletePackage(db, caller, params.packageId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
