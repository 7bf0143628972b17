import { documentSigned, documentSigning } from "@/lib/api/signing";
import { signDocument } from "@/lib/esign/signing/ceremony/sign-document";
import { signerRoute } from "@/lib/http/signer-route";
import { CEREMONY_AUTHENTICATION, errorBody, noCeremonySession, ok } from "@/lib/api/openapi/operation";

/** The signer signs all their approvals on the document at once. */
export const POST = signerRoute({
  params: ["packageId", "documentId"],
  tag: "Signing ceremony",
  summary: "Sign every approval of the signer on the document (DOCUMENT_SIGNED; SIGNER_COMPLETE and completion follow)",
  description: `${CEREMONY_AUTHENTICATION} Needs the signer's turn (spec 3.3), the consent, a passed verification, and with document indexes the documents before this one signed (spec 3.4). A CAPTURE signature needs \`signature.image\` drawn on the pad (not \`uploaded\`); a full-name one takes a typed \`text\` (in a \`font\` of the signature fonts, else the seal's own) or an \`image\`, drawn or \`uploaded\`; a typed one defaults to the signer's name (initials for INITIALS, which take no image). Field values are checked against each field's validation (required, maxLength, minLength, pattern, enum).`,
  body: { schema: documentSigning, nameInErrors: "request" },
  responses: {
    200: ok(documentSigned),
    400: ok(errorBody, "An unknown approval or field, or a signature image that is not a PNG"),
    401: noCeremonySession,
    403: ok(errorBody, "The signer must pass their verification first, or is locked"),
    409: ok(errorBody, "Not the signer's turn, consent not accepted, a document earlier in the order unsigned, or already signed"),
    422: ok(errorBody, "A required approval, signature or field value is missing or invalid"),
  },
}, async ({ tx, context, params, body }) => {
  return signDocument(tx, context, params.documentId, body);
});

export * from "@/lib/http/method-not-allowed";
