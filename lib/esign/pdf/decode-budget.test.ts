import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatedZeros, hiddenStreamBombs, hiddenStreamPdf, malformedPdfs, rawPdf } from "@/tests/support/pdfs";
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

  it("refuses an object stream whose /First it would have to look up, as pdf.js does", async () => {
    const inner = `<< /Filter [/FlateDecode /FlateDecode] >>\nstream\n${latin1(deflateSync(await deflatedZeros(20 * MB)))}\nendstream`;
    const objectStream = latin1(deflateSync(Buffer.from(`6 0 ${inner}`, "latin1")));
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>",
      `<< /Type /ObjStm /N 1 /First 5 0 R /Filter /FlateDecode >>\nstream\n${objectStream}\nendstream`,
      "4",
    ]);
    const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Indirect"));
    expect(error.message).toContain("has an object stream whose /N or /First is not a number");
  });

  it("refuses a trailer naming /Encrypt that pdf-lib would not read, hidden in a stream's data", async () => {
    const trailer = "xref\n0 1\n0000000000 65535 f \ntrailer << /Root 1 0 R /Encrypt << /Filter /Standard /V 1 >> >>";
    const pdf = rawPdf(["<< /Type /Catalog >>", `<< /Length ${trailer.length} >>\nstream\n${trailer}\nendstream`]);
    const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Hidden"));
    expect([error.status, error.messageKey]).toEqual([400, "error.validation.encryptedPdf"]);
  });

  it("refuses an object stream whose offsets pdf.js might read otherwise", async () => {
    const inner = `<< /Filter [/FlateDecode /FlateDecode] >>\nstream\n${latin1(deflateSync(await deflatedZeros(20 * MB)))}\nendstream`;
    // pdf.js reads the offset `1-0` as 10 (a minus sign inside a number is passed over), where the stream is.
    const objects = `5 1-0 ${" ".repeat(4)}${inner}`;
    const objectStream = latin1(deflateSync(Buffer.from(objects, "latin1")));
    const pdf = pdfWith(`<< /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode >>\nstream\n${objectStream}\nendstream`);
    const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Offsets"));
    expect(error.message).toContain("has an object stream whose object offsets cannot be read");
  });

  it("refuses dictionaries inside one another at once, which pdf.js would read a token at a time from each `obj`", async () => {
    const pdf = Buffer.from(`%PDF-1.7\n${"5 0 obj << ".repeat(200_000)}\n%%EOF\n`, "latin1");
    const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Nested"));
    // Refused by the nesting check, not after parsing (how fast is the benchmarks' business).
    expect(error.message).toContain("has dictionaries inside one another");
  });

  it("refuses a stream it cannot attribute to an object, and filters it cannot follow", async () => {
    const hidden = rawPdf(["<< /Type /Catalog >>"]).toString("latin1").replace("%%EOF", "9 0 R << /Filter /Fl >>\nstream\nx\nendstream\n%%EOF");
    expect((await serviceErrorOf(assertDecodesWithin(Buffer.from(hidden, "latin1"), limits, "Hidden"))).messageKey).toBe("error.validation.corruptPdf");
    for (const dictionary of ["<< /Filter 9 0 R >>", "<< /Filter [/DCTDecode /FlateDecode] >>", "<< /Filter [/FlateDecode /FlateDecode] /DecodeParms [<< /Predictor 12 >> null] >>"]) {
      const error = await serviceErrorOf(assertDecodesWithin(pdfWith(`${dictionary}\nstream\nx\nendstream`), limits, "Odd"));
      expect(error.messageKey).toBe("error.validation.pdfTooComplex");
    }
  });

  it("finds a stream pdf.js can reach through the cross reference, hidden in another stream's data", async () => {
    const bombs = await hiddenStreamBombs(20 * MB);
    for (const [name, pdf] of Object.entries(bombs)) {
      const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, name));
      expect([error.status, error.messageKey]).toEqual([422, "error.validation.pdfTooComplex"]);
    }
  });

  it("reads a hidden stream's dictionary as pdf.js does: what is not a key skipped a token at a time, keywords as values", async () => {
    const bomb = deflateSync(await deflatedZeros(20 * MB));
    const dictionaries = [
      "<< /Length 5 (key) << /Filter [/FlateDecode /FlateDecode] >>",
      "<< /Length >> /Filter [/FlateDecode /FlateDecode] >>",
      "<< /A [ >> ] /Filter [/FlateDecode /FlateDecode] >>",
    ];
    for (const dictionary of dictionaries) {
      const error = await serviceErrorOf(assertDecodesWithin(hiddenStreamPdf("5 0 obj", dictionary, bomb), limits, "Hidden"));
      expect([dictionary, error.messageKey]).toEqual([dictionary, "error.validation.pdfTooComplex"]);
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

describe("assertDecodesWithin: inline images, whose first filter PDFium decodes as it reads a page's text", () => {
  /** A content stream drawing one inline image with `dictionary` and `data`, through `filters` when given. */
  const contentWithInlineImage = (dictionary: string, data: string) => `BT /F1 12 Tf 72 700 Td (Hello) Tj ET\nq BI ${dictionary} ID\n${data}\nEI Q\n`;

  it("counts an inline image's Flate data, in a content stream with or without filters of its own", async () => {
    const bomb = latin1(await deflatedZeros(20 * MB));
    const content = contentWithInlineImage("/W 4000 /H 2000 /CS /RGB /BPC 8 /F /Fl", bomb);
    const unfiltered = pdfWith(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const deflated = pdfWith(`<< /Filter /FlateDecode >>\nstream\n${latin1(deflateSync(Buffer.from(content, "latin1")))}\nendstream`);
    for (const pdf of [unfiltered, deflated]) {
      const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Inline"));
      expect([error.status, error.message]).toEqual([422, 'The PDF for document "Inline" has a stream that decodes past 10 MB; it is refused as too complex to process.']);
    }
  });

  it("reads the data where PDFium does: after the first entry that is not a name, and with the abbreviations spelled out", async () => {
    const bomb = latin1(await deflatedZeros(20 * MB));
    for (const dictionary of ["/Filter [/FlateDecode /DCTDecode] /Width 10 /Height 10", "/F /Fl 7"]) {
      const content = contentWithInlineImage(dictionary, bomb).replace(" 7 ID\n", " 7\n");
      const error = await serviceErrorOf(assertDecodesWithin(pdfWith(`<< >>\nstream\n${content}\nendstream`), limits, "Inline"));
      expect(error.messageKey, dictionary).toBe("error.validation.pdfTooComplex");
    }
  });

  it("reads the raw bytes too, which PDFium parses when a stream's filter fails, and a filter named however PDFium takes it", async () => {
    const bomb = latin1(await deflatedZeros(20 * MB));
    const rawUnderFlate = pdfWith(`<< /Filter /FlateDecode >>\nstream\n${contentWithInlineImage("/W 4000 /H 2000 /CS /RGB /BPC 8 /F /Fl", bomb)}\nendstream`);
    const overwritten = contentWithInlineImage("/F /Fl /Filter /X /W 10 /H 10", bomb);
    const asString = contentWithInlineImage("/F (FlateDecode) /W 10 /H 10", bomb);
    const inArrayAsString = contentWithInlineImage("/F [<466c>] /W 10 /H 10", bomb);
    for (const pdf of [rawUnderFlate, ...[overwritten, asString, inArrayAsString].map((content) => pdfWith(`<< >>\nstream\n${content}\nendstream`))]) {
      const error = await serviceErrorOf(assertDecodesWithin(pdf, limits, "Inline"));
      expect(error.messageKey).toBe("error.validation.pdfTooComplex");
    }
  });

  it("counts an image codec's rows, which PDFium decodes one by one, and lets small images through", async () => {
    const huge = contentWithInlineImage("/W 20000 /H 20000 /CS /G /BPC 8 /F /DCT", "\xff\xd8\xff\xd9");
    const error = await serviceErrorOf(assertDecodesWithin(pdfWith(`<< >>\nstream\n${huge}\nendstream`), limits, "Inline"));
    expect(error.message).toContain("has a stream that decodes past 10 MB");
    // A JPEG whose own frame header says 20,000 by 20,000, in an image that says it is 1 by 1.
    const frame = "\xff\xd8\xff\xe0\x00\x04ab\xff\xc2\x00\x0b\x08\x4e\x20\x4e\x20\x01\x01\x11\x00\xff\xd9";
    const lying = contentWithInlineImage("/W 1 /H 1 /CS /G /BPC 8 /F /DCT", frame);
    const lyingError = await serviceErrorOf(assertDecodesWithin(pdfWith(`<< >>\nstream\n${lying}\nendstream`), limits, "Inline"));
    expect(lyingError.message).toContain("has a stream that decodes past 10 MB");
    const small = contentWithInlineImage("/W 8 /H 8 /CS /RGB /BPC 8 /F /Fl", latin1(deflateSync(Buffer.alloc(8 * 8 * 3))));
    await assertDecodesWithin(pdfWith(`<< >>\nstream\n${small}\nendstream`), limits, "Small");
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
