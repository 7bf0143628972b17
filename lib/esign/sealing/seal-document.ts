import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { textTagsOf } from "@/lib/esign/text-tags/extract-text-tags";
import { embedCjkFonts } from "./cjk-fonts";
import { sealFontBytes, sealFontVerticalMetrics } from "./seal-font";
import { signPdf, type SignPdfOptions } from "./sign-pdf";
import { stampFields, type CoveredRect, type FieldStamp } from "./stamp-fields";
import { TextFont } from "./text-font";

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
  /** A notarized package's notary stamp: its lines, drawn in a box at the foot of the last page. */
  notarySeal?: readonly string[];
  /** The package's language: picks the face of Han characters alone where a field has no language of its own (cjk-fonts.ts). */
  language?: string;
}

/**
 * The notary's stamp: a bordered box of its lines (its fixed heading, then name, commission,
 * jurisdiction, expiry, date), bottom right of the last page. The heading in Helvetica Bold; the
 * lines, which hold names, in the seal's font with CJK faces.
 */
async function stampNotarySeal(pdfBytes: Uint8Array, lines: readonly string[], language: string | undefined): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(pdfBytes);
  const page = pdf.getPages().at(-1)!;
  pdf.registerFontkit(fontkit);
  const cjk = await embedCjkFonts(pdf, lines.map((text) => ({ text, language })));
  const font = new TextFont(await pdf.embedFont(sealFontBytes(), { subset: true }), sealFontVerticalMetrics(), cjk, language);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const size = 8;
  const lineHeight = 11;
  const padding = 6;
  const width = Math.max(...lines.map((line, i) => (i === 0 ? bold : font).widthOfTextAtSize(line, size))) + 2 * padding;
  const height = lines.length * lineHeight + 2 * padding;
  const { x: left, y: bottom, width: pageWidth } = page.getCropBox();
  const x = left + pageWidth - width - 24;
  const y = bottom + 24;
  const blue = rgb(0.1, 0.2, 0.55);
  page.drawRectangle({ x, y, width, height, borderColor: blue, borderWidth: 1.5, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: x + 3, y: y + 3, width: width - 6, height: height - 6, borderColor: blue, borderWidth: 0.5 });
  lines.forEach((line, i) => {
    const at = { x: x + padding, y: y + height - padding - (i + 1) * lineHeight + 3, size, color: blue };
    if (i === 0) page.drawText(line, { ...at, font: bold });
    else font.draw(page, line, at);
  });
  return pdf.save();
}

/**
 * The sealed document: the fields' values stamped on the pages, then a PAdES signature by the
 * service certificate over the result. It depends on its input only (and on the signing time), so
 * a sealing job that runs again over the same input produces an equivalent, valid document.
 */
export async function sealDocument({ pdf, fields, coverTextTags, documentName = "", notarySeal, language, ...signing }: SealDocumentInput): Promise<Uint8Array> {
  const covered: CoveredRect[] = coverTextTags ? (await textTagsOf(pdf, documentName)).map(({ page, box }) => ({ page, ...box })) : [];
  const stamped = await stampFields(pdf, fields, covered, language);
  return signPdf(notarySeal?.length ? await stampNotarySeal(stamped, notarySeal, language) : stamped, signing);
}
