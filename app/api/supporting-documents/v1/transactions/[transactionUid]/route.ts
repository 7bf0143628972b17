import { badRequest } from "@/lib/esign/errors";
import { addSupportingDocuments, listSupportingDocuments } from "@/lib/esign/supporting-documents/supporting-documents";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { apiRoute } from "@/lib/http/api-handler";
import { readMultipart } from "@/lib/http/multipart";
import { mediaType } from "@/lib/http/request-body";


type Params = { transactionUid: string };

/** The package's supporting documents, a bare array `[{id, transactionUid, documentRefId, documentName, version, fileSize}]`. */
export const GET = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ db, caller, params }) => listSupportingDocuments(db, caller, params.transactionUid));

/** Adds files (multipart, parts named `files`), kept with the package for the record; answers them. */
export const POST = apiRoute<Params>({ permission: PERMISSIONS.transaction }, async ({ request, db, caller, params }) => {
  if (mediaType(request) !== "multipart/form-data") throw badRequest("error.validation.contentType", 'Send the files as multipart/form-data, in parts named "files".');
  const { files } = await readMultipart(request);
  const uploads = files.filter((file) => file.fieldName === "files").map((file) => ({ fileName: file.fileName, contentType: file.contentType, bytes: file.bytes }));
  return addSupportingDocuments(db, caller, params.transactionUid, uploads);
});
