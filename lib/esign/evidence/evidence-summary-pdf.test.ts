import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildEvidenceSummaryPdf, toWinAnsi } from "./evidence-summary-pdf";

let winAnsi: Set<number>;

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  winAnsi = new Set((await pdf.embedFont(StandardFonts.Helvetica)).getCharacterSet());
});

describe("toWinAnsi", () => {
  it.each([
    ["Zoë Müller – “quoted” €5", "Zoë Müller – “quoted” €5"],
    ["Zoë 漢字 😀", "Zoë ?? ?"],
    ["Łódź and Dvořák and ő", "?ódz and Dvorák and o"],
    ["ﬁne ＡＢＣ", "fine ABC"],
    ["👩‍💻 e\u0301", "?? é"],
    ["tab\there\r\nnext\u0007line", "tab here\nnext line"],
  ])("turns %j into %j", (input, expected) => {
    expect(toWinAnsi(input, winAnsi)).toBe(expected);
  });
});

describe("buildEvidenceSummaryPdf", () => {
  it("builds one page for a package without documents or events", async () => {
    const bytes = await buildEvidenceSummaryPdf({
      generated: new Date("2026-05-03T00:00:00Z"),
      package: { id: "p1", name: "Empty", status: "DRAFT", owner: "Olive Owner\nolive@example.test", created: new Date(), sent: null, completed: null },
      documents: [],
      events: [],
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it("splits an event longer than a page across pages", async () => {
    const event = { created: new Date(), name: "PACKAGE_DECLINE", actor: "signer-1", ipAddress: "", documentId: "", message: "word ".repeat(3000) };
    const bytes = await buildEvidenceSummaryPdf({
      generated: new Date(),
      package: { id: "p1", name: "Long", status: "DECLINED", owner: "o", created: new Date(), sent: new Date(), completed: null },
      documents: [],
      events: [event, { ...event, message: "a-very-long-unbroken-token".repeat(40) }],
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(3);
  });
});
