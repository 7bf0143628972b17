import { PERMISSIONS } from "@/lib/esign/permissions";
import { resendInvitation } from "@/lib/esign/signing/resend-invitation";
import { apiRoute } from "@/lib/http/api-handler";

type Params = { packageId: string; roleId: string };

/**
 * The role's invitation e-mailed again. Any body is ignored (the Java SDK posts none, the .NET
 * SDK an empty string). Answers 200 with an empty body, as OneSpan documents this operation.
 */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => {
  await resendInvitation(db, caller, params.packageId, params.roleId);
  return new Response(null, { status: 200 });
});
