import { PERMISSIONS } from "@/lib/esign/permissions";
import { resendInvitation } from "@/lib/esign/signing/resend-invitation";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/**
 * The role's invitation e-mailed again. Any body is ignored (the Java SDK posts none, the .NET
 * SDK an empty string). Answers 200 with an empty body, as OneSpan documents this operation.
 */
export const POST = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signing",
  summary: "Send the role's signer(s) their invitation again",
  description:
    "OneSpan's \"sends a notification to the signers linked to a role\": the invitation e-mail with a new signing link, to the role's signer (each member of a group signer). The role may be named by its id or its signer's id. Only for a package out for signing (SENT, not in the trash) and a signer whose turn has come and who has not finished; earlier links keep working. Any request body is ignored. Records SIGNER_REINVITE. Answers 200 with an empty body, as OneSpan does.",
  permission: PERMISSIONS.transaction,
  responses: {
    200: { description: "The invitation is queued for sending (empty body)" },
    404: ok(errorBody, "No such package, or no such role in it (error.notFound.roleNotFound)"),
    409: ok(
      errorBody,
      "The package is not out for signing (error.conflict.packageNotSent, error.conflict.packageTrashed), the signer has finished (error.conflict.signerCompleted), it is not their turn yet (error.conflict.notSignersTurn), or they are locked out (error.conflict.signerLocked)",
    ),
    422: ok(errorBody, "The sender's role, which does not sign (error.validation.roleNotSigner), or a group signer without members (error.validation.noRecipients)"),
  },
}, async ({ db, caller, params }) => {
  await resendInvitation(db, caller, params.packageId, params.roleId);
  return new Response(null, { status: 200 });
});

export * from "@/lib/http/method-not-allowed";
