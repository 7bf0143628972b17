import { degrees, PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "@/tests/support/pdfs";
import { pdfSig, pdfText, pdfWords } from "@/tests/support/poppler";
import { sealDocument, type SealDocumentInput } from "./seal-document";
import { createSelfSignedPkcs12, readPkcs12, type ServiceCertificate } from "./service-certificate";
import type { FieldStamp } from "./stamp-fields";

let seal: ServiceCertificate;

beforeAll(async () => {
  const p12 = await createSelfSignedPkcs12({ commonName: "Signet document seal (test)", passphrase: "pw", validFrom: new Date() });
  seal = readPkcs12(p12, "pw", { source: "the test certificate", passphraseName: "its passphrase" });
});

/** Three pages: portrait, landscape by /Rotate 90, and portrait with a crop box. */
async function contract(): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(
    await makePdf({ pages: 3, texts: [{ page: 0, text: "Lease agreement", x: 72, y: 740, size: 18 }] }),
  );
  pdf.getPage(1).setRotation(degrees(90));
  pdf.getPage(2).setCropBox(36, 36, 540, 720);
  return pdf.save();
}

const FIELDS: FieldStamp[] = [
  { page: 0, left: 72, top: 600, width: 200, height: 40, value: { kind: "signatureText", text: "Zoë Łukasz" } },
  { page: 0, left: 300, top: 600, width: 120, height: 20, value: { kind: "date", text: "2026-11-22" } },
  { page: 1, left: 500, top: 400, width: 200, height: 24, value: { kind: "text", text: "Landscape annex" } },
  { page: 1, left: 500, top: 440, width: 16, height: 16, value: { kind: "checkbox", checked: true } },
  { page: 2, left: 20, top: 20, width: 100, height: 30, value: { kind: "initials", text: "ZŁ" } },
];

function input(): SealDocumentInput {
  return {
    pdf: new Uint8Array(0),
    fields: FIELDS,
    certificate: seal,
    reason: "Sealed on completion of package Lease 2026",
    location: "sign.example.com",
    signingTime: new Date("2026-11-22T10:00:00Z"),
  };
}

describe("sealDocument", () => {
  it("stamps every field on its page and signs the result, valid for pdfsig", async () => {
    const sealed = await sealDocument({ ...input(), pdf: await contract() });

    const report = pdfSig(sealed);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signature Validation: Signature is Valid.");

    const text = pdfText(sealed);
    for (const value of ["Lease agreement", "Zoë Łukasz", "2026-11-22", "Landscape annex", "ZŁ"]) expect(text).toContain(value);
    const words = pdfWords(sealed);
    const pageOf = (word: string) => words.find((candidate) => candidate.text === word)?.page;
    expect(pageOf("Zoë")).toBe(0);
    expect(pageOf("Landscape")).toBe(1);
    expect(pageOf("ZŁ")).toBe(2);
    const annex = words.find((word) => word.text === "Landscape")!;
    expect(annex.xMin).toBeCloseTo(502, 0);
  });

  it("gives an equivalent, valid document when run again on the same input", async () => {
    const pdf = await contract();
    const first = await sealDocument({ ...input(), pdf });
    const second = await sealDocument({ ...input(), pdf });

    for (const sealed of [first, second]) expect(pdfSig(sealed)).toContain("Signature is Valid.");
    expect(pdfWords(second)).toEqual(pdfWords(first));
    expect(second.length).toBe(first.length);
  });
});
