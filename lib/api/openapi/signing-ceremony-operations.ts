import { ceremonyViewResponse, declineRequest, documentSigned, documentSigning, groupLockTaken, optOutRequest } from "../signing";
import { errorResponse, noContent, ok, pdf, type Operation, CEREMONY_AUTHENTICATION, noCeremonySession } from "./operation";

const base = "/api/signing/{packageId}";
const tag = "Signing ceremony";
const notSent = ok(errorResponse, "The package is no longer out for signing, the signer has finished, or another member of the group holds the lock");

/** What a signer does in the ceremony (spec 3.3, 3.4, 2.9, and the events of spec 6). */
export const signingCeremonyOperations: Operation[] = [
  {
    method: "get",
    path: base,
    tag,
    summary: "The signer's view: progress, documents with their pages and fields",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    responses: { 200: ok(ceremonyViewResponse), 401: noCeremonySession, 409: notSent },
  },
  {
    method: "post",
    path: `${base}/consent`,
    tag,
    summary: "Accept the consent document (DOCUMENT_SIGNED for default-consent)",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    responses: { 204: noContent, 401: noCeremonySession, 409: notSent },
  },
  {
    method: "post",
    path: `${base}/lock`,
    tag,
    summary: "A group member takes or renews the group's signing lock (spec 2.9: first come, first served)",
    description: `${CEREMONY_AUTHENTICATION} The lock runs out after SIGNING_GROUP_LOCK_MINUTES without being renewed, or when the member finishes.`,
    permission: "public",
    responses: { 200: ok(groupLockTaken), 401: noCeremonySession, 409: ok(errorResponse, "Another member holds the lock (the message names them), or the group has signed") },
  },
  {
    method: "post",
    path: `${base}/documents/{documentId}/viewed`,
    tag,
    summary: "Record that the signer opened a document (DOCUMENT_VIEWED)",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    responses: { 204: noContent, 401: noCeremonySession, 404: ok(errorResponse, "No such document") },
  },
  {
    method: "get",
    path: `${base}/documents/{documentId}/pdf`,
    tag,
    summary: "The document's PDF, for the ceremony to render",
    description: `${CEREMONY_AUTHENTICATION} Answers one byte range (\`Range: bytes=…\`, \`If-Range\` with the ETag) with 206 and \`Content-Range\`, so a viewer reads only the parts of a long document it draws; several ranges get the whole file.`,
    permission: "public",
    responses: {
      200: pdf,
      206: { description: "The part of the PDF the Range asked for (Content-Range says which, and the file's size)", contentType: "application/pdf" },
      304: { description: "Not modified: If-None-Match names this version (the ETag)" },
      401: noCeremonySession,
      404: ok(errorResponse, "No such document"),
      416: ok(errorResponse, "A malformed range, or one starting past the end of the file (Content-Range: bytes */size)"),
    },
  },
  {
    method: "post",
    path: `${base}/documents/{documentId}/sign`,
    tag,
    summary: "Sign every approval of the signer on the document (DOCUMENT_SIGNED; SIGNER_COMPLETE and completion follow)",
    description: `${CEREMONY_AUTHENTICATION} Needs the signer's turn (spec 3.3), the consent, a passed verification, and with document indexes the documents before this one signed (spec 3.4). A CAPTURE signature needs \`signature.image\` drawn on the pad (not \`uploaded\`); a full-name one takes a typed \`text\` (in a \`font\` of the signature fonts, else the seal's own) or an \`image\`, drawn or \`uploaded\`; a typed one defaults to the signer's name (initials for INITIALS, which take no image). Field values are checked against each field's validation (required, maxLength, minLength, pattern, enum).`,
    permission: "public",
    body: { schema: documentSigning },
    responses: {
      200: ok(documentSigned),
      400: ok(errorResponse, "An unknown approval or field, or a signature image that is not a PNG"),
      401: noCeremonySession,
      403: ok(errorResponse, "The signer must pass their verification first, or is locked"),
      409: ok(errorResponse, "Not the signer's turn, consent not accepted, a document earlier in the order unsigned, or already signed"),
      422: ok(errorResponse, "A required approval, signature or field value is missing or invalid"),
    },
  },
  {
    method: "post",
    path: `${base}/decline`,
    tag,
    summary: "Decline to sign, with a reason (PACKAGE_DECLINE; the package becomes DECLINED)",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    body: { schema: declineRequest },
    responses: { 204: noContent, 400: ok(errorResponse, "No reason, or one over 4000 characters"), 401: noCeremonySession, 409: notSent },
  },
  {
    method: "post",
    path: `${base}/opt-out`,
    tag,
    summary: "Opt out of signing electronically, with a reason (PACKAGE_OPT_OUT; the package becomes OPTED_OUT)",
    description: CEREMONY_AUTHENTICATION,
    permission: "public",
    body: { schema: optOutRequest },
    responses: { 204: noContent, 400: ok(errorResponse, "No reason, or one over 4000 characters"), 401: noCeremonySession, 409: notSent },
  },
];
