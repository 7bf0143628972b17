import { EncryptedPDFError, PDFBool, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { badRequest, ServiceError, unprocessable } from "@/lib/esign/errors";
import { assertNoImageCodedContent } from "./content-streams";
import { corruptPdf, encryptedPdf } from "./corrupt-pdf";
import { assertDecodesWithin, type DecodeLimits } from "./decode-budget";

/** What an upload may ask of the service (lib/config.ts: MAX_PDF_PAGES, MAX_PDF_STREAM_MB, MAX_PDF_DECODED_MB). */
export interface PdfLimits extends DecodeLimits {
  maxPages: number;
}

export interface PageSize {
  index: number;
  /** As displayed, in PDF points: the crop box, turned by the page's rotation. */
  width: number;
  height: number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The displayed size of every page. */
export function pageSizesOf(pdf: PDFDocument): PageSize[] {
  return pdf.getPages().map((page, index) => {
    const box = page.getCropBox();
    const quarterTurns = (((page.getRotation().angle / 90) % 4) + 4) % 4;
    const turned = quarterTurns % 2 === 1;
    return { index, width: round2(turned ? box.height : box.width), height: round2(turned ? box.width : box.height) };
  });
}

/**
 * A Tagged PDF (ISO 32000-1, 14.8): its catalog's /MarkInfo says /Marked true, the structure an
 * accessible reader follows. The Document's `tagged`, which the original service's ADA
 * (accessibility) packages read.
 */
function isTaggedPdf(pdf: PDFDocument): boolean {
  const markInfo = pdf.catalog.lookupMaybe(PDFName.of("MarkInfo"), PDFDict);
  return markInfo?.lookupMaybe(PDFName.of("Marked"), PDFBool)?.asBoolean() === true;
}

/**
 * Checks that an upload is a PDF we can work with, by parsing it (never by its name or declared
 * type), and answers its page sizes and whether it is a Tagged PDF. Empty, corrupt and encrypted
 * files get a 400 that says so; a PDF past the limits (pages, decoded stream sizes: see assertDecodesWithin) a 422.
 */
export async function inspectPdf(bytes: Uint8Array, label: string, limits: PdfLimits): Promise<{ pages: PageSize[]; tagged: boolean }> {
  if (bytes.byteLength === 0) throw badRequest("error.validation.emptyDocument", `The file for document "${label}" is empty.`);
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (!head.includes("%PDF-")) {
    throw badRequest("error.validation.notPdf", `The file for document "${label}" is not a PDF.`);
  }
  await assertDecodesWithin(bytes, limits, label);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    // instanceof alone misses pdf-lib's error when its CommonJS and ES builds both load.
    const saysEncrypted = error instanceof EncryptedPDFError || (error as Error).name === "EncryptedPDFError" || /is encrypted/.test((error as Error).message);
    // Encrypted object streams fail the strict parse before pdf-lib looks at /Encrypt.
    if (saysEncrypted || (await hasEncryptDictionary(bytes))) throw encryptedPdf(label);
    throw corruptPdf(label, (error as Error).message);
  }
  let pageCount: number;
  try {
    // Reads the page tree: one that is missing or cyclic is a corrupt file.
    pageCount = pdf.getPageCount();
  } catch (error) {
    throw corruptPdf(label, (error as Error).message);
  }
  if (pageCount > limits.maxPages) {
    throw unprocessable(
      "error.validation.pdfTooManyPages",
      `The PDF for document "${label}" has ${pageCount} pages; at most ${limits.maxPages} are accepted.`,
    );
  }
  let pages: PageSize[];
  try {
    pages = pageSizesOf(pdf);
  } catch (error) {
    throw corruptPdf(label, (error as Error).message);
  }
  if (pages.length === 0) throw badRequest("error.validation.emptyDocument", `The PDF for document "${label}" has no pages.`);
  try {
    assertNoImageCodedContent(pdf, label);
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw corruptPdf(label, (error as Error).message);
  }
  let tagged = false;
  try {
    tagged = isTaggedPdf(pdf);
  } catch {
    // A malformed /MarkInfo makes the PDF untagged, not unreadable.
  }
  return { pages, tagged };
}

/** Whether the file's trailer names an /Encrypt dictionary, read leniently (the strict parse failed). */
async function hasEncryptDictionary(bytes: Uint8Array): Promise<boolean> {
  try {
    const lenient = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return lenient.isEncrypted;
  } catch {
    return false;
  }
}
