import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { config } from "@/lib/config";
import { badRequest, tooLarge } from "@/lib/esign/errors";
import { assertStorableText } from "./storable-text";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  /** Of the bytes, hashed as they arrived: the blob stores address them by it without reading them again. */
  sha256: string;
}

export interface MultipartBody {
  fields: Map<string, string>;
  files: UploadedFile[];
}

const MB = 1024 * 1024;

/**
 * Reads a multipart/form-data body with busboy, enforcing the per-file and per-request limits
 * while streaming, so an oversize upload is refused (413) before it is held whole in memory.
 */
export async function readMultipart(request: Request): Promise<MultipartBody> {
  const { maxFileBytes, maxRequestBytes } = config();
  const contentType = request.headers.get("content-type") ?? "";
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > maxRequestBytes) {
    throw tooLarge(`The request is larger than the limit of ${maxRequestBytes / MB} MB.`);
  }
  if (!request.body) throw badRequest("error.validation.emptyBody", "The multipart request has no body.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: maxFileBytes, fieldSize: 10 * MB, files: 100, fields: 100 },
      defParamCharset: "utf8",
    });
  } catch (error) {
    throw badRequest("error.validation.invalidMultipart", "The multipart body could not be read.", (error as Error).message);
  }

  return new Promise<MultipartBody>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: UploadedFile[] = [];
    let received = 0;
    let failed = false;
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);

    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };

    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxRequestBytes) fail(tooLarge(`The request is larger than the limit of ${maxRequestBytes / MB} MB.`));
    });
    source.on("error", (error) => fail(badRequest("error.validation.invalidMultipart", "The upload was interrupted.", error.message)));

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge(`The form field "${name}" is too large.`));
      fields.set(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      const hash = createHash("sha256");
      stream.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        hash.update(chunk);
      });
      stream.on("limit", () =>
        fail(tooLarge(`The file "${info.filename ?? name}" is larger than the limit of ${maxFileBytes / MB} MB.`)),
      );
      stream.on("close", () => {
        if (!failed) {
          files.push({
            fieldName: name,
            fileName: info.filename ?? "",
            contentType: info.mimeType,
            bytes: Buffer.concat(chunks),
            sha256: hash.digest("hex"),
          });
        }
      });
    });
    parser.on("filesLimit", () => fail(badRequest("error.validation.tooManyFiles", "At most 100 files can be uploaded at once.")));
    parser.on("fieldsLimit", () => fail(badRequest("error.validation.tooManyFields", "At most 100 form fields can be sent at once.")));
    parser.on("partsLimit", () => fail(badRequest("error.validation.tooManyParts", "The multipart body has too many parts.")));
    parser.on("error", (error: Error) =>
      fail(badRequest("error.validation.invalidMultipart", "The multipart body is malformed.", error.message)),
    );
    parser.on("close", () => {
      if (failed) return;
      try {
        assertStorableText(Object.fromEntries(fields), "The form");
        files.forEach((file) => assertStorableText(file.fileName, "An uploaded file's name"));
      } catch (error) {
        reject(error);
        return;
      }
      resolve({ fields, files });
    });
    source.pipe(parser);
  });
}
