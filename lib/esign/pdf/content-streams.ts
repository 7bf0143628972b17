import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFDocument, type PDFObject } from "pdf-lib";
import { unprocessable } from "@/lib/esign/errors";

const IMAGE_CODECS = new Set(["DCTDecode", "DCT", "JPXDecode", "JPX", "JBIG2Decode", "CCITTFaxDecode", "CCF"]);
const FONT_STREAM_KEYS = ["FontFile", "FontFile2", "FontFile3"];

/**
 * Refuses a PDF that would make a text reader decode an image codec (JPEG, JPEG 2000, JBIG2,
 * CCITT) while it finds text: a page's content, a form XObject, a font program, a CMap or a Type3 glyph coded as
 * an image. The decode budget does not decode image codecs (decode-budget.ts), because nothing on
 * the server decodes an image used as an image; a reader reads these streams whatever they say they
 * are, so an image codec there would decode to the size its own header claims (a JPEG of 65,535 ×
 * 65,535 pixels is 12 GB). Nothing legitimate codes content or fonts that way.
 */
export function assertNoImageCodedContent(pdf: PDFDocument, label: string): void {
  const seen = new Set<PDFObject>();
  const check = (object: PDFObject | undefined) => {
    const target = object instanceof PDFRef ? pdf.context.lookup(object) : object;
    if (!(target instanceof PDFStream) || seen.has(target)) return;
    seen.add(target);
    const filter = target.dict.lookup(PDFName.of("Filter"));
    const last = filter instanceof PDFArray ? filter.lookup(filter.size() - 1) : filter;
    if (last instanceof PDFName && IMAGE_CODECS.has(last.decodeText())) {
      throw unprocessable("error.validation.pdfTooComplex", `The PDF for document "${label}" has page content or a font coded as an image (${last.decodeText()}); it is refused as too complex to process.`);
    }
  };
  const checkResources = (resources: PDFDict | undefined) => {
    if (!resources || seen.has(resources)) return;
    seen.add(resources);
    const xObjects = resources.lookupMaybe(PDFName.of("XObject"), PDFDict);
    for (const [, value] of xObjects?.entries() ?? []) {
      const xObject = pdf.context.lookup(value);
      if (!(xObject instanceof PDFRawStream) || xObject.dict.lookup(PDFName.of("Subtype")) !== PDFName.of("Form")) continue;
      check(xObject);
      checkResources(xObject.dict.lookupMaybe(PDFName.of("Resources"), PDFDict));
    }
    const fonts = resources.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [, value] of fonts?.entries() ?? []) checkFont(pdf.context.lookup(value));
  };
  const checkFont = (font: PDFObject | undefined) => {
    if (!(font instanceof PDFDict) || seen.has(font)) return;
    seen.add(font);
    check(font.get(PDFName.of("ToUnicode")));
    check(font.get(PDFName.of("Encoding")));
    const descriptor = font.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    for (const key of FONT_STREAM_KEYS) check(descriptor?.get(PDFName.of(key)));
    const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
    for (let i = 0; i < (descendants?.size() ?? 0); i++) checkFont(descendants!.lookup(i));
    const glyphs = font.lookupMaybe(PDFName.of("CharProcs"), PDFDict);
    for (const [, glyph] of glyphs?.entries() ?? []) check(glyph);
    checkResources(font.lookupMaybe(PDFName.of("Resources"), PDFDict));
  };
  for (const page of pdf.getPages()) {
    const contents = page.node.get(PDFName.of("Contents"));
    const resolved = contents instanceof PDFRef ? pdf.context.lookup(contents) : contents;
    if (resolved instanceof PDFArray) for (const entry of resolved.asArray()) check(entry);
    else check(contents);
    checkResources(page.node.Resources());
  }
}
