import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { deflatedZeros, filteredContentPdf, flateBombPdf, makeFormPdf, makePdf } from "@/tests/support/pdfs";
import { serviceErrorOf } from "@/tests/support/service-error";
import { inspectPdf } from "./inspect-pdf";

const MB = 1024 * 1024;
const limits = { maxPages: 10, maxStreamBytes: 100 * MB, maxDecodedBytes: 1024 * MB };

describe("inspectPdf's limits", () => {
  it("refuses a page whose content inflates past the stream limit", async () => {
    const error = await serviceErrorOf(inspectPdf(await flateBombPdf(300 * MB), "Bomb", limits));
    expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooComplex"]);
    expect(error.message).toContain("decodes past 100 MB");
  });

  it("refuses an object stream that inflates past the limit, before pdf-lib inflates it on loading", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.context.register(pdf.context.stream(await deflatedZeros(300 * MB), { Type: "ObjStm", N: 1, First: 10, Filter: "FlateDecode" }));
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    const error = await serviceErrorOf(inspectPdf(bytes, "Bomb", limits));
    expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooComplex"]);
  });

  it("takes compressed content, forms and object streams within the limits", async () => {
    const texts = Array.from({ length: 10 }, (_, page) => ({ page, text: `Page ${page + 1}`, x: 72, y: 700 }));
    const ok = await inspectPdf(await makePdf({ pages: 10, texts }), "Ten pages", limits);
    expect(ok.pages).toHaveLength(10);
    expect((await inspectPdf(await makeFormPdf(), "Form", limits)).pages).toHaveLength(1);
  });

  it("refuses page content coded as an image, which pdf.js would decode to the size the image's header claims", async () => {
    // A JPEG header (SOI, SOF0) claiming 65,535 × 65,535 pixels in three components: 12 GB.
    const jpeg = Buffer.from("ffd8ffc0001108ffffffff03011100021101031101ffd9", "hex");
    for (const filters of [["DCTDecode"], ["FlateDecode", "DCTDecode"]]) {
      const data = filters[0] === "FlateDecode" ? deflateSync(jpeg) : jpeg;
      const error = await serviceErrorOf(inspectPdf(await filteredContentPdf(data, filters), "Coded", limits));
      expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooComplex"]);
      expect(error.message).toContain("coded as an image (DCTDecode)");
    }
  });

  it("refuses more pages than the limit", async () => {
    const error = await serviceErrorOf(inspectPdf(await makePdf({ pages: 11 }), "Long", limits));
    expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooManyPages"]);
    expect(error.message).toBe('The PDF for document "Long" has 11 pages; at most 10 are accepted.');
  });
});
