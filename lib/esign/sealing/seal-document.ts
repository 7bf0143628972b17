import { signPdf, type SignPdfOptions } from "./sign-pdf";
import { stampFields, type FieldStamp } from "./stamp-fields";

/** The document and its values, and how the seal's signature reads (certificate, reason, time...). */
export interface SealDocumentInput extends SignPdfOptions {
  /** The document as the signers saw it (the stored original, already flattened). */
  pdf: Uint8Array;
  /** Every field's value, to be drawn on its page. */
  fields: readonly FieldStamp[];
}

/**
 * The sealed document: the fields' values stamped on the pages, then a PAdES signature by the
 * service certificate over the result. It depends on its input only (and on the signing time), so
 * a sealing job that runs again over the same input produces an equivalent, valid document.
 */
export async function sealDocument({ pdf, fields, ...signing }: SealDocumentInput): Promise<Uint8Array> {
  return signPdf(await stampFields(pdf, fields), signing);
}
