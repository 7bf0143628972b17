import { textTagsOf } from "@/lib/esign/text-tags/extract-text-tags";
import { signPdf, type SignPdfOptions } from "./sign-pdf";
import { stampFields, type CoveredRect, type FieldStamp } from "./stamp-fields";

/** The document and its values, and how the seal's signature reads (certificate, reason, time...). */
export interface SealDocumentInput extends SignPdfOptions {
  /** The document as the signers saw it (the stored original, already flattened). */
  pdf: Uint8Array;
  /** Every field's value, to be drawn on its page. */
  fields: readonly FieldStamp[];
  /**
   * The document's fields were made from its text tags: each tag's text is painted white under
   * the values, signed or not. Its characters stay in the page's content (text extraction still
   * finds them): removing them would mean rewriting the content streams the signers saw.
   */
  coverTextTags?: boolean;
  /** Names the document in the refusal of a PDF whose tags cannot be read. */
  documentName?: string;
}

/**
 * The sealed document: the fields' values stamped on the pages, then a PAdES signature by the
 * service certificate over the result. It depends on its input only (and on the signing time), so
 * a sealing job that runs again over the same input produces an equivalent, valid document.
 */
export async function sealDocument({ pdf, fields, coverTextTags, documentName = "", ...signing }: SealDocumentInput): Promise<Uint8Array> {
  const covered: CoveredRect[] = coverTextTags ? (await textTagsOf(pdf, documentName)).map(({ page, box }) => ({ page, ...box })) : [];
  return signPdf(await stampFields(pdf, fields, covered), signing);
}
