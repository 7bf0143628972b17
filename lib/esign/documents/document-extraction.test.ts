import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { approvalInput, documentInput, type ApprovalInput, type FieldInput } from "@/lib/api/packages";
import { boxToPoints, pointsToWire } from "@/lib/api/wire-units";
import { formWidgetsOf } from "@/lib/esign/pdf/form-widgets";
import { closePdfPool } from "@/lib/esign/pdf/pdf-pool";
import { makeNamedFormPdf, makePdf } from "@/tests/support/pdfs";
import { serviceErrorOf } from "@/tests/support/service-error";
import { extractNamedFormFields } from "./form-field-extraction";
import { placeFieldsFromDocument } from "./place-fields-from-document";
import { prepareDocuments } from "./prepare-documents";

// prepareDocuments reads PDFs on the worker pool.
afterAll(closePdfPool);

/**
 * Positions read from the PDF, as the original service's SDK examples ask for them:
 * DocumentExtractionExample (form fields named by the convention), FieldPositionExtractionExample
 * and AdaPackageExample (a field takes the box of the form field of its name),
 * TextAnchorExtractionExample (text anchors) and TextTagsExample (which extraction type reads what).
 */

const roles = [
  { id: "signer1", name: "signer1" },
  { id: "role2", name: "signer2" },
];


const box = (field: FieldInput) => boxToPoints({ left: field.left!, top: field.top!, width: field.width!, height: field.height! });
function expectBox(field: FieldInput, expected: { left: number; top: number; width: number; height: number }) {
  const actual = box(field);
  for (const key of ["left", "top", "width", "height"] as const) {
    expect(Math.abs(actual[key] - expected[key]), `${key}: ${actual[key]} against ${expected[key]}`).toBeLessThan(0.01);
  }
}

describe("document extraction: form fields named [Role.Style#] and [Role.Style#.Type#.Binding]", () => {
  it("makes a signature per named signature form field, with its fields, where the form fields are", async () => {
    const pdf = await makeNamedFormPdf(
      [
        { name: "[Signer2.capture2]", page: 0, x: 70, y: 600, width: 150, height: 22 },
        { name: "[Signer2.capture2.label1.name]", page: 0, x: 230, y: 600, width: 150, height: 22 },
        { name: "[Signer2.capture2.label2.{signer.title}]", page: 0, x: 400, y: 600, width: 150, height: 22 },
        { name: "[Signer2.capture2.checkbox2]", page: 0, x: 70, y: 550, width: 20, height: 20 },
        { name: "[SIGNER1.Initials1]", page: 1, x: 70, y: 700, width: 100, height: 30 },
        { name: "[signer1.fullname3.TextField1]", page: 1, x: 200, y: 700, width: 100, height: 30 },
        { name: "[Signer1.Fullname3]", page: 1, x: 300, y: 700, width: 100, height: 30 },
        { name: "[Signer1.Capture4.label1.Date]", page: 1, x: 300, y: 100, width: 100, height: 20 },
        { name: "GNWED_OWN_SIGX", page: 0, x: 70, y: 300, width: 200, height: 60, kind: "Sig" },
        { name: "[Signer1.Stamp1]", page: 0, x: 70, y: 200, width: 100, height: 20 },
      ],
      { pages: 2 },
    );
    const approvals = extractNamedFormFields(await formWidgetsOf(pdf), roles);
    const summary = approvals.map((approval) => ({
      role: approval.role,
      fields: approval.fields.map((field) => [field.type, field.subtype, field.binding ?? null, field.page]),
    }));
    expect(summary).toEqual([
      {
        role: "role2",
        fields: [
          ["SIGNATURE", "CAPTURE", null, 0],
          ["INPUT", "LABEL", "{signer.name}", 0],
          ["INPUT", "LABEL", "{signer.title}", 0],
          ["INPUT", "CHECKBOX", null, 0],
        ],
      },
      { role: "signer1", fields: [["SIGNATURE", "INITIALS", null, 1]] },
      // The signature comes first even where its form field comes after one of its fields.
      { role: "signer1", fields: [["SIGNATURE", "FULLNAME", null, 1], ["INPUT", "TEXTFIELD", null, 1]] },
      // A field whose signature the form lacks: an acceptance holding it.
      { role: "signer1", fields: [["INPUT", "LABEL", "{approval.signed}", 1]] },
    ]);
    // 792 - 600 - 22 = 170 points from the top: the form field's box, in the wire's unit.
    expectBox(approvals[0].fields[0], { left: 70, top: 170, width: 150, height: 22 });
    expect(approvals[0].fields[0].name).toBe("[Signer2.capture2]");
  });

  it("names a new role for a role the package lacks, and Owner for the sender, as text tags do", async () => {
    const pdf = await makeNamedFormPdf([
      { name: "[Witness.Fullname1]", page: 0, x: 70, y: 600, width: 150, height: 22 },
      { name: "[Owner.Capture1]", page: 0, x: 70, y: 500, width: 150, height: 22 },
    ]);
    const approvals = extractNamedFormFields(await formWidgetsOf(pdf), [...roles, { id: "Owner", name: "Owner" }]);
    expect(approvals.map((approval) => approval.role)).toEqual(["Witness", "Owner"]);
  });
});

describe("fields placed by the document: extract (a form field's box) and extractAnchor (text)", () => {
  const approvals = (fields: unknown[]): ApprovalInput[] => [approvalInput.parse({ role: "signer1", fields })];

  it("takes the box of the form field named like the field (FieldPositionExtractionExample, AdaPackageExample)", async () => {
    const pdf = await makeNamedFormPdf([
      { name: "AGENT_SIG_1", page: 1, x: 360, y: 600, width: 168, height: 48, kind: "Sig" },
      { name: "APR", page: 0, x: 40, y: 473, width: 146, height: 14 },
    ], { pages: 2 });
    const [approval] = await placeFieldsFromDocument(
      approvals([
        { type: "SIGNATURE", subtype: "FULLNAME", name: "AGENT_SIG_1", extract: true, page: 0 },
        { type: "INPUT", subtype: "TEXTFIELD", name: "APR", extract: true },
        { type: "INPUT", subtype: "TEXTFIELD", name: "placed", page: 0, left: 10, top: 10, width: 100, height: 20 },
      ]),
      pdf,
      "Contract",
      () => formWidgetsOf(pdf),
    );
    expect(approval.fields[0].page).toBe(1);
    expectBox(approval.fields[0], { left: 360, top: 792 - 600 - 48, width: 168, height: 48 });
    expectBox(approval.fields[1], { left: 40, top: 792 - 473 - 14, width: 146, height: 14 });
    expect(approval.fields[2]).toMatchObject({ left: 10, top: 10, width: 100, height: 20 });
  });

  it("refuses a field to extract that the form does not have, or that has no name", async () => {
    const pdf = await makePdf();
    const missing = await serviceErrorOf(
      placeFieldsFromDocument(approvals([{ name: "Nowhere", extract: true }]), pdf, "Contract", () => formWidgetsOf(pdf)),
    );
    expect([missing.status, missing.messageKey]).toEqual([400, "error.validation.formFieldNotFound"]);
    expect(missing.message).toContain('no form field named "Nowhere"');
    const unnamed = await serviceErrorOf(placeFieldsFromDocument(approvals([{ extract: true }]), pdf, "Contract", () => formWidgetsOf(pdf)));
    expect(unnamed.messageKey).toBe("error.validation.extractWithoutName");
  });

  it("puts the field's top-left corner at the anchor point of the anchor's character, moved by the offsets", async () => {
    // Courier: every character is 0.6 of the font size wide, so positions are easy to predict.
    const pdf = await makePdf({
      pages: 2,
      texts: [
        { page: 0, text: "Receiving Party", x: 100, y: 700, size: 10, font: StandardFonts.Courier },
        { page: 1, text: "and Receiving again", x: 50, y: 500, size: 10, font: StandardFonts.Courier },
      ],
    });
    const anchor = (extractAnchor: Record<string, unknown>) => ({ type: "SIGNATURE", subtype: "FULLNAME", extractAnchor: { text: "Receiving", width: 130, height: 26, ...extractAnchor } });
    const [approval] = await placeFieldsFromDocument(
      approvals([
        anchor({ anchorPoint: "TOPLEFT", characterIndex: 0, index: 0 }),
        anchor({ anchorPoint: "BOTTOMRIGHT", characterIndex: 8, index: 0 }),
        anchor({ anchorPoint: "TOPLEFT", characterIndex: 0, index: 1, leftOffset: 13, topOffset: 26 }),
      ]),
      pdf,
      "NDA",
      () => formWidgetsOf(pdf),
    );
    const [first, last, second] = approval.fields;
    // Courier's ascent is 0.629 and descent -0.157 of the size (Adobe's metrics): the text box runs from 700 + 6.29 down to 700 - 1.57.
    expect(first.page).toBe(0);
    expect(box(first).left).toBeCloseTo(100, 1);
    expect(box(first).top).toBeCloseTo(792 - 706.29, 0);
    expect(first).toMatchObject({ width: 130, height: 26 });
    expect(box(last).left).toBeCloseTo(100 + 9 * 6, 1);
    expect(box(last).top).toBeCloseTo(792 - 698.43, 0);
    expect(second.page).toBe(1);
    expect(box(second).left).toBeCloseTo(50 + 4 * 6 + 10, 1);
    expect(box(second).top).toBeCloseTo(792 - 506.29 + 20, 0);
  });

  it("anchors on the space a reader puts between two pieces of text drawn apart: the gap from one to the other", async () => {
    // Courier at 10 points: "Sign" ends at 100 + 4 × 6; "here" starts at 150; no space is drawn between them.
    const pdf = await makePdf({
      texts: [
        { page: 0, text: "Sign", x: 100, y: 700, size: 10, font: StandardFonts.Courier },
        { page: 0, text: "here", x: 150, y: 700, size: 10, font: StandardFonts.Courier },
      ],
    });
    const anchor = (anchorPoint: string) => ({ type: "SIGNATURE", subtype: "FULLNAME", extractAnchor: { text: "Sign here", characterIndex: 4, anchorPoint, width: 130, height: 26 } });
    const [approval] = await placeFieldsFromDocument(approvals([anchor("TOPLEFT"), anchor("BOTTOMRIGHT")]), pdf, "Gap", () => formWidgetsOf(pdf));
    const [topLeft, bottomRight] = approval.fields.map(box);
    expect(topLeft.left).toBeCloseTo(124, 1);
    expect(topLeft.top).toBeCloseTo(792 - 706.29, 1);
    expect(bottomRight.left).toBeCloseTo(150, 1);
    expect(bottomRight.top).toBeCloseTo(792 - 698.43, 1);
  });

  it("leaves out a field whose anchor the text lacks, or lacks that often, and an approval left with none of its fields", async () => {
    const pdf = await makePdf({ texts: [{ page: 0, text: "Definition of terms", x: 100, y: 700 }] });
    const anchored = (text: string, index = 0) => ({ type: "INPUT", subtype: "TEXTFIELD", extractAnchor: { text, index, width: 100, height: 20 } });
    const placed = await placeFieldsFromDocument(
      [
        approvalInput.parse({ role: "signer1", fields: [anchored("Definition"), anchored("Definition", 1), anchored("Nondisclosure")] }),
        approvalInput.parse({ role: "signer1", fields: [anchored("Lease")] }),
        approvalInput.parse({ role: "signer1", fields: [] }),
      ],
      pdf,
      "NDA",
      () => formWidgetsOf(pdf),
    );
    expect(placed.map((approval) => approval.fields.map((field) => field.extractAnchor?.text))).toEqual([["Definition"], []]);
  });

  it("refuses a character past the anchor's end, and an anchor without a size", async () => {
    const pdf = await makePdf({ texts: [{ page: 0, text: "Definition of terms", x: 100, y: 700 }] });
    const errorFor = (extractAnchor: Record<string, unknown>) =>
      serviceErrorOf(placeFieldsFromDocument(approvals([{ extractAnchor }]), pdf, "NDA", () => formWidgetsOf(pdf)));
    expect((await errorFor({ text: "terms", characterIndex: 5, width: 100, height: 20 })).messageKey).toBe("error.validation.textAnchorCharacter");
    const sizeless = await errorFor({ text: "terms" });
    expect([sizeless.status, sizeless.messageKey]).toEqual([400, "error.validation.textAnchorSize"]);
  });
});

describe("what extract: true reads (TextTagsExample)", () => {
  it("reads the named form fields when extractionTypes is empty or lists ACROFIELDS, the text tags when it lists TEXT_TAGS", async () => {
    const pdf = await makeNamedFormPdf([{ name: "[signer1.Fullname1]", page: 0, x: 100, y: 500, width: 144, height: 36 }], {
      texts: [{ page: 0, text: "{{esl:signer1:signature}}", x: 100, y: 700 }],
    });
    const counts: number[] = [];
    for (const extractionTypes of [[], ["TEXT_TAGS"], ["TEXT_TAGS", "ACROFIELDS"], ["ACROFIELDS"]]) {
      const input = documentInput.parse({ name: "Doc", extract: true, extractionTypes });
      const [prepared] = await prepareDocuments("test-account", [input], [{ fileName: "doc.pdf", bytes: pdf }], roles);
      counts.push(prepared.approvals.length);
    }
    expect(counts).toEqual([1, 1, 2, 1]);
    const [untouched] = await prepareDocuments("test-account", [documentInput.parse({ name: "Doc" })], [{ fileName: "doc.pdf", bytes: pdf }], roles);
    expect(untouched.approvals).toEqual([]);
  });

  it("answers positions in the wire's unit", async () => {
    const pdf = await makeNamedFormPdf([{ name: "[signer1.Fullname1]", page: 0, x: 100, y: 500, width: 144, height: 36 }]);
    const [prepared] = await prepareDocuments("test-account", [documentInput.parse({ name: "Doc", extract: true })], [{ fileName: "doc.pdf", bytes: pdf }], roles);
    expect(prepared.approvals[0].fields[0]).toMatchObject({ left: pointsToWire(100), width: pointsToWire(144), height: pointsToWire(36) });
  });
});

describe("tagged: a Tagged PDF (AdaPackageExample)", () => {
  it("is true for a PDF whose /MarkInfo says /Marked true, and false otherwise", async () => {
    const plain = await makePdf();
    const marked = await PDFDocument.load(plain);
    marked.catalog.set(PDFName.of("MarkInfo"), marked.context.obj({ Marked: true }));
    const taggedPdf = Buffer.from(await marked.save());
    const prepare = async (bytes: Buffer) => (await prepareDocuments("test-account", [documentInput.parse({ name: "Doc" })], [{ fileName: "doc.pdf", bytes }], roles))[0].tagged;
    expect([await prepare(taggedPdf), await prepare(plain)]).toEqual([true, false]);
  });
});
