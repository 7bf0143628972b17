import { supportConfigurationResponse } from "@/lib/api/account-settings";
import { ok } from "@/lib/api/openapi/operation";
import { getSupportInformation } from "@/lib/esign/account-settings/support-and-thank-you";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";

/** The original's SupportConfiguration of a package: whom its signers contact for help. */
export const GET = apiRoute({
  params: ["packageId"],
  tag: "Packages",
  summary: "The support contact the package's signers are shown",
  description: "The account's support contact (`/api/account/admin/accountSettings/supportConfiguration`), each member absent taken from SUPPORT_EMAIL / SUPPORT_PHONE, else from the package's sender.",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(supportConfigurationResponse) },
}, async ({ db, caller, params }) => getSupportInformation(db, caller, params.packageId));

export * from "@/lib/http/method-not-allowed";
