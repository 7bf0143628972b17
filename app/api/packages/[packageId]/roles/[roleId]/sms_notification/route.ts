import { PERMISSIONS } from "@/lib/esign/permissions";
import { textSigningLink } from "@/lib/esign/signing/sms-signing-link";
import { apiRoute } from "@/lib/http/api-handler";
import { errorBody, ok } from "@/lib/api/openapi/operation";

/**
 * The role's signer texted a fresh signing link. Any body is ignored (the Java SDK posts none);
 * so is `inPerson`. Answers 200 with an empty body, as OneSpan documents this operation.
 */
export const POST = apiRoute({
  params: ["packageId", "roleId"],
  tag: "Signing",
  summary: "Text the role's signer their signing link",
  description:
    "OneSpan's \"sends an SMS notification to the signers linked to a role\" (the SDK's sendSmsToSigner): a new signing link, like the invitation's, texted in the signer's language to their phone (signer.phone, else their SMS authentication's number) through the SMS provider (TWILIO_* settings). Only for a package out for signing and a signer whose turn has come and who has not finished; at most one text per signer a minute. Records SIGNER_SMS_SENT, or SMS_NOT_SENT (a package alert) when the provider refuses it. The `inPerson` query parameter is ignored. Answers 200 with an empty body.",
  permission: PERMISSIONS.transaction,
  responses: {
    200: { description: "The link was texted (empty body)" },
    404: ok(errorBody, "No such package, or no such role in it (error.notFound.roleNotFound)"),
    409: ok(
      errorBody,
      "The package is not out for signing (error.conflict.packageNotSent, error.conflict.packageTrashed), the signer has finished (error.conflict.signerCompleted), it is not their turn yet (error.conflict.notSignersTurn), or they are locked out (error.conflict.signerLocked)",
    ),
    422: ok(
      errorBody,
      "The sender's role (error.validation.roleNotSigner), a group signer (error.validation.groupSignerNotTexted), a signer without a phone (error.validation.signerPhoneMissing), or no SMS provider configured (error.validation.smsProviderMissing, naming the TWILIO_* settings)",
    ),
    429: ok(errorBody, "A link was texted to this signer less than a minute ago (error.tooManyRequests.signingLinkText; Retry-After)"),
    502: ok(errorBody, "The SMS provider did not take the message (error.badGateway.smsNotSent; recorded as SMS_NOT_SENT)"),
  },
}, async ({ db, caller, params }) => {
  await textSigningLink(db, caller, params.packageId, params.roleId);
  return new Response(null, { status: 200 });
});

export * from "@/lib/http/method-not-allowed";
