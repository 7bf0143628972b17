import { describe, expect, it } from "vitest";
import type { approvalSignatures, approvals, fields } from "@/lib/db/schema";
import { signatureShortId } from "@/lib/esign/signing/signature-id";
import { fieldStamps, formatSigningDate, formatSigningMoment, initialsOf, isChosen, type FieldStampSources } from "./field-stamps";

type FieldRow = typeof fields.$inferSelect;
type ApprovalRow = typeof approvals.$inferSelect;
type SignatureRow = typeof approvalSignatures.$inferSelect;

const SIGNED = new Date("2026-11-22T03:30:00Z");

/** The frame of a full signature of approval `approvalId`, signed at SIGNED in the sources' zone (GMT, which en-GB calls UTC). */
const frameOf = (approvalId: string, signedBy = "Ada Lovelace") => ({ signedBy, signedAt: "2026-11-22 03:30 UTC", shortId: signatureShortId("p", "d", approvalId) });

function field(id: string, over: Partial<FieldRow>): FieldRow {
  return {
    packageId: "p",
    documentId: "d",
    approvalId: "a1",
    id,
    position: 0,
    type: "INPUT",
    subtype: "TEXTFIELD",
    name: "",
    page: 0,
    top: 10,
    left: 20,
    width: 100,
    height: 20,
    value: "",
    binding: null,
    validation: null,
    extract: false,
    fontSize: null,
    tooltip: "",
    data: {},
    ...over,
  };
}

function approval(id: string, over: Partial<ApprovalRow> = {}): ApprovalRow {
  return {
    packageId: "p",
    documentId: "d",
    id,
    position: 0,
    roleId: "Signer1",
    name: "",
    optional: false,
    enforceCaptureSignature: false,
    fromFile: false,
    disabled: false,
    tooltip: "",
    accepted: null,
    signed: SIGNED,
    data: {},
    ...over,
  };
}

function signature(approvalId: string, over: Partial<SignatureRow>): SignatureRow {
  return {
    packageId: "p",
    documentId: "d",
    approvalId,
    roleId: "Signer1",
    kind: "FULLNAME",
    text: null,
    font: null,
    imageSha256: null,
    imageUploaded: false,
    signerName: "Ada Lovelace",
    signerEmail: "ada@example.test",
    signedAt: SIGNED,
    ipAddress: null,
    userAgent: null,
    means: "CEREMONY",
    ...over,
  };
}

function sources(over: Partial<FieldStampSources>): FieldStampSources {
  return {
    timezoneId: "GMT",
    fields: [],
    approvals: new Map([["a1", approval("a1")]]),
    signatures: new Map(),
    signers: new Map([["Signer1", { name: "Ada Lovelace", title: "Countess", company: "Analytical Engines Ltd" }]]),
    images: new Map(),
    ...over,
  };
}

describe("isChosen", () => {
  it.each([
    ["X", true],
    ["true", true],
    ["on", true],
    ["yes", true],
    ["", false],
    ["  ", false],
    ["false", false],
    ["FALSE", false],
    ["0", false],
    ["off", false],
    ["no", false],
  ])("%j → %s", (value, chosen) => expect(isChosen(value)).toBe(chosen));
});

describe("formatSigningDate", () => {
  it("gives the day in the package's time zone, UTC for a zone the runtime does not know", () => {
    expect(formatSigningDate(SIGNED, "GMT")).toBe("2026-11-22");
    expect(formatSigningDate(SIGNED, "America/Toronto")).toBe("2026-11-21");
    expect(formatSigningDate(SIGNED, "Not/AZone")).toBe("2026-11-22");
  });
});

describe("initialsOf", () => {
  it("takes each word's first letter", () => expect(initialsOf(" ada  king lovelace ")).toBe("AKL"));
});

describe("fieldStamps", () => {
  it("stamps each signature kind as signed, in its field's box", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
    const stamps = fieldStamps(
      sources({
        approvals: new Map(["a1", "a2", "a3", "a4"].map((id) => [id, approval(id)])),
        fields: [
          field("s1", { approvalId: "a1", type: "SIGNATURE", subtype: "FULLNAME", page: 1, left: 72, top: 600, width: 200, height: 40 }),
          field("s2", { approvalId: "a2", type: "SIGNATURE", subtype: "INITIALS" }),
          field("s3", { approvalId: "a3", type: "SIGNATURE", subtype: "CAPTURE" }),
          field("s4", { approvalId: "a4", type: "SIGNATURE", subtype: "FULLNAME" }),
        ],
        signatures: new Map([
          ["a1", signature("a1", { kind: "FULLNAME" })],
          ["a2", signature("a2", { kind: "INITIALS", text: null })],
          ["a3", signature("a3", { kind: "CAPTURE", imageSha256: "img" })],
          ["a4", signature("a4", { kind: "FULLNAME", text: "A. Lovelace" })],
        ]),
        images: new Map([["img", png]]),
      }),
    );
    expect(stamps).toEqual([
      { page: 1, left: 72, top: 600, width: 200, height: 40, value: { kind: "signatureText", text: "Ada Lovelace", frame: frameOf("a1") } },
      { page: 0, left: 20, top: 10, width: 100, height: 20, value: { kind: "initials", text: "AL" } },
      { page: 0, left: 20, top: 10, width: 100, height: 20, value: { kind: "signatureImage", image: png, frame: frameOf("a3") } },
      { page: 0, left: 20, top: 10, width: 100, height: 20, value: { kind: "signatureText", text: "A. Lovelace", frame: frameOf("a4") } },
    ]);
  });

  it("stamps initials in an initials field that shares its approval with a full signature", () => {
    const stamps = fieldStamps(
      sources({
        approvals: new Map([["a1", approval("a1")]]),
        fields: [
          field("s1", { type: "SIGNATURE", subtype: "FULLNAME", position: 0 }),
          field("i1", { type: "SIGNATURE", subtype: "INITIALS", position: 1 }),
        ],
        signatures: new Map([["a1", signature("a1", { kind: "FULLNAME", text: "Ada King" })]]),
      }),
    );
    expect(stamps.map((stamp) => stamp.value)).toEqual([
      { kind: "signatureText", text: "Ada King", frame: frameOf("a1") },
      { kind: "initials", text: "AK" },
    ]);
  });

  it("stamps input fields by subtype and resolves label bindings", () => {
    const values = fieldStamps(
      sources({
        timezoneId: "America/Toronto",
        fields: [
          field("t", { subtype: "TEXTFIELD", value: "Flat 4" }),
          field("ta", { subtype: "TEXTAREA", value: "Two\nlines" }),
          field("c1", { subtype: "CHECKBOX", value: "X" }),
          field("c2", { subtype: "CHECKBOX", value: "" }),
          field("r1", { subtype: "RADIO", value: "true" }),
          field("r2", { subtype: "RADIO", value: "false" }),
          field("l", { subtype: "LIST", value: "Monthly" }),
          field("d", { subtype: "DATEPICKER", value: "2026-12-01" }),
          field("q", { subtype: "QRCODE", value: "" }),
          field("n", { subtype: "LABEL", binding: "{signer.name}" }),
          field("ti", { subtype: "LABEL", binding: "{signer.title}, {signer.company}" }),
          field("sd", { subtype: "LABEL", binding: "{approval.signed}" }),
          field("x", { subtype: "LABEL", binding: "{signer.shoeSize}" }),
          field("v", { subtype: "LABEL", value: "Static text" }),
        ].map((row, position) => ({ ...row, position })),
      }),
    ).map((stamp) => stamp.value);
    expect(values).toEqual([
      { kind: "text", text: "Flat 4" },
      { kind: "text", text: "Two\nlines" },
      { kind: "checkbox", checked: true },
      { kind: "checkbox", checked: false },
      { kind: "radio", selected: true },
      { kind: "radio", selected: false },
      { kind: "list", text: "Monthly" },
      { kind: "date", text: "2026-12-01" },
      { kind: "text", text: "Ada Lovelace" },
      { kind: "text", text: "Countess, Analytical Engines Ltd" },
      { kind: "text", text: "2026-11-21" },
      { kind: "text", text: "" },
      { kind: "text", text: "Static text" },
    ]);
  });

  it("names the member who signed for a group, and skips approvals nobody signed", () => {
    const stamps = fieldStamps(
      sources({
        approvals: new Map([
          ["a1", approval("a1")],
          ["skipped", approval("skipped", { signed: null, optional: true })],
        ]),
        fields: [
          field("n", { subtype: "LABEL", binding: "{signer.name}" }),
          field("s", { type: "SIGNATURE", subtype: "FULLNAME" }),
          field("other", { approvalId: "skipped", subtype: "TEXTFIELD", value: "left out" }),
        ],
        signatures: new Map([["a1", signature("a1", { signerName: "Bob Member" })]]),
        signers: new Map([["Signer1", { name: "Legal", title: "", company: "" }]]),
      }),
    );
    expect(stamps.map((stamp) => stamp.value)).toEqual([
      { kind: "text", text: "Bob Member" },
      { kind: "signatureText", text: "Bob Member", frame: frameOf("a1", "Bob Member") },
    ]);
  });

  it("says in the frame that a signature was made through the API, and from where", () => {
    const stamps = fieldStamps(
      sources({
        approvals: new Map([["a1", approval("a1")]]),
        fields: [field("s", { type: "SIGNATURE", subtype: "FULLNAME" })],
        signatures: new Map([["a1", signature("a1", { means: "API", ipAddress: "::ffff:192.0.2.7" })]]),
      }),
    );
    expect(stamps.map((stamp) => stamp.value)).toEqual([
      { kind: "signatureText", text: "Ada Lovelace", frame: { ...frameOf("a1"), means: "Signed through the API from 192.0.2.7" } },
    ]);
  });

  it("keeps the signature font the signer typed in, for the signature and for initials", () => {
    const stamps = fieldStamps(
      sources({
        approvals: new Map(["a1", "a2", "a3"].map((id) => [id, approval(id)])),
        fields: [
          field("s1", { approvalId: "a1", type: "SIGNATURE", subtype: "FULLNAME" }),
          field("s2", { approvalId: "a2", type: "SIGNATURE", subtype: "INITIALS" }),
          field("s3", { approvalId: "a3", type: "SIGNATURE", subtype: "FULLNAME" }),
        ],
        signatures: new Map([
          ["a1", signature("a1", { kind: "FULLNAME", font: "kristi" })],
          ["a2", signature("a2", { kind: "INITIALS", font: "breip" })],
          ["a3", signature("a3", { kind: "FULLNAME", font: "no-such-font" })],
        ]),
      }),
    );
    expect(stamps.map((stamp) => stamp.value)).toEqual([
      { kind: "signatureText", text: "Ada Lovelace", font: "Kristi", frame: frameOf("a1") },
      { kind: "initials", text: "AL", font: "Breip" },
      { kind: "signatureText", text: "Ada Lovelace", frame: frameOf("a3") },
    ]);
  });

  it("tells the moment of signing in the package's zone, with the zone", () => {
    expect(formatSigningMoment(SIGNED, "Europe/Paris")).toBe("2026-11-22 04:30 CET");
    expect(formatSigningMoment(SIGNED, "Not/AZone")).toBe("2026-11-22 03:30 UTC");
    expect(signatureShortId("p", "d", "a1")).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(signatureShortId("p", "d", "a1")).not.toBe(signatureShortId("p", "d", "a2"));
  });

  it("refuses to seal without a hand-drawn signature's image", () => {
    expect(() =>
      fieldStamps(
        sources({
          fields: [field("s", { type: "SIGNATURE", subtype: "CAPTURE" })],
          signatures: new Map([["a1", signature("a1", { kind: "CAPTURE", imageSha256: "gone" })]]),
        }),
      ),
    ).toThrow("image gone) is not stored");
  });
});
