import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfText, pdfWords } from "@/tests/support/poppler";
import { layOutCertificate, type CertificateInput } from "./evidence-summary-pdf";
import { toWinAnsi } from "./page-writer";

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

const emptyPackage = { id: "p1", name: "Empty", status: "Draft: not sent yet (DRAFT)", owner: "Olive Owner <olive@example.test>", created: new Date(), sent: null, completed: null };

describe("layOutCertificate", () => {
  it("lays out one page for a package without documents or events", async () => {
    const { pdf, signatureStamps } = await layOutCertificate({ generated: new Date(), timeZone: "UTC", package: emptyPackage, documents: [], signers: [], events: [] });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    expect(signatureStamps).toEqual([]);
  });

  it("splits an event longer than a page across pages", async () => {
    const event = { at: new Date(), what: `Declined: ${"word ".repeat(3000)}`, by: "Ada Lovelace <ada@example.test>", ipAddress: "", userAgent: "" };
    const { pdf } = await layOutCertificate({
      generated: new Date(),
      timeZone: "UTC",
      package: { ...emptyPackage, name: "Long" },
      documents: [],
      signers: [],
      events: [event, { ...event, what: "a-very-long-unbroken-token".repeat(40) }],
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(3);
  });
});

describe("the signers section", () => {
  const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
  const input: CertificateInput = {
    generated: new Date("2026-05-03T00:00:00Z"),
    timeZone: "Europe/Paris",
    package: { id: "p1", name: "Lease", status: "Completed (COMPLETED)", owner: "Olive Owner <olive@example.test>", created: new Date(), sent: new Date(), completed: new Date() },
    documents: [{ id: "lease", name: "Lease", originalSha256: "a".repeat(64), sealedSha256: "b".repeat(64) }],
    signers: [
      {
        roleId: "Tenant",
        signer: "Ada Lovelace <ada@example.test>",
        signedForGroupBy: null,
        verification: { method: "One-time code by e-mail (EMAIL_OTP)", passed: new Date("2026-05-02T10:01:00Z") },
        authentication: { method: "Security questions (Q&A, 2 questions)", passed: new Date("2026-05-02T10:00:30Z") },
        consentAccepted: new Date("2026-05-02T10:00:00Z"),
        completed: new Date("2026-05-02T10:05:00Z"),
        signature: { kind: "signatureText", text: "Ada Lovelace" },
        actions: [
          { at: new Date("2026-05-02T10:03:00Z"), document: "Lease", action: "Signed with a typed name: Ada Lovelace", by: "Ada Lovelace <ada@example.test>", ipAddress: "198.51.100.23", userAgent },
        ],
      },
      {
        roleId: "Legal",
        signer: "Group Legal <legal@example.test>",
        signedForGroupBy: "Bob Member <bob@example.test>",
        verification: null,
        consentAccepted: null,
        completed: null,
        signature: null,
        actions: [],
      },
    ],
    events: [{ at: new Date("2026-05-02T10:03:00Z"), what: "Signed “Lease”", by: "Ada Lovelace <ada@example.test>", ipAddress: "198.51.100.23", userAgent }],
  };

  it("shows each signer, how they were verified, and each signature with its IP address and browser, in the package's zone", async () => {
    const { pdf } = await layOutCertificate(input);
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const expected of [
      "Certificate of Completion",
      "Signers",
      "Ada Lovelace <ada@example.test>",
      "One-time code by e-mail (EMAIL_OTP): passed 2 May 2026, 12:01:00 CEST (UTC+02:00)",
      "Security questions (Q&A, 2 questions): passed 2 May 2026, 12:00:30 CEST (UTC+02:00)",
      "Personal signing link (e-mail) only",
      "Signed with a typed name: Ada Lovelace",
      "2 May 2026, 12:03:00 CEST (UTC+02:00)",
      "198.51.100.23",
      "Signed for the group by Bob Member <bob@example.test>",
      "No verification attached",
      "No signature or acceptance recorded.",
      "not finished",
      "Signed “Lease”",
      "Times in Europe/Paris",
    ]) {
      expect(text).toContain(expected);
    }
    // The user agent wraps in its narrow column: every piece of it is there, in order.
    expect(text.replace(/ /g, "")).toContain(userAgent.replace(/ /g, ""));
  });

  it("frames a signature for the signer who signed, beside their details, for the seal to draw", async () => {
    const { pdf, signatureStamps } = await layOutCertificate(input);
    expect(signatureStamps).toHaveLength(1);
    const [stamp] = signatureStamps;
    expect(stamp.value).toEqual({ kind: "signatureText", text: "Ada Lovelace" });
    const page = (await PDFDocument.load(pdf)).getPage(stamp.page);
    // Inside the page's margins, to the right of the details.
    expect(stamp.left).toBeGreaterThan(page.getWidth() / 2);
    expect(stamp.left + stamp.width).toBeLessThanOrEqual(page.getWidth() - 40);
    expect(stamp.top).toBeGreaterThan(40);
    expect(stamp.top + stamp.height).toBeLessThan(page.getHeight() - 60);
    // The signer's name heads the block just above the frame.
    const words = pdfWords(pdf).filter((word) => word.page === stamp.page && word.text === "<ada@example.test>");
    expect(words.some((word) => word.yMax <= stamp.top && stamp.top - word.yMax < 20)).toBe(true);
  });
});
