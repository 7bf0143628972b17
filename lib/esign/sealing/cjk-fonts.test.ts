import { beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "@/tests/support/pdfs";
import { darkShare, pdfFonts, pdfText, renderPageGray } from "@/tests/support/poppler";
import { layOutCertificate, type CertificateInput } from "@/lib/esign/evidence/evidence-summary-pdf";
import { cjkFaceOf } from "./cjk-fonts";
import { sealDocument } from "./seal-document";
import { createSelfSignedPkcs12, readPkcs12, type ServiceCertificate } from "./service-certificate";
import { stampFields, type FieldStamp } from "./stamp-fields";

type Rect = { left: number; top: number; width: number; height: number };

/** pdffonts' line of an embedded subset ("ABCDEF+NotoSansJP-Regular  CID TrueType  Identity-H  yes yes …"). */
function embeddedSubset(postscriptName: string): RegExp {
  return new RegExp(`^[A-Z]{6}\\+${postscriptName}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes`, "m");
}

/** Share of dark pixels in the rect, rendered by pdftoppm at 144 dpi. */
function inkIn(pdf: Uint8Array, page: number, rect: Rect): number {
  return darkShare(renderPageGray(pdf, page, 144), rect);
}

/** pdftotext's text without its line breaks and spacing (a name may be cut into runs or lines). */
function compact(text: string): string {
  return text.replace(/\s+/g, "");
}

describe("the CJK face of a text", () => {
  it.each([
    ["山田たろう", null, "japanese"],
    ["김민준", "zh-CN", "korean"],
    ["山田太郎", "ja", "japanese"],
    ["山田太郎", "JA-jp", "japanese"],
    ["金敏俊", "ko", "korean"],
    ["陳大文", "zh-TW", "chinese-traditional"],
    ["陳大文", "zh_hk", "chinese-traditional"],
    ["王小明", "zh-CN", "chinese-simplified"],
    ["王小明", "en", "chinese-simplified"],
    ["王小明", undefined, "chinese-simplified"],
  ] as const)("of %j in %j is %s", (text, language, face) => {
    expect(cjkFaceOf(text, language)).toBe(face);
  });
});

describe("stamping Chinese, Japanese and Korean names", () => {
  const frame = (signedBy: string) => ({ signedBy, signedAt: "2026-11-22 14:05 GMT+9", shortId: "SIG-7Q4K" });
  const fields: FieldStamp[] = [
    // A typed signature in a Latin signature font: the font has none of these letters.
    { page: 0, left: 72, top: 80, width: 240, height: 70, value: { kind: "signatureText", text: "山田太郎", font: "Dancing Script", frame: frame("山田太郎") }, language: "ja" },
    { page: 0, left: 330, top: 80, width: 200, height: 24, value: { kind: "text", text: "山田太郎" }, language: "ja" },
    { page: 0, left: 72, top: 180, width: 240, height: 70, value: { kind: "signatureText", text: "王小明", frame: frame("王小明") }, language: "zh-CN" },
    { page: 0, left: 330, top: 180, width: 200, height: 24, value: { kind: "text", text: "王小明" }, language: "zh-CN" },
    { page: 0, left: 72, top: 280, width: 240, height: 70, value: { kind: "signatureText", text: "김민준", font: "Caveat", frame: frame("김민준") } },
    { page: 0, left: 330, top: 280, width: 80, height: 40, value: { kind: "initials", text: "김민", font: "Caveat" } },
    // Mixed: the Latin letters in the signature font, the kanji in the Japanese face.
    { page: 0, left: 72, top: 380, width: 300, height: 60, value: { kind: "signatureText", text: "Ada 山田", font: "Dancing Script" }, language: "ja" },
  ];
  let stamped: Uint8Array;

  beforeAll(async () => {
    stamped = await stampFields(await makePdf(), fields);
  });

  it("embeds a subset of each face the names need, picked by their script or language", () => {
    const fonts = pdfFonts(stamped);
    expect(fonts).toMatch(embeddedSubset("NotoSansJP-Regular"));
    expect(fonts).toMatch(embeddedSubset("NotoSansSC-Regular"));
    expect(fonts).toMatch(embeddedSubset("NotoSansKR-Regular"));
    expect(fonts).not.toMatch(/NotoSansTC/);
    // The signature font still draws the Latin part of the mixed name.
    expect(fonts).toMatch(/DancingScript-Regular/);
  });

  it("gives each name back as text, letters and frame labels alike", () => {
    const text = compact(pdfText(stamped));
    for (const name of ["山田太郎", "王小明", "김민준", "김민", "Ada山田", "Signedby山田太郎", "Signedby王小明", "Signedby김민준"]) expect(text).toContain(name);
  });

  it("draws every name where its field is", () => {
    for (const field of fields) expect(inkIn(stamped, 0, field), JSON.stringify(field.value)).toBeGreaterThan(0.02);
  });

  it("loads no CJK face for a document without CJK text", async () => {
    const latin = await stampFields(await makePdf(), [{ page: 0, left: 72, top: 80, width: 240, height: 60, value: { kind: "signatureText", text: "Zoë Ångström", font: "Dancing Script", frame: frame("Zoë Ångström") } }]);
    expect(pdfFonts(latin)).not.toMatch(/NotoSans/);
  });
});

describe("the notary's stamp and the certificate of completion", () => {
  let seal: ServiceCertificate;

  beforeAll(async () => {
    const p12 = await createSelfSignedPkcs12({ commonName: "Signet document seal (test)", passphrase: "pw", validFrom: new Date() });
    seal = readPkcs12(p12, "pw", { source: "the test certificate", passphraseName: "its passphrase" });
  });

  it("writes a Japanese notary's name in the stamp", async () => {
    const sealed = await sealDocument({
      pdf: await makePdf(),
      fields: [],
      notarySeal: ["ELECTRONIC NOTARY SEAL", "Notary: 佐藤花子", "Commission No. 4242", "Jurisdiction: 東京都, JP"],
      language: "ja",
      certificate: seal,
      reason: "test",
      signingTime: new Date("2026-11-22T10:00:00Z"),
    });
    expect(compact(pdfText(sealed))).toContain("Notary:佐藤花子");
    expect(compact(pdfText(sealed))).toContain("Jurisdiction:東京都,JP");
    expect(pdfFonts(sealed)).toMatch(embeddedSubset("NotoSansJP-Regular"));
  });

  it("writes the signers' names, the package's and the documents' in the certificate, and draws the signatures", async () => {
    const signer = (name: string, email: string, text: string, language?: string): CertificateInput["signers"][number] => ({
      roleId: email.split("@")[0]!,
      language,
      signer: `${name} <${email}>`,
      signedForGroupBy: null,
      verification: null,
      consentAccepted: new Date("2026-11-22T05:00:00Z"),
      completed: new Date("2026-11-22T05:01:00Z"),
      signature: { kind: "signatureText", text, font: "Kanit" },
      actions: [{ at: new Date("2026-11-22T05:01:00Z"), document: "賃貸契約書", action: `Signed with a typed name (in the Kanit font): ${text}`, by: `${name} <${email}>`, ipAddress: "192.0.2.1", userAgent: "Firefox" }],
    });
    const input: CertificateInput = {
      generated: new Date("2026-11-22T06:00:00Z"),
      timeZone: "Asia/Tokyo",
      language: "ja",
      package: { id: "p1", name: "賃貸契約", status: "Completed (COMPLETED)", owner: "Olive Owner <olive@example.test>", created: new Date(), sent: new Date(), completed: new Date() },
      documents: [{ id: "lease", name: "賃貸契約書", originalSha256: "a".repeat(64), sealedSha256: "b".repeat(64) }],
      signers: [signer("山田太郎", "taro@example.test", "山田太郎"), signer("김민준", "minjun@example.test", "김민준", "ko"), signer("陳大文", "chan@example.test", "陳大文", "zh-TW")],
      events: [{ at: new Date("2026-11-22T05:01:00Z"), what: "Signed 賃貸契約書", by: "山田太郎 <taro@example.test>", ipAddress: "192.0.2.1", userAgent: "Firefox" }],
    };
    const { pdf, signatureStamps } = await layOutCertificate(input);
    const sealed = await sealDocument({ pdf, fields: signatureStamps, language: input.language, certificate: seal, reason: "test", signingTime: input.generated });

    const text = compact(pdfText(sealed));
    for (const words of ["CertificateofCompletion:賃貸契約", "賃貸契約書", "山田太郎<taro@example.test>", "김민준<minjun@example.test>", "陳大文<chan@example.test>", "Signed賃貸契約書"]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("?");
    const fonts = pdfFonts(sealed);
    expect(fonts).toMatch(embeddedSubset("NotoSansJP-Regular"));
    expect(fonts).toMatch(embeddedSubset("NotoSansKR-Regular"));
    // 陳大文's own language picks the traditional face for the signature they typed.
    expect(fonts).toMatch(embeddedSubset("NotoSansTC-Regular"));
    for (const stamp of signatureStamps) expect(inkIn(sealed, stamp.page, stamp)).toBeGreaterThan(0.02);
  });
});
