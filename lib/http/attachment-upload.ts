import { badRequest, unsupportedMediaType } from "@/lib/esign/errors";
import { readMultipart, type UploadedFile } from "./multipart";
import { mediaType } from "./request-body";

/**
 * A signer's attachment upload: multipart/form-data with exactly one file, in the part named
 * `file`. The size limit (MAX_FILE_MB, 413) is enforced while the body streams in.
 */
export async function readAttachmentUpload(request: Request): Promise<UploadedFile> {
  if (mediaType(request) !== "multipart/form-data") {
    throw unsupportedMediaType('Upload the attachment as multipart/form-data with one part named "file".');
  }
  const { files } = await readMultipart(request);
  if (files.length !== 1 || files[0].fieldName !== "file") {
    throw badRequest("error.validation.attachmentFile", `Send exactly one file, in the part named "file" (got ${files.length} file part(s)).`);
  }
  return files[0];
}

/** The SDKs' signer upload: one or more files, each in a part named `file` (other parts ignored). */
export async function readAttachmentUploads(request: Request): Promise<UploadedFile[]> {
  if (mediaType(request) !== "multipart/form-data") {
    throw unsupportedMediaType('Upload the attachment as multipart/form-data with parts named "file".');
  }
  const files = (await readMultipart(request)).files.filter((file) => file.fieldName === "file");
  if (files.length === 0) throw badRequest("error.validation.attachmentFile", 'Send at least one file, in a part named "file".');
  return files;
}
