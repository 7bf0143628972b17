import type { PDFDocumentProxy, TextItem, TextStyle } from "pdfjs-dist/types/src/display/api";
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { badRequest } from "@/lib/esign/errors";
import { pdfjs } from "./pdfjs";
import { normalizeRotation, userSpaceRectToTopLeft, type PageGeometry, type TopLeftRect, type UserSpacePoint } from "./coordinates";

/**
 * The text of a PDF's pages as lines, and where each character of a line lies: what text tags
 * and text anchors are found by.
 */
export interface PageText {
  /** 0-based. */
  pageIndex: number;
  geometry: PageGeometry;
  lines: TextLine[];
}

export interface TextLine {
  text: string;
  items: PlacedItem[];
}

/** A text item with its geometry in user space. */
interface PlacedItem {
  text: string;
  /** Offset of the item's first character in its line's text. */
  start: number;
  /** Start of the baseline. */
  origin: UserSpacePoint;
  /** Unit vectors: along the baseline, and the text's up. */
  along: UserSpacePoint;
  up: UserSpacePoint;
  /** Length of the baseline, and the font size, in user space. */
  width: number;
  fontSize: number;
  style: TextStyle | undefined;
  /** The standard font whose character widths stand in for the item's font's. */
  metricsFont: PDFFont;
}

/** Pages `from` (0-based, included) to `to` (excluded) of a document. */
export interface PageRange {
  from: number;
  to: number;
}

/**
 * The pages of `pdf` one by one (those of `range` only, when given), each with its lines of text.
 * `purpose` completes the refusal of an unreadable PDF: "cannot be read to find its text tags".
 */
export async function* pagesOfText(pdf: Uint8Array, documentName: string, purpose: string, range?: PageRange): AsyncGenerator<PageText> {
  const metrics = await loadStandardFontMetrics();
  const document = await openPdf(pdf, documentName, purpose);
  try {
    const last = Math.min(document.numPages, range?.to ?? Infinity);
    for (let pageNumber = (range?.from ?? 0) + 1; pageNumber <= last; pageNumber++) {
      const { page, content } = await readPage(document, pageNumber, documentName, purpose);
      const [x1, y1, x2, y2] = page.view;
      const geometry: PageGeometry = {
        cropBox: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 },
        rotation: normalizeRotation(page.rotate),
      };
      const items = content.items.filter((item): item is TextItem => "str" in item);
      const lines = linesOf(items, content.styles, metrics);
      page.cleanup();
      yield { pageIndex: pageNumber - 1, geometry, lines };
    }
  } finally {
    await document.destroy();
  }
}

/** The box of characters start..end-1 of a line, from descent to ascent, on the page as displayed. */
export function textRect(line: TextLine, start: number, end: number, geometry: PageGeometry): TopLeftRect {
  return userSpaceRectToTopLeft(boundingBox(textBoxCorners(line, start, end)), geometry);
}

/** A page and its text; a page pdf.js cannot read (a cyclic or broken page tree) makes the PDF corrupt, a 400. */
async function readPage(document: PDFDocumentProxy, pageNumber: number, documentName: string, purpose: string) {
  try {
    const page = await document.getPage(pageNumber);
    return { page, content: await page.getTextContent() };
  } catch (error) {
    throw unreadable(documentName, purpose, error);
  }
}

/** The 400 for a PDF pdf.js cannot open or whose page it cannot read, saying what it was read for. */
function unreadable(documentName: string, purpose: string, error: unknown) {
  return badRequest("error.validation.corruptPdf", `The PDF for document "${documentName}" ${purpose}.`, (error as Error).message);
}

async function openPdf(pdf: Uint8Array, documentName: string, purpose: string) {
  const { getDocument, VerbosityLevel } = await pdfjs();
  const loadingTask = getDocument({
    // A copy: pdf.js takes over the buffer it is given, and the caller keeps using theirs.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // Finding text needs no image: without this pdf.js decodes the images Type3 glyphs paint,
    // which the decode budget (decode-budget.ts) does not count.
    maxImageSize: 0,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await loadingTask.promise;
  } catch (error) {
    await loadingTask.destroy();
    throw unreadable(documentName, purpose, error);
  }
}

/**
 * Joins text items into lines, so that a text split over several items (several show-text
 * operations, or a change of font) is found whole. An item continues the line when pdf.js saw no
 * line break before it, it runs in the same direction, and its baseline is the line's.
 */
function linesOf(items: TextItem[], styles: Record<string, TextStyle>, metrics: StandardFontMetrics): TextLine[] {
  const lines: TextLine[] = [];
  let current: TextLine | undefined;
  let lineEnded = true;
  for (const item of items) {
    const [a, b, c, d, e, f] = item.transform as number[];
    const fontSize = Math.hypot(c, d);
    if (item.str === "" || fontSize === 0 || Math.hypot(a, b) === 0) {
      lineEnded ||= item.hasEOL;
      continue;
    }
    const placed: PlacedItem = {
      text: item.str,
      start: 0,
      origin: { x: e, y: f },
      along: { x: a / Math.hypot(a, b), y: b / Math.hypot(a, b) },
      up: { x: c / fontSize, y: d / fontSize },
      width: item.width,
      fontSize,
      style: styles[item.fontName],
      metricsFont: metricsFontFor(metrics, styles[item.fontName]),
    };
    if (lineEnded || !current || !continuesLine(current.items[current.items.length - 1], placed)) {
      current = { text: "", items: [] };
      lines.push(current);
    }
    placed.start = current.text.length;
    current.text += placed.text;
    current.items.push(placed);
    lineEnded = item.hasEOL;
  }
  return lines;
}

function continuesLine(previous: PlacedItem, next: PlacedItem): boolean {
  const sameDirection = previous.along.x * next.along.x + previous.along.y * next.along.y > 0.999;
  const baselineDistance = Math.abs(
    (next.origin.x - previous.origin.x) * previous.up.x + (next.origin.y - previous.origin.y) * previous.up.y,
  );
  return sameDirection && baselineDistance < 0.3 * Math.min(previous.fontSize, next.fontSize);
}

/** The corners of the box around characters start..end-1 of a line, from descent to ascent. */
function textBoxCorners(line: TextLine, start: number, end: number): UserSpacePoint[] {
  const first = itemAt(line, start);
  const last = itemAt(line, end - 1);
  const startPoint = pointOnBaseline(first, start - first.start);
  const endPoint = pointOnBaseline(last, end - last.start);
  return [...verticalExtent(first, startPoint), ...verticalExtent(last, endPoint)];
}

function itemAt(line: TextLine, offset: number): PlacedItem {
  return line.items.findLast((item) => item.start <= offset)!;
}

function pointOnBaseline(item: PlacedItem, charIndex: number): UserSpacePoint {
  const distance = item.width * advanceShare(item, charIndex);
  return { x: item.origin.x + item.along.x * distance, y: item.origin.y + item.along.y * distance };
}

function verticalExtent(item: PlacedItem, baselinePoint: UserSpacePoint): UserSpacePoint[] {
  // pdf.js reports ascent and descent as fractions of the font size; some fonts report nonsense.
  const style = item.style;
  const sane = style !== undefined && style.ascent > 0 && style.ascent <= 1.5 && style.descent <= 0 && style.descent >= -1;
  const ascent = sane ? style.ascent : 0.8;
  const descent = sane ? style.descent : -0.2;
  return [ascent, descent].map((fraction) => ({
    x: baselinePoint.x + item.up.x * fraction * item.fontSize,
    y: baselinePoint.y + item.up.y * fraction * item.fontSize,
  }));
}

function boundingBox(points: UserSpacePoint[]) {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * The share of the item's width taken by its first `charIndex` characters. pdf.js gives only the
 * width of a whole item, so the characters are weighed with the metrics of the standard font of
 * the item's family: exact for the standard fonts, close for others.
 */
function advanceShare(item: PlacedItem, charIndex: number): number {
  if (charIndex <= 0) return 0;
  if (charIndex >= item.text.length) return 1;
  // By UTF-16 unit, as the offsets are counted.
  const widths = item.text.split("").map((char) => charWidth(item.metricsFont, char));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const before = widths.slice(0, charIndex).reduce((sum, width) => sum + width, 0);
  return total > 0 ? before / total : charIndex / item.text.length;
}

interface StandardFontMetrics {
  sansSerif: PDFFont;
  serif: PDFFont;
  monospace: PDFFont;
}

let standardFontMetrics: Promise<StandardFontMetrics> | undefined;

function loadStandardFontMetrics(): Promise<StandardFontMetrics> {
  standardFontMetrics ??= PDFDocument.create().then((pdf) => ({
    sansSerif: pdf.embedStandardFont(StandardFonts.Helvetica),
    serif: pdf.embedStandardFont(StandardFonts.TimesRoman),
    monospace: pdf.embedStandardFont(StandardFonts.Courier),
  }));
  return standardFontMetrics;
}

function metricsFontFor(metrics: StandardFontMetrics, style: TextStyle | undefined): PDFFont {
  if (style?.fontFamily === "monospace") return metrics.monospace;
  if (style?.fontFamily === "serif") return metrics.serif;
  return metrics.sansSerif;
}

function charWidth(font: PDFFont, char: string): number {
  try {
    return font.widthOfTextAtSize(char, 1000);
  } catch {
    return 500; // A character the standard font cannot encode: a typical width.
  }
}
