import { z } from "zod";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { attachmentAvailability, ceremonyAttachmentRequirement } from "../attachments";
import { errorResponse, noContent, ok, type Operation, CEREMONY_AUTHENTICATION, noCeremonySession } from "./operation";

const transaction = PERMISSIONS.transaction;
const attachment = "/api/packages/{packageId}/attachment";
const tag = "Signer attachments";
const zip = { description: "A zip archive", contentType: "application/zip" };
const file = { description: "The file as uploaded, with the content type it was uploaded with", contentType: "application/octet-stream" };
const purged = ok(errorResponse, "Retention removed the files of the completed package");

/** The sender's side of the attachments signers upload (OneSpan's attachment downloads, spec event PACKAGE_ATTACHMENT). */
export const attachmentOperations: Operation[] = [
  {
    method: "get",
    path: `${attachment}/{attachmentId}`,
    tag,
    summary: "What the signer uploaded for an attachment requirement: the file, or a zip when there are several",
    permission: transaction,
    responses: { 200: file, 404: ok(errorResponse, "No such requirement, or nothing uploaded for it yet"), 410: purged },
  },
  {
    method: "get",
    path: `${attachment}/{attachmentId}/exists`,
    tag,
    summary: "Whether the signer uploaded a file for the requirement",
    permission: transaction,
    responses: { 200: ok(attachmentAvailability) },
  },
  {
    method: "get",
    path: `${attachment}/{attachmentId}/file/{fileId}`,
    tag,
    summary: "One uploaded file, byte for byte",
    permission: transaction,
    responses: { 200: file, 410: purged },
  },
  {
    method: "delete",
    path: `${attachment}/{attachmentId}/file/{fileId}`,
    tag,
    summary: "Remove an uploaded file (the requirement is INCOMPLETE again when none is left)",
    description:
      "Only while the package is SENT; a signer who has not finished can upload again. Sent with the `ESIGNLIVE_SESSION_ID` cookie of a signer session and no credential (as the SDKs do), the signer removes their own file instead, as `DELETE /api/signing/{packageId}/attachments/{attachmentId}/files/{fileId}` does.",
    permission: transaction,
    responses: { 204: noContent, 409: ok(errorResponse, "The package is not out for signing") },
  },
  {
    method: "get",
    path: `${attachment}/verifications`,
    tag,
    summary: "Automated verification results of the signers' attachments: none, Signet runs no such checks",
    permission: transaction,
    responses: { 200: ok(z.array(z.record(z.string(), z.unknown()))) },
  },
  {
    method: "post",
    path: `${attachment}/{attachmentId}`,
    tag,
    summary: "The signer uploads a file for the requirement (the SDKs' signer route)",
    description:
      "Authenticated by a signer session: the `ESIGNLIVE_SESSION_ID` cookie holding the `sessionToken` that `GET /auth?signerAuthenticationToken=…` answers a client asking for JSON (or the ceremony's own cookie). multipart/form-data with one part named `file`; otherwise as `POST /api/signing/{packageId}/attachments/{attachmentId}`.",
    permission: "public",
    responses: { 200: ok(ceremonyAttachmentRequirement), 401: noCeremonySession, 422: ok(errorResponse, "The file's type is not in the account's attachments whitelist, or the requirement holds the most files it can") },
  },
  {
    method: "get",
    path: `${attachment}/{attachmentId}/file/{fileId}/exists`,
    tag,
    summary: "Whether this uploaded file is there to download",
    permission: transaction,
    responses: { 200: ok(attachmentAvailability) },
  },
  {
    method: "get",
    path: `${attachment}/zip`,
    tag,
    summary: "Every signer's uploads in one zip (a folder per role, then per requirement)",
    permission: transaction,
    responses: { 200: zip, 404: ok(errorResponse, "Nothing uploaded yet"), 410: purged },
  },
  {
    method: "get",
    path: `${attachment}/zip/{roleId}`,
    tag,
    summary: "One role's uploads in one zip (a folder per requirement)",
    permission: transaction,
    responses: { 200: zip, 404: ok(errorResponse, "No such role, or nothing uploaded by it yet"), 410: purged },
  },
  {
    method: "get",
    path: `${attachment}/zip/{roleId}/exists`,
    tag,
    summary: "Whether the role's signer uploaded any file",
    permission: transaction,
    responses: { 200: ok(attachmentAvailability) },
  },
];


/** The signer's side: uploading and removing files for their role's attachment requirements. */
export const signerAttachmentOperations: Operation[] = [
  {
    method: "post",
    path: "/api/signing/{packageId}/attachments/{attachmentId}",
    tag: "Signing ceremony",
    summary: "Upload a file for one of the signer's attachment requirements (PACKAGE_ATTACHMENT)",
    description: `${CEREMONY_AUTHENTICATION} multipart/form-data with exactly one file, in the part named \`file\`: any type, not empty, at most MAX_FILE_MB. The requirement becomes COMPLETE; when it was the last thing the signer owed (every approval signed, every required attachment uploaded), the signer finishes (SIGNER_COMPLETE, and the package may complete). Answers the requirement with its files.`,
    permission: "public",
    responses: {
      200: ok(ceremonyAttachmentRequirement),
      400: ok(errorResponse, "Not multipart, not exactly one `file` part, an empty file, or a name over 255 characters"),
      401: noCeremonySession,
      403: ok(errorResponse, "The signer must pass their verification first, or is locked"),
      404: ok(errorResponse, "The signer's role has no such attachment requirement"),
      409: ok(errorResponse, "The signer has finished, the package is no longer out for signing, or another member of the group holds the lock"),
      413: ok(errorResponse, "The file is over MAX_FILE_MB"),
      422: ok(errorResponse, "The requirement already holds the most files it can"),
    },
  },
  {
    method: "delete",
    path: "/api/signing/{packageId}/attachments/{attachmentId}/files/{fileId}",
    tag: "Signing ceremony",
    summary: "Remove a file the signer uploaded, before they finish",
    description: `${CEREMONY_AUTHENTICATION} The requirement is INCOMPLETE again when no file is left. Answers the requirement with its files.`,
    permission: "public",
    responses: {
      200: ok(ceremonyAttachmentRequirement),
      401: noCeremonySession,
      404: ok(errorResponse, "No such requirement of the signer's role, or no such file"),
      409: ok(errorResponse, "The signer has finished, or the package is no longer out for signing"),
    },
  },
];
