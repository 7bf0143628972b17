import type { AttachmentVerificationResult } from "@/lib/api/attachments";
import type { Db } from "@/lib/db/client";
import { roles } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findPackage } from "@/lib/esign/packages/find-package";
import { blobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { eq } from "drizzle-orm";
import { attachmentFilesOf } from "./requirement-files";
import { requirementsOf } from "./requirements";

/** The kind each extension promises. */
const EXTENSION_KINDS: Record<string, string> = {
  pdf: "pdf",
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  jpe: "jpeg",
  gif: "gif",
  tif: "tiff",
  tiff: "tiff",
  bmp: "bmp",
  webp: "webp",
  heic: "heic",
  heif: "heic",
  doc: "ole",
  xls: "ole",
  ppt: "ole",
  msg: "ole",
  docx: "zip",
  xlsx: "zip",
  pptx: "zip",
  odt: "zip",
  ods: "zip",
  odp: "zip",
  zip: "zip",
  txt: "text",
  csv: "text",
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of file its first bytes say it is (its "magic number"), or null. */
export function detectFileKind(bytes: Uint8Array): string | null {
  // A PDF may have a few bytes of junk before its header (readers accept 1024).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.includes("%PDF-")) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(bytes, ascii("BM")) && bytes.length > 14) return "bmp";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && ["heic", "heix", "mif1", "msf1", "heif"].some((brand) => startsWith(bytes, ascii(brand), 8))) return "heic";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (bytes.length > 0 && !bytes.subarray(0, 4096).includes(0)) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, Math.min(bytes.length, 4096)));
      return "text";
    } catch {
      // A multi-byte character cut at 4096 bytes, or not UTF-8 at all: unknown.
    }
  }
  return null;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

async function pageCountOf(bytes: Uint8Array): Promise<number | null> {
  // Outside the try: a library that fails to load is the server's failure, not a file that is not a PDF.
  const { PDFDocument } = await import("pdf-lib");
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return pdf.getPageCount();
  } catch {
    return null;
  }
}

/**
 * `GET /api/packages/{packageId}/attachment/verifications`: one result per file the signers
 * uploaded, oldest first (attachmentVerificationResult says what is checked). Reads each file's
 * stored bytes; a file whose bytes are gone (retention) is answered with `intact: false`.
 */
export async function attachmentVerifications(db: Db, caller: Caller, packageId: string): Promise<AttachmentVerificationResult[]> {
  const { files, names } = await db.transaction(async (tx) => {
    const pkg = await findPackage(tx, caller, packageId);
    const roleRows = await tx.select({ id: roles.id, attachmentRequirements: roles.attachmentRequirements }).from(roles).where(eq(roles.packageId, pkg.id));
    const names = new Map(roleRows.flatMap((role) => requirementsOf(role).map((requirement) => [requirement.id, requirement.name] as const)));
    return { files: await attachmentFilesOf(tx, pkg.id), names };
  });
  const store = await blobStore();
  const results: AttachmentVerificationResult[] = [];
  for (const file of files) {
    const bytes = file.blobSha256 ? await store.get(file.blobSha256) : null;
    const detectedType = bytes ? detectFileKind(bytes) : null;
    const extension = extensionOf(file.name);
    results.push({
      attachmentUuid: file.requirementId,
      fileName: file.name,
      extension,
      typeMatch: detectedType !== null && EXTENSION_KINDS[extension] === detectedType,
      classificationResult: null,
      extractionResult: null,
      fileId: file.id,
      roleId: file.roleId,
      attachmentName: names.get(file.requirementId) ?? "",
      contentType: file.contentType,
      detectedType,
      size: file.size,
      sha256: file.blobSha256,
      intact: bytes !== null && bytes.byteLength === file.size && sha256Hex(bytes) === file.blobSha256,
      pageCount: bytes && detectedType === "pdf" ? await pageCountOf(bytes) : null,
      uploaded: file.uploaded.toISOString(),
    });
  }
  return results;
}
