import { packageReadQuery, packageResponse, packageUpdate } from "@/lib/api/packages";
import { getPackage } from "@/lib/esign/packages/get-package-content";
import { deletePackage, updatePackage } from "@/lib/esign/packages/update-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { noContent } from "@/lib/http/responses";
import { noBody, ok } from "@/lib/api/openapi/operation";

export const GET = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "Read a package",
  description: "`?extensions=alerts` adds the package's `alerts` (the original's SystemAlert): one per text message its provider did not take; `[]` when none. Other extension names are ignored.",
  permission: PERMISSIONS.transaction,
  query: packageReadQuery,
  responses: { 200: ok(packageResponse) },
}, async ({ db, caller, params, query }) => {
  return getPackage(db, caller, params.packageId, { alerts: query.extensions?.includes("alerts") ?? false });
});

/** Partial updates and status changes; the compat notes accept both POST and PUT. */
const update = (operation: { summary: string; description?: string }) =>
  apiRoute({ params: ["packageId"], tag: "Packages", ...operation, permission: PERMISSIONS.transaction, body: { schema: packageUpdate }, responses: { 200: ok(packageResponse) } }, async ({ db, caller, params, body }) => {
    await updatePackage(db, caller, params.packageId, body);
    return getPackage(db, caller, params.packageId);
  });
export const POST = update({
  summary: "Update a package or change its status",
  description:
    '{"status":"SENT"} sends, {"status":"DRAFT"} takes back (with our `message` extension, the reason e-mailed to the signers who were invited), {"status":"ARCHIVED"} archives a COMPLETED package, {"trashed":true|false} trashes and restores; other members update the package.',
});
export const PUT = update({ summary: "Update a package or change its status (as POST)" });

export const DELETE = apiRoute({ params: ["packageId"], tag: "Packages", summary: "Delete a package", permission: PERMISSIONS.transaction, responses: { 204: noBody } }, async ({ db, caller, params }) => {
  await deletePackage(db, caller, params.packageId);
  return noContent();
});

export * from "@/lib/http/method-not-allowed";
