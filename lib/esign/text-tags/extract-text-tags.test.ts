import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { FieldInput, PlacedFieldInput } from "@/lib/api/packages";
import { boxToPoints, pointsToWire } from "@/lib/api/wire-units";
import {
  topLeftPointToUserSpace,
  userSpaceRectToTopLeft,
  type PageGeometry,
  type PageRotation,
  type TopLeftRect,
} from "@/lib/esign/pdf/coordinates";
import { contentPdf, makePdf, type PdfText } from "@/tests/support/pdfs";
import { serviceErrorOf } from "@/tests/support/service-error";
import type { NamedRole } from "@/lib/esign/documents/named-roles";
import { extractTextTags, textTagsOf } from "./extract-text-tags";

type FontName = NonNullable<PdfText["font"]>;

const roles: NamedRole[] = [
  { id: "client", name: "Client" },
  { id: "agent", name: "Agent" },
  { id: "witness", name: "Witness" },
];

const fonts = new Map<FontName, PDFFont>();
async function font(name: FontName): Promise<PDFFont> {
  if (!fonts.has(name)) fonts.set(name, (await PDFDocument.create()).embedStandardFont(name));
  return fonts.get(name)!;
}

/**
 * Where a tag drawn with makePdf should be found, computed from pdf-lib's own font metrics: from
 * the end of `prefix` to the end of the tag along the baseline, from descent to ascent across it.
 */
async function expectedBox(text: PdfText, prefix: string, tag: string, geometry: PageGeometry): Promise<TopLeftRect> {
  const metrics = await font(text.font ?? StandardFonts.Helvetica);
  const size = text.size ?? 12;
  const ascent = metrics.heightAtSize(size, { descender: false });
  const descent = ascent - metrics.heightAtSize(size);
  const startDistance = textWidth(metrics, prefix, size);
  const endDistance = startDistance + textWidth(metrics, tag, size);
  const angle = ((text.rotate ?? 0) * Math.PI) / 180;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const up = { x: -Math.sin(angle), y: Math.cos(angle) };
  const corners = [startDistance, endDistance].flatMap((distance) =>
    [ascent, descent].map((height) => ({
      x: text.x + along.x * distance + up.x * height,
      y: text.y + along.y * distance + up.y * height,
    })),
  );
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const userRect = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  return userSpaceRectToTopLeft(userRect, geometry);
}

/** Glyph by glyph: pdf-lib's widthOfTextAtSize applies kerning pairs that its drawText does not. */
function textWidth(metrics: PDFFont, text: string, size: number): number {
  return [...text].reduce((sum, char) => sum + metrics.widthOfTextAtSize(char, size), 0);
}

function expectNear(actual: TopLeftRect, expected: TopLeftRect, tolerance = 1) {
  for (const key of ["left", "top", "width", "height"] as const) {
    expect(Math.abs(actual[key] - expected[key]), `${key}: ${actual[key]} against ${expected[key]}`).toBeLessThanOrEqual(tolerance);
  }
}

const rectOf = (field: PlacedFieldInput): TopLeftRect => ({ left: field.left, top: field.top, width: field.width, height: field.height });
/** The fields found, their boxes turned from the wire's unit back into points (the geometry these tests check). */
const allFields = (approvals: Awaited<ReturnType<typeof extractTextTags>>) => approvals.flatMap((approval) => approval.fields.map(boxToPoints));
/** Where the tags of a PDF are written, in points. */
const tagBoxes = async (bytes: Uint8Array) => (await textTagsOf(bytes, "Contract")).map((found) => found.box);
const unrotatedLetter: PageGeometry = { cropBox: { x: 0, y: 0, width: 612, height: 792 }, rotation: 0 };


describe("extractTextTags: what each tag becomes", () => {
  it("maps every type, flag and parameter to fields, grouped into approvals by role", async () => {
    const lines = [
      "Client signs: {{esl:client:signature}}",
      "Name: {{esl_clientName:Client:signername}} Title: {{esl:client:signertitle}}",
      "Company: {{esl:client:signercompany}} Date: {{esl:client:signingdate}}",
      '{{*esl_Amount:client:textfield:maxlen(12),value("100")}}',
      "{{esl_Notes:client:textarea}} {{*esl_Agree:client:checkbox}}",
      '{{esl:agent:radio:group("colour"),value("red")}} {{esl:agent:list:options("A","B")}}',
      '{{esl:agent:label:value("Fixed text")}}',
      "Agent initials: {{esl:agent:initials}} and draws: {{esl:AGENT:capture}}",
      "Client signs again: {{esl:client:signature}}",
      "{{esl:witness:textfield}}",
    ];
    const bytes = await makePdf({ texts: lines.map((text, index) => ({ page: 0, text, x: 40, y: 740 - index * 30, size: 10 })) });

    const approvals = await extractTextTags(bytes, roles, "Contract");

    const fieldSummary = (field: FieldInput) => {
      const { page, left, top, width, height, ...rest } = field;
      for (const value of [left, top, width, height]) expect(value).toBeGreaterThan(0);
      expect(page).toBe(0);
      return rest;
    };
    expect(approvals.map((approval) => ({ ...approval, fields: approval.fields.map(fieldSummary) }))).toEqual([
      {
        role: "client",
        fields: [
          { type: "SIGNATURE", subtype: "FULLNAME", extract: false },
          { type: "INPUT", subtype: "LABEL", name: "clientName", binding: "{signer.name}", extract: false },
          { type: "INPUT", subtype: "LABEL", binding: "{signer.title}", extract: false },
          { type: "INPUT", subtype: "LABEL", binding: "{signer.company}", extract: false },
          { type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", extract: false },
          { type: "INPUT", subtype: "TEXTFIELD", name: "Amount", value: "100", validation: { required: true, maxLength: 12 }, extract: false },
          { type: "INPUT", subtype: "TEXTAREA", name: "Notes", extract: false },
          { type: "INPUT", subtype: "CHECKBOX", name: "Agree", validation: { required: true }, extract: false },
        ],
      },
      {
        role: "agent",
        fields: [
          { type: "SIGNATURE", subtype: "INITIALS", extract: false },
          { type: "INPUT", subtype: "RADIO", value: "red", validation: { group: "colour" }, extract: false },
          { type: "INPUT", subtype: "LIST", validation: { enum: ["A", "B"] }, extract: false },
          { type: "INPUT", subtype: "LABEL", value: "Fixed text", extract: false },
        ],
      },
      { role: "agent", fields: [{ type: "SIGNATURE", subtype: "CAPTURE", extract: false }] },
      { role: "client", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", extract: false }] },
      // No signature for the witness: an acceptance approval holds its field.
      { role: "witness", fields: [{ type: "INPUT", subtype: "TEXTFIELD", extract: false }] },
    ]);
    for (const field of allFields(approvals)) expect(field.id).toBeUndefined();
  });

  it("puts a role's fields into its first approval even when the signature comes later in the document", async () => {
    const bytes = await makePdf({
      pages: 2,
      texts: [
        { page: 0, text: "{{esl:client:textfield}}", x: 50, y: 700 },
        { page: 1, text: "{{esl:client:signature}}", x: 50, y: 700 },
      ],
    });
    const approvals = await extractTextTags(bytes, roles, "Contract");
    expect(approvals).toHaveLength(1);
    expect(approvals[0].fields.map((field) => [field.subtype, field.page])).toEqual([
      ["FULLNAME", 1],
      ["TEXTFIELD", 0],
    ]);
  });

  it("matches roles by id first, then by name in any case", async () => {
    const confusing: NamedRole[] = [
      { id: "Boss", name: "first" },
      { id: "r2", name: "boss" },
    ];
    const bytes = await makePdf({
      texts: [
        { page: 0, text: "{{esl:Boss:signature}}", x: 50, y: 700 },
        { page: 0, text: "{{esl:BOSS:signature}}", x: 50, y: 600 },
        { page: 0, text: "{{esl:FIRST:signature}}", x: 50, y: 500 },
      ],
    });
    const approvals = await extractTextTags(bytes, confusing, "Contract");
    expect(approvals.map((approval) => approval.role)).toEqual(["Boss", "r2", "Boss"]);
  });

  it("answers no approvals for a PDF without tags, and leaves the caller's bytes alone", async () => {
    const bytes = await makePdf({ texts: [{ page: 0, text: "Just {{text}} here", x: 50, y: 700 }] });
    const copy = Buffer.from(bytes);
    expect(await extractTextTags(bytes, roles, "Plain")).toEqual([]);
    expect(bytes.equals(copy)).toBe(true);
  });

  it("finds tags on every page, numbering pages from 0", async () => {
    const bytes = await makePdf({
      pages: 3,
      texts: [0, 1, 2].map((page) => ({ page, text: `p${page} {{esl:client:initials}}`, x: 50, y: 700 })),
    });
    const approvals = await extractTextTags(bytes, roles, "Contract");
    expect(allFields(approvals).map((field) => field.page)).toEqual([0, 1, 2]);
  });
});

describe("textTagsOf: where tags are written", () => {
  const tag = "{{esl:client:signature}}";
  const prefix = "Signed by: ";

  it.each([
    [StandardFonts.Helvetica, 8],
    [StandardFonts.Helvetica, 12],
    [StandardFonts.Helvetica, 24],
    [StandardFonts.TimesRoman, 8],
    [StandardFonts.TimesRoman, 11],
    [StandardFonts.TimesRoman, 24],
    [StandardFonts.Courier, 8],
    [StandardFonts.Courier, 14],
    [StandardFonts.Courier, 24],
  ] as const)("puts the field on the tag's text in %s at %i points", async (fontName, size) => {
    const text: PdfText = { page: 0, text: `${prefix}${tag} end`, x: 36, y: 500, size, font: fontName };
    const bytes = await makePdf({ texts: [text] });
    const [box] = await tagBoxes(bytes);
    expectNear(box, await expectedBox(text, prefix, tag, unrotatedLetter));
  });

  it("puts the field close to the tag in a font whose widths it does not know exactly", async () => {
    // Bold text is weighed with the regular font's widths: only the text before the tag is off.
    const text: PdfText = { page: 0, text: `${prefix}${tag}`, x: 36, y: 500, size: 16, font: StandardFonts.HelveticaBold };
    const bytes = await makePdf({ texts: [text] });
    const [box] = await tagBoxes(bytes);
    expectNear(box, await expectedBox(text, prefix, tag, unrotatedLetter), 3);
  });

  it("places a tag hand-checked on an unrotated page", async () => {
    // Helvetica at 10 points (Adobe's metrics): "{{esl:client:initials}}" is 82.82 wide; ascent 7.18, descent 2.07.
    const bytes = await makePdf({ texts: [{ page: 0, text: "{{esl:client:initials}}", x: 100, y: 692, size: 10 }] });
    const [box] = await tagBoxes(bytes);
    expectNear(box, { left: 100, top: 792 - 692 - 7.18, width: 82.82, height: 9.25 }, 0.01);
  });

  // Slanted: the glyphs lean by 0.2 of their height, so the box's corners at the descent (2.07
  // below) and the ascent (7.18 above) move 0.414 left and 1.436 right of the upright box's.
  it.each([
    ["scaled by its text matrix", "5 Tf 2 0 0 2 100 692 Tm", 0, 0],
    ["slanted by its text matrix (a synthetic oblique)", "10 Tf 1 0 0.2 1 100 692 Tm", 0.414, 1.436],
  ])("places a tag %s as the same tag drawn plainly at 10 points", async (_, placing, leftLean, rightLean) => {
    const [box] = await tagBoxes(contentPdf(`BT /F1 ${placing} ({{esl:client:initials}}) Tj ET`));
    expectNear(box, { left: 100 - leftLean, top: 792 - 692 - 7.18, width: 82.82 + leftLean + rightLean, height: 9.25 }, 0.01);
  });

  it.each([90, 180, 270, 30])("follows text rotated %i degrees", async (rotate) => {
    const text: PdfText = { page: 0, text: `${prefix}${tag}`, x: 300, y: 400, size: 12, rotate };
    const bytes = await makePdf({ texts: [text] });
    const [box] = await tagBoxes(bytes);
    expectNear(box, await expectedBox(text, prefix, tag, unrotatedLetter));
  });

  it.each([
    [90, undefined],
    [180, undefined],
    [270, undefined],
    [90, [20, 40, 560, 700]],
    [270, [20, 40, 560, 700]],
    [0, [20, 40, 560, 700]],
  ] as const)(
    "places a tag written upright on a page rotated %i with crop box %j",
    async (pageRotation: PageRotation, cropBox?: readonly [number, number, number, number]) => {
      const box = cropBox ?? [0, 0, 612, 792];
      const geometry: PageGeometry = { cropBox: { x: box[0], y: box[1], width: box[2], height: box[3] }, rotation: pageRotation };
      // The tag's baseline starts 72 points from the displayed left, 100 from the displayed top.
      const baselineStart = topLeftPointToUserSpace({ left: 72, top: 100 }, geometry);
      const size = 12;
      const text: PdfText = { page: 0, text: tag, x: baselineStart.x, y: baselineStart.y, size, rotate: pageRotation };
      const bytes = await makePdf({ pageRotation, cropBox: cropBox ? [...cropBox] : undefined, texts: [text] });
      const [found] = await tagBoxes(bytes);
      const helvetica = await font(StandardFonts.Helvetica);
      const ascent = helvetica.heightAtSize(size, { descender: false });
      expectNear(found, {
        left: 72,
        top: 100 - ascent,
        width: textWidth(helvetica, tag, size),
        height: helvetica.heightAtSize(size),
      });
    },
  );

  it.each([90, 270] as const)("places unrotated text on a cropped page rotated %i", async (pageRotation) => {
    const cropBox: [number, number, number, number] = [50, 60, 450, 600];
    const geometry: PageGeometry = { cropBox: { x: 50, y: 60, width: 450, height: 600 }, rotation: pageRotation };
    const text: PdfText = { page: 0, text: `${prefix}${tag}`, x: 80, y: 300, size: 10, font: StandardFonts.TimesRoman };
    const bytes = await makePdf({ pageRotation, cropBox, texts: [text] });
    const [box] = await tagBoxes(bytes);
    expectNear(box, await expectedBox(text, prefix, tag, geometry));
  });

  it("finds a tag split over two pieces of text on the same line", async () => {
    const helvetica = await font(StandardFonts.Helvetica);
    const times = await font(StandardFonts.TimesRoman);
    const firstPart = "Sign {{*esl_x:cli";
    const texts: PdfText[] = [
      { page: 0, text: firstPart, x: 60, y: 500, size: 14 },
      // Same line, starting where the first piece ends, in another font.
      { page: 0, text: "ent:textfield}} after", x: 60 + textWidth(helvetica, firstPart, 14), y: 500, size: 14, font: StandardFonts.TimesRoman },
    ];
    const bytes = await makePdf({ texts });
    const [field] = allFields(await extractTextTags(bytes, roles, "Contract"));
    expect(field).toMatchObject({ name: "x", subtype: "TEXTFIELD", validation: { required: true } });
    const start = 60 + textWidth(helvetica, "Sign ", 14);
    const end = texts[1].x + textWidth(times, "ent:textfield}}", 14);
    expect(field.left).toBeCloseTo(start, 0);
    expect(field.left + field.width).toBeCloseTo(end, 0);
  });

  it("finds two tags on one line and keeps lines apart", async () => {
    const bytes = await makePdf({
      texts: [
        { page: 0, text: "{{esl:client:initials}}  {{esl:agent:initials}}", x: 50, y: 700 },
        { page: 0, text: "{{esl:witness:initials}}", x: 50, y: 686 },
      ],
    });
    const fields = allFields(await extractTextTags(bytes, roles, "Contract"));
    expect(fields).toHaveLength(3);
    expect(fields[0].top).toBeCloseTo(fields[1].top, 1);
    expect(fields[1].left).toBeGreaterThan(fields[0].left + fields[0].width);
    expect(fields[2].top).toBeCloseTo(fields[0].top + 14, 1);
  });
});

describe("extractTextTags: field sizes", () => {
  /** Each tag alone on its line at `size` points, 60 points apart; its text box and its field, in points. */
  async function tagsAndFields(tags: string[], size: number, x = 72, topY = 700) {
    const bytes = await makePdf({ texts: tags.map((text, index) => ({ page: 0, text, x, y: topY - index * 60, size })) });
    const boxes = await tagBoxes(bytes);
    const byPosition = allFields(await extractTextTags(bytes, roles, "Contract")).sort((a, b) => a.top - b.top);
    return boxes.map((box, index) => ({ box, field: rectOf(byPosition[index]) }));
  }
  const bottomOf = (rect: TopLeftRect) => rect.top + rect.height;

  it("grows fields of tags in small print to a usable size, rightwards and upwards from where the tag sits", async () => {
    const placed = await tagsAndFields(
      ["{{esl:client:signature}}", "{{esl:client:capture}}", "{{esl:client:initials}}", "{{esl:client:textfield}}", "{{esl:client:signername}}", "{{esl:client:textarea}}"],
      7,
    );
    const least = [
      [150, 28],
      [150, 28],
      [40, 24],
      [72, 14],
      [72, 14],
      [150, 28],
    ];
    placed.forEach(({ box, field }, index) => {
      const [width, height] = least[index];
      expect(field.left).toBeCloseTo(box.left, 1);
      expect(bottomOf(field)).toBeCloseTo(bottomOf(box), 1);
      expect(field.width).toBeCloseTo(Math.max(width, box.width), 1);
      expect(field.height).toBeCloseTo(height, 1);
    });
  });

  it("keeps the box of a tag already large enough", async () => {
    const [{ box, field }] = await tagsAndFields(["{{esl:client:textfield}}"], 18);
    expectNear(field, box, 0.01);
  });

  it("makes check boxes and radio buttons squares as tall as the tag, at least 12 points", async () => {
    const small = await tagsAndFields(["{{esl:client:checkbox}}", '{{esl:client:radio:group("g")}}'], 8);
    const large = await tagsAndFields(["{{esl:client:checkbox}}", '{{esl:client:radio:group("g")}}'], 20);
    for (const { box, field } of small) {
      expect(box.width).toBeGreaterThan(3 * box.height);
      expect(field.left).toBeCloseTo(box.left, 1);
      expect(field.width).toBeCloseTo(12, 6);
      expect(field.height).toBeCloseTo(12, 6);
      expect(bottomOf(field)).toBeCloseTo(bottomOf(box), 1);
    }
    for (const { box, field } of large) {
      expect(field.height).toBeCloseTo(box.height, 1);
      expect(field.width).toBeCloseTo(field.height, 6);
      expect(field.top).toBeCloseTo(box.top, 1);
    }
  });

  it("grows no further than the page's top and right edges", async () => {
    // The tag's top is 4 points below the page's top; it ends about 30 points from the right edge.
    const [{ box, field }] = await tagsAndFields(["{{esl:client:signature}}"], 8, 480, 792 - 4 - 5.744);
    expect(box.top).toBeCloseTo(4, 0);
    expect(field.top).toBe(0);
    expect(field.height).toBeCloseTo(bottomOf(box), 1);
    expect(field.left + field.width).toBeCloseTo(612, 1);
  });

  it("replaces the size with size(w,h) and moves the field by offset(x,y), down and right, in the wire's unit", async () => {
    const plain = { page: 0, text: "{{esl:client:signature:size(200,50)}}", x: 100, y: 600, size: 12 };
    const sized = { ...plain, text: "{{esl:client:signature:size(200,50),offset(10,-5)}}", y: 400 };
    const bytes = await makePdf({ texts: [plain, sized] });
    const [plainField, sizedField] = (await extractTextTags(bytes, roles, "Contract")).flatMap((approval) => approval.fields);
    expect(sizedField.width).toBe(200);
    expect(sizedField.height).toBe(50);
    expect(sizedField.left).toBeCloseTo(plainField.left + 10, 1);
    // 200 points lower on the page, 5 units up.
    expect(sizedField.top).toBeCloseTo(plainField.top + pointsToWire(200) - 5, 1);
  });

});

describe("extractTextTags: refusals", () => {
  it("names a new role, by the name the first tag writes, for a role the package lacks", async () => {
    const bytes = await makePdf({
      pages: 2,
      texts: [
        { page: 1, text: "Here: {{esl:Nobody:signature}}", x: 50, y: 700 },
        { page: 1, text: "And: {{esl:NOBODY:initials}}", x: 50, y: 600 },
      ],
    });
    const approvals = await extractTextTags(bytes, roles, "Lease.pdf");
    expect(approvals.map((approval) => approval.role)).toEqual(["Nobody", "Nobody"]);
  });

  it("names the tag, page and document for a tag it cannot read", async () => {
    const bytes = await makePdf({ texts: [{ page: 0, text: "{{esl:client:stamp}}", x: 50, y: 700 }] });
    const error = await serviceErrorOf(extractTextTags(bytes, roles, "Lease.pdf"));
    expect(error.messageKey).toBe("error.validation.textTagInvalid");
    expect(error.message).toBe('Text tag "{{esl:client:stamp}}" on page 1 of document "Lease.pdf" is invalid: unknown type "stamp"; expected one of signature, initials, capture, textfield, textarea, checkbox, radio, list, label, signername, signertitle, signercompany, signingdate.');
  });

  it.each([
    ["{{esl:client:signature:size(300,40),offset(150,0)}}", 300, 100],
    ["{{esl:client:signature:offset(0,-30)}}", 50, 770],
    ["{{esl:client:signature:size(100,40)}}", 50, 20],
  ])("refuses %s, whose field size or offset pushes off the page", async (tagText, x, y) => {
    const bytes = await makePdf({ texts: [{ page: 0, text: tagText, x, y, size: 8 }] });
    const error = await serviceErrorOf(extractTextTags(bytes, roles, "Lease.pdf"));
    expect(error.status).toBe(400);
    expect(error.messageKey).toBe("error.validation.textTagOffPage");
    expect(error.message).toContain(`"${tagText}" on page 1 of document "Lease.pdf"`);
  });

  it("ignores a tag in the part of the page the crop box hides, as viewers do not show it", async () => {
    const bytes = await makePdf({ cropBox: [0, 0, 300, 300], texts: [{ page: 0, text: "{{esl:client:signature}}", x: 50, y: 500 }] });
    expect(await extractTextTags(bytes, roles, "Lease.pdf")).toEqual([]);
  });

  it("ignores a tag a text object moves far off the page and back, within one line", async () => {
    const bytes = contentPdf("BT /F1 12 Tf 72 700 Td [(A) -100000 ({{esl:client:signature}}) 100000 (B)] TJ ET");
    expect(await extractTextTags(bytes, roles, "Lease.pdf")).toEqual([]);
  });

  it("places a tag after a character beyond the Basic Multilingual Plane (an emoji as /ActualText) where it is drawn", async () => {
    const bytes = contentPdf("BT /F1 10 Tf 100 692 Td /Span << /ActualText <FEFFD83DDE00> >> BDC (x) Tj EMC ( {{esl:client:initials}}) Tj ET");
    const [box] = await tagBoxes(bytes);
    // Helvetica at 10 points: "x" is 5.00 wide and the space 2.78.
    expectNear(box, { left: 107.78, top: 792 - 692 - 7.18, width: 82.82, height: 9.25 }, 0.01);
  });

  it("refuses a tag running over the edge of the page", async () => {
    const bytes = await makePdf({ texts: [{ page: 0, text: "{{esl:client:signature}}", x: 500, y: 500 }] });
    const error = await serviceErrorOf(extractTextTags(bytes, roles, "Lease.pdf"));
    expect(error.messageKey).toBe("error.validation.textTagOffPage");
  });

  it("refuses a tag that the edge of the page cuts", async () => {
    // The characters that start beyond the page are left out, so the tag is left open.
    const bytes = await makePdf({ texts: [{ page: 0, text: "{{esl:client:signature}}", x: 560, y: 500, size: 24 }] });
    const error = await serviceErrorOf(extractTextTags(bytes, roles, "Lease.pdf"));
    expect(error.messageKey).toBe("error.validation.textTagInvalid");
    expect(error.message).toBe('Text tag "{{esl:" on page 1 of document "Lease.pdf" is invalid: it is not closed with }} on its line, or runs off the page.');
  });
});
