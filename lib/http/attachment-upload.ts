import { badRequest } from "@/lib/esign/errors";
import { readMultipart, type UploadedFile } from "./multipart";
import { mediaType } from "./request-body";

/**
 * A signer's attachment upload: multipart/form-data with exactly one file, in the part named
 * `file`. The size limit (MAX_FILE_MB, 413) is enforced while the body streams in.
 */
export async function readAttachmentUpload(request: Request): Promise<UploadedFile> {
  if (mediaType(request) !== "multipart/form-data") {
    throw badRequest("error.validation.contentType", 'Upload the attachment as multipart/form-data with one part named "file".');
  }
  const { files } = await readMultipart(request);
  if (files.length !== 1 || files[0].fieldName !== "file") {
    throw badRequest("error.validation.attachmentFile", `Send exactly one file, in the part named "file" (got ${files.length} file part(s)).`);
  }
  return files[0];
}
