import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatedZeros, malformedPdfs, rawPdf } from "@/tests/support/pdfs";
import { serviceErrorOf } from "@/tests/support/service-error";
import { assertDecodesWithin } from "./decode-budget";
import { flattenPdf } from "./flatten-pdf";
import { stampFields } from "@/lib/esign/sealing/stamp-fields";
import { pagesOfText } from "./page-text";

const MB = 1024 * 1024;
const limits = { maxStreamBytes: 10 * MB, maxDecodedBytes: 30 * MB };

/** A one-page PDF written by hand whose object 4 is `stream` (its dictionary and data as given). */
function pdfWith(stream: string): Buffer {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    stream,
  ]);
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("assertDecodesWithin", () => {
  it("reads a stream whatever its /Length says: indirect, too short", async () => {
    const bomb = latin1(await deflatedZeros(20 * MB));
    for (const length of ["99 0 R", "3"]) {
      const error = await serviceErrorOf(assertDecodesWithin(pdfWith(`<< /Length ${length} /Filter /FlateDecode >>\nstream\n${bomb}\nendstream`), limits, "Bomb"));
      expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooComplex"]);
    }
  });

  it("reads the filters as pdf.js does: /F before /Filter, names spelled with #xx, comments", async () => {
    const bomb = latin1(await deflatedZeros(20 * MB));
    for (const dictionary of ["<< /F /FlateDecode /Filter /Crypt >>", "<< /Filter /Fl#61teDecode >>", "<< /Filter %[/Crypt]\n/Fl >> %c\nstream"]) {
      const stream = dictionary.endsWith("stream") ? `${dictionary}\n${bomb}\nendstream` : `${dictionary}\nstream\n${bomb}\nendstream`;
      const error = await serviceErrorOf(assertDecodesWithin(pdfWith(stream), limits, "Bomb"));
      expect(error.messageKey).toBe("error.validation.pdfTooComplex");
    }
  });

  it("finds a stream inside an object stream", async () => {
    const inner = `<< /Filter [/FlateDecode /FlateDecode] >>\nstream\n${latin1(deflateSync(await deflatedZeros(20 * MB)))}\nendstream`;
    const objects = `5 0 ${inner}`;
    const objectStream = latin1(deflateSync(Buffer.from(objects, "latin1")));
    const pdf = pdfWith(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n${objectStream}\nendstream`);
    const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Bomb"));
    expect(error.messageKey).toBe("error.validation.pdfTooComplex");
  });

  it("refuses a stream it cannot attribute to an object, and filters it cannot follow", async () => {
    const hidden = rawPdf(["<< /Type /Catalog >>"]).toString("latin1").replace("%%EOF", "9 %c\n0 obj << /Filter /Fl >>\nstream\nx\nendstream\n%%EOF");
    expect((await serviceErrorOf(assertDecodesWithin(Buffer.from(hidden, "latin1"), limits, "Hidden"))).messageKey).toBe("error.validation.corruptPdf");
    for (const dictionary of ["<< /Filter 9 0 R >>", "<< /Filter [/DCTDecode /FlateDecode] >>", "<< /Filter [/FlateDecode /FlateDecode] /DecodeParms [<< /Predictor 12 >> null] >>"]) {
      const error = await serviceErrorOf(assertDecodesWithin(pdfWith(`${dictionary}\nstream\nx\nendstream`), limits, "Odd"));
      expect(error.messageKey).toBe("error.validation.pdfTooComplex");
    }
  });

  it("counts every stream against one budget", async () => {
    const stream = `<< /Filter /FlateDecode >>\nstream\n${latin1(await deflatedZeros(8 * MB))}\nendstream`;
    const pdf = (count: number) =>
      rawPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${Array.from({ length: count }, (_, i) => `${i + 4} 0 R`).join(" ")}] >>`,
        ...Array.from({ length: count }, () => stream),
      ]);
    await assertDecodesWithin(pdf(3), limits, "Within");
    const error = await serviceErrorOf(assertDecodesWithin(pdf(4), limits, "Past"));
    expect(error.message).toContain("has streams that decode past 30 MB in all");
  });
});

describe("a stored PDF whose page tree cannot be read", () => {
  it.each(Object.keys(malformedPdfs) as (keyof typeof malformedPdfs)[])("with %s is a 400 corruptPdf when flattened, stamped or read for text", async (name) => {
    const pdf = malformedPdfs[name]();
    const readText = async () => {
      for await (const page of pagesOfText(pdf, "Stored", "cannot be read to find its text tags")) void page;
    };
    for (const attempt of [flattenPdf(pdf), stampFields(pdf, [], [{ page: 0, left: 0, top: 0, width: 10, height: 10 }]), readText()]) {
      const error = await serviceErrorOf(attempt);
      expect([error.status, error.messageKey]).toEqual([400, "error.validation.corruptPdf"]);
    }
  });
});
