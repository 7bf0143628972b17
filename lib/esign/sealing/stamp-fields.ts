import subsetFont from "subset-font";
import fontkit from "@pdf-lib/fontkit";
import {
  concatTransformationMatrix,
  degrees,
  LineCapStyle,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from "pdf-lib";
import { createHash } from "node:crypto";
import { pageGeometryOf, topLeftPointToUserSpace, type PageGeometry, type TopLeftRect } from "@/lib/esign/pdf/coordinates";
import { fitSingleLine, fitWrapped, type Box, type FittedText, type FontMetrics } from "./fit-text";
import { signatureFontNamed } from "@/lib/esign/signing/signature-fonts";
import { embedCjkFonts, isCjkCharacter, type CjkFonts, type TextToDraw } from "./cjk-fonts";
import { sealFontBytes, sealFontVerticalMetrics, signatureFontFile, type SignatureFontFile } from "./seal-font";
import { drawSignatureFrame, signatureFrameTexts, type SignatureFrame } from "./signature-frame";
import { TextFont } from "./text-font";
import { loadPdfWithPages } from "@/lib/esign/pdf/corrupt-pdf";

/** What a field holds once signed, as it is drawn on the page. */
export type StampValue =
  /** A drawn or uploaded signature: PNG (or JPEG) bytes, drawn whole inside the box (its frame's, if any), aspect ratio kept. */
  | { kind: "signatureImage"; image: Uint8Array; frame?: SignatureFrame }
  /** A typed (full-name) signature, in a signature font (else the seal's font, leaning). */
  | { kind: "signatureText"; text: string; font?: string; frame?: SignatureFrame }
  | { kind: "initials"; text: string; font?: string }
  /** A text field or text area: wrapped when that lets it be larger. */
  | { kind: "text"; text: string }
  /** A date, already formatted by the caller. */
  | { kind: "date"; text: string }
  | { kind: "checkbox"; checked: boolean }
  /** One option of a radio group. */
  | { kind: "radio"; selected: boolean }
  /** The chosen value of a list. */
  | { kind: "list"; text: string };

/** A field's box as the API stores it (PDF points from the displayed page's top-left corner) and its value. */
export interface FieldStamp extends TopLeftRect {
  /** 0-based page index. */
  page: number;
  value: StampValue;
  /**
   * The language of whom the value is (the signer's, else the package's): picks the face Han
   * characters alone are drawn in (cjk-fonts.ts); the document's language when absent.
   */
  language?: string | null;
}

const INK = rgb(0.08, 0.09, 0.12);
const SIGNATURE_INK = rgb(0.05, 0.16, 0.45);
const BOX_INK = rgb(0.25, 0.27, 0.3);

/** Largest font sizes: a value is as large as its box allows, up to these. */
const MAX_SIZE = { text: 12, signatureText: 36, initials: 28 } as const;
/** Typed signatures lean like handwriting; the lean widens them by tan(angle) × ascent. */
const SIGNATURE_SLANT_DEGREES = 12;
const SIGNATURE_SLANT = Math.tan((SIGNATURE_SLANT_DEGREES * Math.PI) / 180);

/** A part of a page painted white before the values are drawn (a text tag's text). */
export interface CoveredRect extends TopLeftRect {
  /** 0-based page index. */
  page: number;
}

/** White drawn this far around a covered rect: glyphs overshoot their font's box a little. */
const COVER_MARGIN = 1.5;

/**
 * The font to embed for `text`: a subset made by HarfBuzz (subset-font). pdf-lib's own subsetting
 * (fontkit) drops glyphs of several of the original's fonts (Kanit, Caveat, Pattaya, …: "Cleo
 * Client" stamped as "C  C nt"). Where fontkit cannot read HarfBuzz's subset back (Caveat, Nerko
 * One), or lays the text out otherwise than the whole font does, the whole file is embedded
 * instead (both are TrueType).
 */
async function signatureFontSubset(file: SignatureFontFile, text: string): Promise<Uint8Array> {
  const subset = new Uint8Array(await subsetFont(Buffer.from(file.bytes), text, { targetFormat: "truetype" }));
  try {
    const features = { calt: false };
    const laidOut = fontkit.create(subset).layout(text, features);
    for (const glyph of laidOut.glyphs) void glyph.bbox;
    const whole = file.parsed.layout(text, features);
    return Math.abs(laidOut.advanceWidth - whole.advanceWidth) <= 1 ? subset : file.bytes;
  } catch {
    return file.bytes;
  }
}

/**
 * Draws each field's value on its page: text in an embedded font (a subset of DejaVu Sans; Chinese,
 * Japanese and Korean characters in a subset of a Noto Sans CJK face), never clipped (shrunk, or
 * wrapped for text fields, to fit its box), upright as the page is displayed whatever its rotation
 * and crop box. `covered` rects are painted white first, under the values. `language` (the
 * package's) picks the CJK face of a field without its own. A PDF without fields to stamp nor
 * rects to cover is returned unchanged.
 */
export async function stampFields(
  pdfBytes: Uint8Array,
  fields: readonly FieldStamp[],
  covered: readonly CoveredRect[] = [],
  language?: string | null,
): Promise<Uint8Array> {
  if (fields.length === 0 && covered.length === 0) return pdfBytes;
  const { pdf } = await loadPdfWithPages(pdfBytes);
  for (const rect of covered) {
    const page = pdf.getPage(rect.page);
    inRectFrame(page, rect, (box) =>
      page.drawRectangle({
        x: box.x - COVER_MARGIN,
        y: box.y - COVER_MARGIN,
        width: box.width + 2 * COVER_MARGIN,
        height: box.height + 2 * COVER_MARGIN,
        color: rgb(1, 1, 1),
      }),
    );
  }
  const cjk = await embedCjkFonts(pdf, fields.flatMap((field) => textsOf(field, language)));
  const stamper = new FieldStamper(pdf, cjk, language);
  for (const field of fields) await stamper.stamp(field);
  // A classic cross-reference table: the seal is appended to it as an incremental update.
  return pdf.save({ useObjectStreams: false });
}

/** Every text a field shows (its value, its frame's labels), with the language that picks its CJK face. */
function textsOf(field: FieldStamp, language: string | null | undefined): TextToDraw[] {
  const value = field.value;
  const texts = "text" in value ? [value.text] : [];
  if ("frame" in value && value.frame) texts.push(...signatureFrameTexts(value.frame));
  return texts.map((text) => ({ text, language: field.language || language }));
}

class FieldStamper {
  private sealFont: PDFFont | undefined;
  private readonly images = new Map<string, PDFImage>();
  private readonly signatureFonts = new Map<string, PDFFont>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly cjk: CjkFonts,
    private readonly language: string | null | undefined,
  ) {}

  async stamp(field: FieldStamp): Promise<void> {
    const pageCount = this.pdf.getPageCount();
    if (!Number.isInteger(field.page) || field.page < 0 || field.page >= pageCount) {
      throw new Error(`A field to stamp is on page index ${field.page}, but the document has ${pageCount} page(s).`);
    }
    const page = this.pdf.getPage(field.page);
    const value = field.value;
    const language = field.language || this.language;
    switch (value.kind) {
      case "signatureImage": {
        const image = await this.image(value.image);
        const label = await this.embeddedFont(language);
        return inFieldFrame(page, field, (box) => drawContained(page, image, value.frame ? drawSignatureFrame(page, box, value.frame, label) : box));
      }
      case "signatureText":
      case "initials": {
        if (value.text.trim() === "") return;
        const label = await this.embeddedFont(language);
        const script = value.font ? await this.signatureFont(value.font, value.text, language) : null;
        const frame = value.kind === "signatureText" ? value.frame : undefined;
        return inFieldFrame(page, field, (box) => {
          const inner = frame ? drawSignatureFrame(page, box, frame, label) : box;
          drawTextValue(page, script ?? label, inner, value.kind, value.text, script === null);
        });
      }
      case "checkbox":
        return inFieldFrame(page, field, (box) => drawCheckbox(page, box, value.checked));
      case "radio":
        return inFieldFrame(page, field, (box) => drawRadio(page, box, value.selected));
      case "text":
      case "date":
      case "list": {
        if (value.text.trim() === "") return;
        const font = await this.embeddedFont(language);
        return inFieldFrame(page, field, (box) => drawTextValue(page, font, box, value.kind, value.text, false));
      }
    }
  }

  /** The seal's font, embedded once per document, with the CJK faces for a value in `language`. */
  private async embeddedFont(language: string | null | undefined): Promise<TextFont> {
    if (!this.sealFont) {
      this.pdf.registerFontkit(fontkit);
      this.sealFont = await this.pdf.embedFont(sealFontBytes(), { subset: true });
    }
    return new TextFont(this.sealFont, sealFontVerticalMetrics(), this.cjk, language);
  }

  /**
   * The signature font, embedded once per document and text; null when it lacks a letter of
   * `text` (the seal's font draws it then, and the signature font is not embedded for it) or the
   * text has no letter but CJK ones. CJK characters are drawn in their CJK face either way: no
   * signature font has them.
   */
  private async signatureFont(name: string, text: string, language: string | null | undefined): Promise<TextFont | null> {
    const known = signatureFontNamed(name);
    if (!known) throw new Error(`A typed signature to stamp is in the font "${name}", which Signet does not have.`);
    const id = known.name;
    const file = signatureFontFile(known);
    const ownText = Array.from(text)
      .filter((character) => !isCjkCharacter(character))
      .join("");
    const letters = Array.from(ownText.replace(/\s/g, ""));
    if (letters.length === 0 || !letters.every((character) => file.characters.has(character.codePointAt(0)!))) return null;
    const key = `${id}\u0000${ownText}`;
    let font = this.signatureFonts.get(key);
    if (!font) {
      this.pdf.registerFontkit(fontkit);
      font = await this.pdf.embedFont(await signatureFontSubset(file, ownText), { subset: false, features: { calt: false } });
      this.signatureFonts.set(key, font);
    }
    return new TextFont(font, file, this.cjk, language);
  }

  /** Each distinct image once per document, however many fields show it. */
  private async image(bytes: Uint8Array): Promise<PDFImage> {
    const key = createHash("sha256").update(bytes).digest("hex");
    let image = this.images.get(key);
    if (!image) {
      if (isPng(bytes)) image = await this.pdf.embedPng(bytes);
      else if (isJpeg(bytes)) image = await this.pdf.embedJpg(bytes);
      else throw new Error("A signature image to stamp is neither a PNG nor a JPEG.");
      this.images.set(key, image);
    }
    return image;
  }
}

/** A box inside the field frame: (x, y) its lower-left corner. */
interface FrameBox extends Box {
  x: number;
  y: number;
}

/** cos and sin of each page rotation, exactly. */
const TURN: Record<PageGeometry["rotation"], [number, number]> = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] };

/**
 * Runs `draw` in the field's own frame: origin at the field's lower-left corner as displayed, x to
 * the right and y up as the reader sees the page. The frame is turned counter-clockwise by the
 * page's rotation, which the viewer's clockwise turn undoes, so what is drawn reads upright.
 */
function inFieldFrame(page: PDFPage, field: FieldStamp, draw: (box: FrameBox) => void): void {
  inRectFrame(page, field, (box) => draw(inset(box)));
}

/** As inFieldFrame, with the whole rect as the box. */
function inRectFrame(page: PDFPage, rect: TopLeftRect, draw: (box: FrameBox) => void): void {
  const geometry = pageGeometryOf(page);
  const origin = topLeftPointToUserSpace({ left: rect.left, top: rect.top + rect.height }, geometry);
  const [cos, sin] = TURN[geometry.rotation];
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, origin.x, origin.y));
  try {
    draw({ x: 0, y: 0, width: rect.width, height: rect.height });
  } finally {
    page.pushOperators(popGraphicsState());
  }
}

/** Inside the field's border, so values do not touch it. */
function inset(box: FrameBox): FrameBox {
  const dx = Math.min(2, box.width * 0.05);
  const dy = Math.min(1.5, box.height * 0.08);
  return { x: box.x + dx, y: box.y + dy, width: box.width - 2 * dx, height: box.height - 2 * dy };
}

function drawTextValue(
  page: PDFPage,
  font: TextFont,
  box: FrameBox,
  kind: "signatureText" | "initials" | "text" | "date" | "list",
  text: string,
  /** A typed signature in the seal's own font leans like handwriting (a signature font needs no lean). */
  lean: boolean,
): void {
  const metrics = font.metricsOf(text);
  let fitted: FittedText;
  if (kind === "text") {
    fitted = fitWrapped(text, box, metrics, MAX_SIZE.text);
  } else if (kind === "signatureText" && lean) {
    // The lean reaches past the advance width by up to tan(slant) × ascent at the right end.
    const slanted: FontMetrics = { ...metrics, widthOf: (line) => metrics.widthOf(line) + SIGNATURE_SLANT * metrics.ascent };
    fitted = fitSingleLine(text, box, slanted, MAX_SIZE.signatureText);
  } else {
    fitted = fitSingleLine(text, box, metrics, kind === "initials" ? MAX_SIZE.initials : kind === "signatureText" ? MAX_SIZE.signatureText : MAX_SIZE.text);
  }
  if (fitted.size <= 0) return;
  const color = kind === "signatureText" || kind === "initials" ? SIGNATURE_INK : INK;
  // One line sits in the middle of the box; several start at its top.
  const blockTop = fitted.lines.length === 1 ? box.y + (box.height + fitted.blockHeight) / 2 : box.y + box.height;
  fitted.lines.forEach((line, index) => {
    const baseline = blockTop - metrics.ascent * fitted.size - index * fitted.lineHeight;
    const lineWidth = metrics.widthOf(line) * fitted.size;
    const x = kind === "initials" ? box.x + (box.width - lineWidth) / 2 : box.x;
    font.draw(page, line, {
      x,
      y: baseline,
      size: fitted.size,
      color,
      // pdf-lib's ySkew slants the glyphs' vertical strokes: an italic lean.
      ySkew: kind === "signatureText" && lean ? degrees(SIGNATURE_SLANT_DEGREES) : undefined,
    });
  });
}

/** The image as large as fits the box, aspect ratio kept, centred. */
function drawContained(page: PDFPage, image: PDFImage, box: FrameBox): void {
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
}

/** A square in the middle of the box, with a tick when checked. */
function drawCheckbox(page: PDFPage, box: FrameBox, checked: boolean): void {
  const side = Math.min(box.width, box.height);
  const x = box.x + (box.width - side) / 2;
  const y = box.y + (box.height - side) / 2;
  page.drawRectangle({ x, y, width: side, height: side, borderColor: BOX_INK, borderWidth: Math.max(0.5, side * 0.06) });
  if (!checked) return;
  const at = (u: number, v: number) => ({ x: x + u * side, y: y + v * side });
  const tick = { thickness: side * 0.13, color: INK, lineCap: LineCapStyle.Round };
  page.drawLine({ start: at(0.2, 0.52), end: at(0.42, 0.28), ...tick });
  page.drawLine({ start: at(0.42, 0.28), end: at(0.8, 0.76), ...tick });
}

/** A circle in the middle of the box, with a dot when selected. */
function drawRadio(page: PDFPage, box: FrameBox, selected: boolean): void {
  const radius = Math.min(box.width, box.height) / 2;
  const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const border = Math.max(0.5, radius * 0.12);
  page.drawCircle({ ...center, size: radius - border / 2, borderColor: BOX_INK, borderWidth: border });
  if (selected) page.drawCircle({ ...center, size: radius * 0.5, color: INK });
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
