import { badRequest } from "@/lib/esign/errors";
import type { DocumentFile } from "@/lib/esign/documents/prepare-documents";
import { readMultipart } from "./multipart";
import { mediaType, readJson } from "./request-body";

/**
 * A package or document upload: multipart with a JSON `payload` part and `file` parts (in the
 * order of the documents), or plain JSON without files.
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
    let payload: unknown;
    try {
      payload = JSON.parse(payloadText);
    } catch (error) {
      throw badRequest("error.validation.invalidJson", 'The "payload" part is not valid JSON.', (error as Error).message);
    }
    const documentFiles = files
      .filter((file) => file.fieldName !== "payload")
      .map((file) => ({ fileName: file.fileName, bytes: file.bytes }));
    return { payload, files: documentFiles };
  }
  if (type === "application/json" || type === "" || type.endsWith("+json")) {
    return { payload: await readJson(request), files: [] };
  }
  throw badRequest("error.validation.contentType", `Unsupported content type "${type}": send application/json or multipart/form-data.`);
}
