import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "@/tests/support/poppler";
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
      signers: [],
      events: [],
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it("splits an event longer than a page across pages", async () => {
    const event = { created: new Date(), name: "PACKAGE_DECLINE", actor: "signer-1", ipAddress: "", userAgent: "", documentId: "", message: "word ".repeat(3000) };
    const bytes = await buildEvidenceSummaryPdf({
      generated: new Date(),
      package: { id: "p1", name: "Long", status: "DECLINED", owner: "o", created: new Date(), sent: new Date(), completed: null },
      documents: [],
      signers: [],
      events: [event, { ...event, message: "a-very-long-unbroken-token".repeat(40) }],
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(3);
  });
});

describe("the signers section", () => {
  const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const input = {
    generated: new Date("2026-05-03T00:00:00Z"),
    package: { id: "p1", name: "Lease", status: "COMPLETED", owner: "Olive Owner\nolive@example.test", created: new Date(), sent: new Date(), completed: new Date() },
    documents: [{ id: "lease", name: "Lease", originalSha256: "a".repeat(64), sealedSha256: "b".repeat(64) }],
    signers: [
      {
        roleId: "Tenant",
        signer: "Ada Lovelace <ada@example.test>",
        signedForGroupBy: null,
        verification: "One-time code by e-mail (EMAIL_OTP): passed at 2026-05-02T10:01:00.000Z",
        consentAccepted: new Date("2026-05-02T10:00:00Z"),
        completed: new Date("2026-05-02T10:05:00Z"),
        actions: [
          { at: new Date("2026-05-02T10:03:00Z"), document: "Lease", action: "Signed with a typed name: Ada Lovelace", by: "Ada Lovelace <ada@example.test>", ipAddress: "198.51.100.23", userAgent },
        ],
      },
      {
        roleId: "Legal",
        signer: "Group Legal <legal@example.test>",
        signedForGroupBy: "Bob Member <bob@example.test>",
        verification: "No verification attached: identified by their personal signing link.",
        consentAccepted: null,
        completed: null,
        actions: [],
      },
    ],
    events: [{ created: new Date("2026-05-02T10:03:00Z"), name: "DOCUMENT_SIGNED", actor: "Ada Lovelace", ipAddress: "198.51.100.23", userAgent, documentId: "lease", message: "" }],
  };

  it("shows each signer, how they were verified, and each signature with its IP address and browser", async () => {
    const bytes = await buildEvidenceSummaryPdf(input);
    const text = pdfText(bytes).replace(/\s+/g, " ");
    for (const expected of [
      "Signers",
      "Ada Lovelace <ada@example.test>",
      "One-time code by e-mail (EMAIL_OTP): passed at 2026-05-02T10:01:00.000Z",
      "Signed with a typed name: Ada Lovelace",
      "198.51.100.23",
      "Signed for the group by Bob Member <bob@example.test>",
      "No signature or acceptance recorded.",
      "not finished",
    ]) {
      expect(text).toContain(expected);
    }
    // The user agent wraps in its narrow column: every piece of it is there, in order.
    expect(text.replace(/ /g, "")).toContain(userAgent.replace(/ /g, ""));
  });
});
