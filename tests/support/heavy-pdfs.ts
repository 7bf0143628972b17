import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName } from "pdf-lib";
import { deflatedZeros, makePdf, type PdfText } from "./pdfs";

/** Many pages of text: about a second of text-tag reading on a PDF worker at 25 pages, a real slow upload. */
export async function longTextPdf(pages: number): Promise<Buffer> {
  const texts: PdfText[] = [];
  for (let page = 0; page < pages; page++) {
    for (let line = 0; line < 40; line++) {
      texts.push({ page, x: 72, y: 740 - line * 16, size: 10, text: `Clause ${page + 1}.${line + 1}: the parties agree to the terms of this section.` });
    }
  }
  return makePdf({ pages, texts });
}

/**
 * One page whose content is Flate over Flate: the file is about a kilobyte and passes the
 * per-stream inflate check (which inflates the first filter only), and pdf.js, reading the page
 * for text tags, holds the whole decoded content in one buffer, outside the V8 heap.
 */
export async function stackedFlatePdf(decodedBytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const twice = deflateSync(await deflatedZeros(decodedBytes), { level: 9 });
  page.node.set(PDFName.of("Contents"), pdf.context.register(pdf.context.stream(twice, { Filter: ["FlateDecode", "FlateDecode"] })));
  return Buffer.from(await pdf.save());
}

/** `payload` with every document's text tags to be read on upload (pdf.js then reads every page's content). */
export function textTagsPayload<Payload extends { documents: object[] }>(payload: Payload) {
  return { ...payload, documents: payload.documents.map((document) => ({ ...document, extract: true, extractionTypes: ["TEXT_TAGS"] })) };
}
