import { concatTransformationMatrix, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { solidPng } from "@/tests/support/images";
import { makePdf } from "@/tests/support/pdfs";
import { darkBounds, darkShare, pdfFonts, pdfText, pdfWords, renderPageGray, type GrayImage, type PdfWord } from "@/tests/support/poppler";
import { stampFields, type FieldStamp } from "./stamp-fields";

type Rect = { left: number; top: number; width: number; height: number };

/** Rounding of poppler's boxes and of the renderer's pixels. */
const SLACK = 1;

/**
 * The word lies across the field: horizontally within it, its middle inside it vertically
 * (poppler's word boxes are as tall as the font's bounding box, taller than its glyphs: whether
 * the ink stays inside is checked on the rendered page, with inkOutside).
 */
function expectWithin(word: Pick<PdfWord, "xMin" | "yMin" | "xMax" | "yMax">, rect: Rect) {
  expect(word.xMin).toBeGreaterThanOrEqual(rect.left - SLACK);
  expect(word.xMax).toBeLessThanOrEqual(rect.left + rect.width + SLACK);
  const middle = (word.yMin + word.yMax) / 2;
  expect(middle).toBeGreaterThan(rect.top);
  expect(middle).toBeLessThan(rect.top + rect.height);
}

/** Dark pixels of the rendered page outside every one of the rectangles. */
function inkOutside(image: GrayImage, rects: Rect[]): number {
  let dark = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.pixels[y * image.width + x] >= 128) continue;
      const px = (x + 0.5) / image.scale;
      const py = (y + 0.5) / image.scale;
      const inside = rects.some((r) => px >= r.left && px <= r.left + r.width && py >= r.top && py <= r.top + r.height);
      if (!inside) dark++;
    }
  }
  return dark;
}

function wordsOf(words: PdfWord[], text: string): PdfWord[] {
  const wanted = new Set(text.split(" "));
  return words.filter((word) => wanted.has(word.text));
}

describe("stampFields", () => {
  it("draws each value inside its field on an unrotated page, in an embedded font", async () => {
    const pdf = await makePdf();
    const fields: FieldStamp[] = [
      { page: 0, left: 72, top: 100, width: 220, height: 40, value: { kind: "signatureText", text: "Ada Lovelace" } },
      { page: 0, left: 72, top: 160, width: 60, height: 30, value: { kind: "initials", text: "AL" } },
      { page: 0, left: 72, top: 200, width: 120, height: 20, value: { kind: "date", text: "2026-11-22" } },
      { page: 0, left: 300, top: 200, width: 150, height: 20, value: { kind: "list", text: "Premium plan" } },
      { page: 0, left: 72, top: 240, width: 200, height: 24, value: { kind: "text", text: "Analytical Engine" } },
    ];
    const stamped = await stampFields(pdf, fields);

    const words = pdfWords(stamped);
    for (const field of fields) {
      const text = (field.value as { text: string }).text;
      const found = wordsOf(words, text);
      expect(found.map((word) => word.text).join(" ")).toBe(text);
      for (const word of found) expectWithin(word, field);
    }
    expect(inkOutside(renderPageGray(stamped, 0, 144), fields)).toBe(0);
    // Left-aligned values start just inside their box.
    expect(wordsOf(words, "2026-11-22")[0].xMin).toBeCloseTo(74, 0);
    // Font embedded, and the standard 14 fonts not used.
    const fonts = pdfFonts(stamped);
    expect(fonts).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).not.toMatch(/Helvetica|Times|Courier/);
  });

  for (const rotation of [0, 90, 180, 270] as const) {
    it(`draws upright at the field's place on a cropped page rotated ${rotation}°`, async () => {
      // Crop box 540 × 700 at (30, 40): displayed 540 × 700, or 700 × 540 turned a quarter.
      const pdf = await makePdf({ pageRotation: rotation, cropBox: [30, 40, 540, 700] });
      const quarter = rotation === 90 || rotation === 270;
      const displayed = quarter ? { width: 700, height: 540 } : { width: 540, height: 700 };
      const nearTopLeft = { left: 40, top: 30, width: 180, height: 24 };
      const nearBottomRight = { left: displayed.width - 200, top: displayed.height - 60, width: 180, height: 24 };
      const stamped = await stampFields(pdf, [
        { page: 0, ...nearTopLeft, value: { kind: "text", text: "Topleft" } },
        { page: 0, ...nearBottomRight, value: { kind: "text", text: "Bottomright" } },
      ]);

      const words = pdfWords(stamped);
      const topLeft = words.find((word) => word.text === "Topleft");
      const bottomRight = words.find((word) => word.text === "Bottomright");
      expect(topLeft).toBeDefined();
      expect(bottomRight).toBeDefined();
      expectWithin(topLeft!, nearTopLeft);
      expectWithin(bottomRight!, nearBottomRight);

      // The rendered page (as displayed) has ink only in the two fields, in horizontal lines of text.
      const image = renderPageGray(stamped, 0);
      expect(image.width).toBe(displayed.width);
      expect(image.height).toBe(displayed.height);
      const inkTopLeft = darkBounds({ ...image, pixels: maskOutside(image, nearTopLeft) })!;
      const inkBottomRight = darkBounds({ ...image, pixels: maskOutside(image, nearBottomRight) })!;
      expect(inkTopLeft.right - inkTopLeft.left).toBeGreaterThan(2 * (inkTopLeft.bottom - inkTopLeft.top));
      expect(inkBottomRight.right - inkBottomRight.left).toBeGreaterThan(2 * (inkBottomRight.bottom - inkBottomRight.top));
      const all = darkBounds(image)!;
      expect(all.left).toBeGreaterThanOrEqual(nearTopLeft.left - SLACK);
      expect(all.top).toBeGreaterThanOrEqual(nearTopLeft.top - SLACK);
      expect(all.right).toBeLessThanOrEqual(nearBottomRight.left + nearBottomRight.width + SLACK);
      expect(all.bottom).toBeLessThanOrEqual(nearBottomRight.top + nearBottomRight.height + SLACK);
    });
  }

  it("shrinks a long value to fit its box instead of clipping it", async () => {
    const text = "This is a very long value for a narrow single line field";
    const narrow = { left: 72, top: 100, width: 90, height: 14 };
    const wide = { left: 72, top: 200, width: 90, height: 14 };
    const stamped = await stampFields(await makePdf(), [
      { page: 0, ...narrow, value: { kind: "list", text } },
      { page: 0, ...wide, value: { kind: "signatureText", text: "Maria Salomea Skłodowska-Curie" } },
    ]);
    const words = pdfWords(stamped);
    const listWords = words.filter((word) => word.yMin < 150);
    expect(listWords.map((word) => word.text).join(" ")).toBe(text);
    for (const word of listWords) expectWithin(word, narrow);
    expect(inkOutside(renderPageGray(stamped, 0, 144), [narrow, wide])).toBe(0);
    const signatureWords = words.filter((word) => word.yMin >= 150);
    expect(signatureWords.map((word) => word.text).join(" ")).toBe("Maria Salomea Skłodowska-Curie");
    // The slanted signature's ink, not only its advance widths, stays inside.
    const image = renderPageGray(stamped, 0, 144);
    const ink = darkBounds({ ...image, pixels: maskOutside(image, { left: 0, top: 150, width: 612, height: 642 }) })!;
    expect(ink.left).toBeGreaterThanOrEqual(wide.left);
    expect(ink.right).toBeLessThanOrEqual(wide.left + wide.width);
  });

  it("wraps a long text field over several lines when that keeps it larger", async () => {
    const text = "The parties agree that this amendment takes effect on the first day of next month.";
    const area = { left: 72, top: 100, width: 160, height: 80 };
    const stamped = await stampFields(await makePdf(), [{ page: 0, ...area, value: { kind: "text", text } }]);
    const words = pdfWords(stamped);
    expect(words.map((word) => word.text).join(" ")).toBe(text);
    for (const word of words) expectWithin(word, area);
    expect(inkOutside(renderPageGray(stamped, 0, 144), [area])).toBe(0);
    const lines = new Set(words.map((word) => Math.round(word.yMin)));
    expect(lines.size).toBeGreaterThan(2);
    // Larger than the same text on one line could be: the line height tells the size.
    const height = words[0].yMax - words[0].yMin;
    expect(height).toBeGreaterThan(8);
  });

  it("renders names in Latin, Greek and Cyrillic scripts, which extract back unchanged", async () => {
    const names = ["Zoë Łukasz Straße", "Ærøskøbing Ñandú Ğüzel", "Σωκράτης Παπαδόπουλος", "Фёдор Достоевский"];
    const stamped = await stampFields(
      await makePdf(),
      names.map((text, index) => ({ page: 0, left: 72, top: 100 + 50 * index, width: 300, height: 36, value: { kind: "signatureText", text } })),
    );
    const text = pdfText(stamped);
    for (const name of names) expect(text).toContain(name);
    const boxes = names.map((_, index) => ({ left: 72, top: 100 + 50 * index, width: 300, height: 36 }));
    expect(inkOutside(renderPageGray(stamped, 0, 144), boxes)).toBe(0);
  });

  it("draws a name in the signature font when it has every letter, else in the seal's font without embedding the other", async () => {
    const blank = await makePdf();
    const stamp = (text: string) => stampFields(blank, [{ page: 0, left: 72, top: 100, width: 300, height: 36, value: { kind: "signatureText", text, font: "kristi" } }]);
    const latin = await stamp("Ada Lovelace");
    expect(pdfFonts(latin)).toMatch(/Kristi/);
    const cyrillic = await stamp("Фёдор Достоевский");
    expect(pdfText(cyrillic)).toContain("Фёдор Достоевский");
    expect(pdfFonts(cyrillic)).toMatch(/DejaVuSans/);
    // Not even as an object no page uses (pdffonts lists only the pages' fonts).
    expect(Buffer.from(cyrillic).includes("Kristi")).toBe(false);
  });

  it("draws a signature image whole inside its box, keeping its aspect ratio", async () => {
    const box = { left: 100, top: 100, width: 100, height: 100 };
    const stamped = await stampFields(await makePdf(), [{ page: 0, ...box, value: { kind: "signatureImage", image: solidPng(200, 50) } }]);
    const ink = darkBounds(renderPageGray(stamped, 0, 144))!;
    const width = ink.right - ink.left;
    const height = ink.bottom - ink.top;
    expect(width / height).toBeCloseTo(4, 0);
    expect(width).toBeGreaterThan(90);
    expect(ink.left).toBeGreaterThanOrEqual(box.left);
    expect(ink.right).toBeLessThanOrEqual(box.left + box.width);
    // Centred vertically.
    expect((ink.top + ink.bottom) / 2).toBeCloseTo(box.top + box.height / 2, 0);
  });

  it("shows check boxes and radio buttons checked or not", async () => {
    const boxes = {
      checked: { left: 100, top: 100, width: 20, height: 20 },
      unchecked: { left: 140, top: 100, width: 20, height: 20 },
      selected: { left: 180, top: 100, width: 20, height: 20 },
      unselected: { left: 220, top: 100, width: 20, height: 20 },
    };
    const stamped = await stampFields(await makePdf(), [
      { page: 0, ...boxes.checked, value: { kind: "checkbox", checked: true } },
      { page: 0, ...boxes.unchecked, value: { kind: "checkbox", checked: false } },
      { page: 0, ...boxes.selected, value: { kind: "radio", selected: true } },
      { page: 0, ...boxes.unselected, value: { kind: "radio", selected: false } },
    ]);
    const image = renderPageGray(stamped, 0, 144);
    const share = (rect: Rect) => darkShare(image, rect);
    // Unchecked ones still show their outline; checked ones have much more ink.
    expect(share(boxes.unchecked)).toBeGreaterThan(0.05);
    expect(share(boxes.checked)).toBeGreaterThan(share(boxes.unchecked) * 1.5);
    expect(share(boxes.unselected)).toBeGreaterThan(0.05);
    expect(share(boxes.selected)).toBeGreaterThan(share(boxes.unselected) * 1.5);
    // The inner part of the unchecked box is empty.
    expect(share({ left: 145, top: 105, width: 10, height: 10 })).toBe(0);
  });

  it("is not moved by page content that changes the coordinate system without restoring it", async () => {
    const original = await PDFDocument.create();
    const page = original.addPage([612, 792]);
    page.pushOperators(concatTransformationMatrix(0.5, 0, 0, 0.5, 200, 300)); // no q/Q around it
    const pdf = await original.save();
    const field = { left: 72, top: 100, width: 200, height: 24 };
    const stamped = await stampFields(pdf, [{ page: 0, ...field, value: { kind: "text", text: "Steady" } }]);
    const [word] = pdfWords(stamped);
    expect(word.text).toBe("Steady");
    expectWithin(word, field);
  });

  it("returns a PDF without fields to stamp unchanged", async () => {
    const pdf = await makePdf();
    expect(await stampFields(pdf, [])).toBe(pdf);
  });

  it("refuses a field on a page the document does not have", async () => {
    const pdf = await makePdf({ pages: 2 });
    await expect(
      stampFields(pdf, [{ page: 2, left: 10, top: 10, width: 50, height: 20, value: { kind: "text", text: "x" } }]),
    ).rejects.toThrow("page index 2, but the document has 2 page(s)");
  });
});

/** The image's pixels with everything outside `rect` made white. */
function maskOutside(image: GrayImage, rect: Rect): Uint8Array {
  const pixels = new Uint8Array(image.pixels.length).fill(255);
  const x0 = Math.floor(rect.left * image.scale);
  const x1 = Math.ceil((rect.left + rect.width) * image.scale);
  const y0 = Math.floor(rect.top * image.scale);
  const y1 = Math.ceil((rect.top + rect.height) * image.scale);
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) pixels[y * image.width + x] = image.pixels[y * image.width + x];
  }
  return pixels;
}
