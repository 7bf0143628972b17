import { PDFDocument, type PDFPage } from "pdf-lib";
import { badRequest, type ServiceError } from "@/lib/esign/errors";

/** The 400 for a PDF that cannot be read; `documentName` when the caller knows it. */
export function corruptPdf(documentName: string | undefined, technical?: string): ServiceError {
  const which = documentName === undefined ? "this document" : `document "${documentName}"`;
  return badRequest("error.validation.corruptPdf", `The PDF for ${which} is corrupt and cannot be read.`, technical);
}

/** The 400 for an encrypted upload. */
export function encryptedPdf(label: string): ServiceError {
  return badRequest(
    "error.validation.encryptedPdf",
    `The PDF for document "${label}" is encrypted (password-protected); upload it without encryption.`,
  );
}

/**
 * A stored PDF loaded with pdf-lib, and its pages. A file or page tree pdf-lib cannot read (no
 * page tree, a cyclic one: pdf-lib recurses until the stack runs out) is corrupt, a 400, not a 500.
 */
export async function loadPdfWithPages(bytes: Uint8Array, documentName?: string): Promise<{ pdf: PDFDocument; pages: PDFPage[] }> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return { pdf, pages: pdf.getPages() };
  } catch (error) {
    throw corruptPdf(documentName, (error as Error).message);
  }
}
