import { badRequest } from "@/lib/esign/errors";
import type { DocumentFile } from "@/lib/esign/documents/prepare-documents";
import { readMultipart } from "./multipart";
import { mediaType, parseJsonText, readJson } from "./request-body";

/**
 * A package or document upload: multipart with a JSON `payload` part and `file` parts (in the
 * order of the documents), or plain JSON, whose documents may carry their PDF as `base64Content`
 * (the SDKs' addDocumentWithBase64Content; within the JSON body's 10 MB).
 */
export async function readPayloadAndFiles(request: Request): Promise<{ payload: unknown; files: DocumentFile[] }> {
  const type = mediaType(request);
  if (type === "multipart/form-data") {
    const { fields, files } = await readMultipart(request);
    const payloadFile = files.find((file) => file.fieldName === "payload");
    const payloadText = fields.get("payload") ?? payloadFile?.bytes.toString("utf8");
    if (payloadText === undefined) {
      throw badRequest("error.validation.missingPayload", 'The multipart body has no "payload" part with the JSON.');
    }
    const payload = parseJsonText(payloadText, 'The "payload" part');
    const documentFiles = files
      .filter((file) => file.fieldName !== "payload")
      .map((file) => ({ fileName: file.fileName, bytes: file.bytes, sha256: file.sha256 }));
    return { payload, files: documentFiles };
  }
  if (type === "application/json" || type === "" || type.endsWith("+json")) {
    const payload = await readJson(request);
    return { payload, files: base64Files(payload) };
  }
  throw badRequest("error.validation.contentType", `Unsupported content type "${type}": send application/json or multipart/form-data.`);
}

/** The documents of a JSON payload: a package's `documents`, a list of documents, or one document. */
function documentsOf(payload: unknown): Record<string, unknown>[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (Array.isArray(payload)) return payload.filter(isObject);
  if (!isObject(payload)) return [];
  if (Array.isArray(payload.documents)) return payload.documents.filter(isObject);
  return "base64Content" in payload ? [payload] : [];
}

/**
 * The files of documents sent as `base64Content`, in the order of the documents, each taken out
 * of its document (which then reads as one uploaded with a file). Refused when some documents
 * carry their content and others do not, or when a content is not base64.
 */
function base64Files(payload: unknown): DocumentFile[] {
  const documents = documentsOf(payload);
  const carrying = documents.filter((document) => typeof document.base64Content === "string" && document.base64Content !== "");
  if (carrying.length === 0) return [];
  if (carrying.length !== documents.length) {
    throw badRequest("error.validation.documentFileCount", "Either every document carries its base64Content, or none does (send the files as multipart instead).");
  }
  return documents.map((document, i) => {
    const content = String(document.base64Content).replace(/\s/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content) || content.length % 4 !== 0) {
      throw badRequest("error.validation.base64Content", `The base64Content of document ${i + 1} is not base64.`);
    }
    delete document.base64Content;
    return { fileName: `${String(document.name ?? `document${i + 1}`)}.pdf`, bytes: Buffer.from(content, "base64") };
  });
}
