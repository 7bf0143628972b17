import { packageClone } from "@/lib/api/packages";
import { clonePackage } from "@/lib/esign/packages/clone-package";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { created, ok } from "@/lib/api/openapi/operation";

/** A template from a package, or a package from a template (body `type: "PACKAGE"` with `roles` to fill). */
export const POST = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "A template from a package, or a package from a template",
  description:
    "`roles` fill the source's roles by id (and add those it lacks). A source role given with `signers: []` becomes a placeholder of the copy, its name, order, fields and message kept (the console's Save as template does so for every signer); given without `signers`, it keeps its person. The sender's role is always the new sender's.",
  permission: PERMISSIONS.transaction,
  body: { schema: packageClone },
  responses: { 200: ok(created) },
}, async ({ db, caller, params, body }) => {
  return clonePackage(db, caller, params.packageId, body);
});

export * from "@/lib/http/method-not-allowed";
