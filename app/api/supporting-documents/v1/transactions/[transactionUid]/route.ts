import { badRequest } from "@/lib/esign/errors";
import { addSupportingDocuments, listSupportingDocuments } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readMultipart } from "@/lib/http/multipart";
import { mediaType } from "@/lib/http/request-body";
import { ok, supportingDocument } from "@/lib/api/openapi/operation";
import { z } from "zod";


/** The package's supporting documents, a bare array `[{id, transactionUid, documentRefId, documentName, version, fileSize}]`. */
export const GET = apiRoute({ params: ["transactionUid"], tag: "Supporting documents", summary: "The package's supporting documents, a bare array", permission: PERMISSIONS.transaction, responses: { 200: ok(z.array(supportingDocument)) } }, async ({ db, caller, params }) => listSupportingDocuments(db, caller, params.transactionUid));

/** Adds files (multipart, parts named `files`), kept with the package for the record; answers them. */
export const POST = apiRoute({
  params: ["transactionUid"],
  tag: "Supporting documents",
  summary: "Add supporting documents (multipart, parts named files; each at most MAX_FILE_MB)",
  description: "Only the package's sender or the account owner; all files are added or none. Answers the documents added.",
  permission: PERMISSIONS.transaction,
  responses: { 200: ok(z.array(supportingDocument)) },
}, async ({ request, db, caller, params }) => {
  if (mediaType(request) !== "multipart/form-data") throw badRequest("error.validation.contentType", 'Send the files as multipart/form-data, in parts named "files".');
  const { files } = await readMultipart(request);
  const uploads = files.filter((file) => file.fieldName === "files").map((file) => ({ fileName: file.fileName, contentType: file.contentType, bytes: file.bytes }));
  return addSupportingDocuments(db, caller, params.transactionUid, uploads);
});

export * from "@/lib/http/method-not-allowed";
