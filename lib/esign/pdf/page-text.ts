import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { badRequest } from "@/lib/esign/errors";
import { pdfium, pdfiumHeap, type Pdfium } from "./pdfium";
import { normalizeRotation, userSpaceRectToTopLeft, type PageGeometry, type TopLeftRect, type UserSpacePoint } from "./coordinates";

/**
 * The text of a PDF's pages as lines, and where each character of a line lies: what text tags
 * and text anchors are found by. Read with PDFium, which lays a page's characters out into lines
 * (as `pdftotext` does) and tells each character's origin, direction and loose box.
 */
export interface PageText {
  /** 0-based. */
  pageIndex: number;
  geometry: PageGeometry;
  lines: TextLine[];
}

/**
 * A line of a page's text. Where its characters lie is read from the page only when asked
 * (textRect), and only while the page is the one pagesOfText gave last: asking PDFium for every
 * character of every page took four times as long as reading the text.
 */
export interface TextLine {
  text: string;
  /** PDFium's index of the character at `offset` (a UTF-16 unit) of `text`. */
  charIndexAt(offset: number): number;
  page: PageCharacters;
}

/** Pages `from` (0-based, included) to `to` (excluded) of a document. */
export interface PageRange {
  from: number;
  to: number;
}

/**
 * The pages of `pdf` one by one (those of `range` only, when given), each with its lines of text.
 * `purpose` completes the refusal of an unreadable PDF: "cannot be read to find its text tags".
 * Characters that start outside the page's visible area (its crop box) are left out, as a viewer
 * does not show them.
 */
export async function* pagesOfText(pdf: Uint8Array, documentName: string, purpose: string, range?: PageRange): AsyncGenerator<PageText> {
  const library = await pdfium();
  const standardMetrics = await loadStandardFontMetrics();
  const document = openPdf(library, pdf, documentName, purpose);
  try {
    // PDFium opens a file whose page tree it cannot read as a document of no pages.
    const pageCount = library.FPDF_GetPageCount(document.handle);
    if (pageCount <= 0) throw unreadable(documentName, purpose, "PDFium finds no page in it");
    const last = Math.min(pageCount, range?.to ?? Infinity);
    for (let pageIndex = range?.from ?? 0; pageIndex < last; pageIndex++) {
      const page = PageCharacters.open(library, document.handle, pageIndex, standardMetrics);
      if (!page) throw unreadable(documentName, purpose, `PDFium could not read page ${pageIndex + 1} (error ${library.FPDF_GetLastError()})`);
      try {
        yield { pageIndex, geometry: page.geometry, lines: page.lines() };
      } finally {
        page.close();
      }
    }
  } finally {
    document.close();
  }
}

/** The box of characters start..end-1 of a line, from descent to ascent, on the page as displayed. */
export function textRect(line: TextLine, start: number, end: number, geometry: PageGeometry): TopLeftRect {
  const first = line.charIndexAt(start);
  const last = line.charIndexAt(end - 1);
  const startPoint = line.page.start(first);
  const endPoint = line.page.advanceEnd(last);
  const corners = [...line.page.verticalExtent(first, startPoint), ...line.page.verticalExtent(last, endPoint)];
  return userSpaceRectToTopLeft(boundingBox(corners), geometry);
}

/** The 400 for a PDF PDFium cannot open or whose page it cannot read, saying what it was read for. */
function unreadable(documentName: string, purpose: string, technical: string) {
  return badRequest("error.validation.corruptPdf", `The PDF for document "${documentName}" ${purpose}.`, technical);
}

/** FPDF_GetLastError's codes for a document that does not open. */
const OPEN_ERRORS: Record<number, string> = { 2: "file not found", 3: "not a PDF, or corrupt", 4: "a password is needed", 5: "unsupported security" };

/** The document opened from a copy of its bytes in PDFium's memory, which it reads until closed. */
function openPdf(library: Pdfium, pdf: Uint8Array, documentName: string, purpose: string) {
  const { malloc, free } = library.pdfium.wasmExports;
  const bytesAt = malloc(pdf.byteLength);
  if (bytesAt === 0) throw unreadable(documentName, purpose, "PDFium has no memory for it");
  pdfiumHeap(library).set(pdf, bytesAt);
  const handle = library.FPDF_LoadMemDocument(bytesAt, pdf.byteLength, "");
  if (handle === 0) {
    const code = library.FPDF_GetLastError();
    free(bytesAt);
    throw unreadable(documentName, purpose, `PDFium could not open it (error ${code}: ${OPEN_ERRORS[code] ?? "unknown"})`);
  }
  return {
    handle,
    close() {
      library.FPDF_CloseDocument(handle);
      free(bytesAt);
    },
  };
}

/** Ascent and descent as fractions of the font size. */
interface VerticalMetrics {
  ascent: number;
  descent: number;
}

/** What a font that tells none, or tells nonsense, is taken to have. */
const TYPICAL_METRICS: VerticalMetrics = { ascent: 0.8, descent: -0.2 };

/** A character's baseline direction and text's up, as unit vectors, and its font size in user space. */
interface CharacterFrame {
  along: UserSpacePoint;
  up: UserSpacePoint;
  fontSize: number;
}

/** A page's text and its characters' geometry, read from PDFium's text page while it is open. */
class PageCharacters {
  private open = true;
  /** Eight doubles of scratch memory in PDFium's heap, for what its functions answer through pointers. */
  private readonly scratch: number;
  private readonly fontMetrics = new Map<number, VerticalMetrics>();
  /** The characters PDFium found on the page, those it made up included. */
  private readonly count: number;

  private constructor(
    private readonly library: Pdfium,
    private readonly page: number,
    private readonly textPage: number,
    readonly geometry: PageGeometry,
    private readonly standardMetrics: Map<string, VerticalMetrics>,
  ) {
    this.scratch = library.pdfium.wasmExports.malloc(64);
    this.count = library.FPDFText_CountChars(textPage);
  }

  static open(library: Pdfium, document: number, pageIndex: number, standardMetrics: Map<string, VerticalMetrics>): PageCharacters | undefined {
    const page = library.FPDF_LoadPage(document, pageIndex);
    if (page === 0) return undefined;
    const textPage = library.FPDFText_LoadPage(page);
    if (textPage === 0) {
      library.FPDF_ClosePage(page);
      return undefined;
    }
    return new PageCharacters(library, page, textPage, pageGeometry(library, page), standardMetrics);
  }

  close() {
    this.open = false;
    this.library.pdfium.wasmExports.free(this.scratch);
    this.library.FPDFText_ClosePage(this.textPage);
    this.library.FPDF_ClosePage(this.page);
  }

  /** The page's text split at PDFium's line breaks, each line's characters outside the crop box left out. */
  lines(): TextLine[] {
    const { text, charIndexAt } = this.text();
    const lines: TextLine[] = [];
    for (const match of text.matchAll(/[^\r\n]+/g)) {
      const lineStart = match.index;
      const whole: TextLine = { text: match[0], charIndexAt: (offset) => charIndexAt(lineStart + offset), page: this };
      const visible = this.visiblePart(whole);
      if (visible.text !== "") lines.push(visible);
    }
    return lines;
  }

  /**
   * Where the box of character `index` starts along its baseline: its origin; for a space PDFium
   * made up for a gap, where the drawn character before it ends.
   */
  start(index: number): UserSpacePoint {
    if (this.isGenerated(index) && index > 0 && !this.isGenerated(index - 1)) return this.advanceEnd(index - 1);
    return this.origin(index);
  }

  /** Where character `index`'s baseline ends: its origin moved along the baseline by its advance. */
  advanceEnd(index: number): UserSpacePoint {
    const origin = this.origin(index);
    // A made-up space has no font: it spans the gap, to the next character.
    if (this.isGenerated(index)) return index + 1 < this.count && !this.isGenerated(index + 1) ? this.origin(index + 1) : origin;
    const advance = this.advance(index);
    return { x: origin.x + advance.x, y: origin.y + advance.y };
  }

  /** The two points at a character's ascent and descent above and below `baselinePoint`. */
  verticalExtent(index: number, baselinePoint: UserSpacePoint): UserSpacePoint[] {
    const drawn = this.drawnNear(index);
    const { up, fontSize } = this.frame(drawn);
    const { ascent, descent } = this.displayMetrics(drawn);
    return [ascent, descent].map((fraction) => ({ x: baselinePoint.x + up.x * fraction * fontSize, y: baselinePoint.y + up.y * fraction * fontSize }));
  }

  /**
   * A drawn character's advance along its baseline, in user space. PDFium tells it only through
   * the character's loose box: the advance by the font's height, in text space, turned by the
   * character's matrix and then made upright. Both the advance and the height are what solve the
   * box's width and height, unless the text runs near 45 degrees, where the two cannot be told
   * apart: there the next character's origin tells, or the font's height is taken off.
   */
  private advance(index: number): UserSpacePoint {
    const { a, b, c, d } = this.matrix(index);
    this.library.FPDFText_GetLooseCharBox(this.textPage, index, this.scratch);
    const [left, top, right, bottom] = [0, 1, 2, 3].map((i) => this.float(i));
    const [width, height] = [right - left, top - bottom];
    const determinant = Math.abs(a) * Math.abs(d) - Math.abs(b) * Math.abs(c);
    if (Math.abs(determinant) > 0.3 * (a * a + b * b)) {
      const advance = (width * Math.abs(d) - height * Math.abs(c)) / determinant;
      return { x: a * advance, y: b * advance };
    }
    const along = Math.hypot(a, b) || 1;
    const { fontSize } = this.frame(index);
    const next = index + 1 < this.count && !this.isGenerated(index + 1) ? this.origin(index + 1) : undefined;
    const origin = this.origin(index);
    if (next) {
      const ahead = ((next.x - origin.x) * a + (next.y - origin.y) * b) / along;
      const aside = Math.abs((next.x - origin.x) * b - (next.y - origin.y) * a) / along;
      if (ahead > 0 && ahead < 2 * fontSize && aside < 0.01 * fontSize) return { x: next.x - origin.x, y: next.y - origin.y };
    }
    const { ascent, descent } = this.pdfiumMetrics(index);
    const turnedHeight = (ascent - descent) * fontSize * (Math.abs(b) / along);
    const advance = (width - turnedHeight) / (Math.abs(a) / along);
    return { x: (a / along) * advance, y: (b / along) * advance };
  }

  /** Whether PDFium made the character up: a space for a gap between words, or a line break. */
  private isGenerated(index: number): boolean {
    this.assertOpen();
    return this.library.FPDFText_IsGenerated(this.textPage, index) === 1;
  }

  /** The character itself, or for one PDFium made up, the drawn one before or after it: whose font and direction it takes. */
  private drawnNear(index: number): number {
    if (!this.isGenerated(index)) return index;
    if (index > 0 && !this.isGenerated(index - 1)) return index - 1;
    if (index + 1 < this.count && !this.isGenerated(index + 1)) return index + 1;
    return index;
  }

  /** Where character `index`'s baseline starts, in user space. */
  private origin(index: number): UserSpacePoint {
    this.assertOpen();
    if (!this.library.FPDFText_GetCharOrigin(this.textPage, index, this.scratch, this.scratch + 8)) {
      throw new Error(`PDFium gave no position for character ${index} of ${this.count}`);
    }
    return { x: this.double(0), y: this.double(1) };
  }

  /**
   * The page's text, and PDFium's index of the character each of its UTF-16 units is. The text
   * comes in one call, unless it leaves characters out: FPDFText_GetText drops those beyond the
   * Basic Multilingual Plane (an emoji), which PDFium's own text indexes count; then it is built a
   * character at a time.
   */
  private text(): { text: string; charIndexAt: (offset: number) => number } {
    this.assertOpen();
    if (this.count <= 0) return { text: "", charIndexAt: () => -1 };
    const text = this.textInOneCall();
    const expectedLength = this.library.FPDFText_GetTextIndexFromCharIndex(this.textPage, this.count - 1) + 1;
    if (text.length === expectedLength) return { text, charIndexAt: (offset) => this.library.FPDFText_GetCharIndexFromTextIndex(this.textPage, offset) };
    let built = "";
    const charIndexes: number[] = [];
    for (let index = 0; index < this.count; index++) {
      const codePoint = this.library.FPDFText_GetUnicode(this.textPage, index);
      if (codePoint <= 0 || codePoint > 0x10ffff) continue;
      const character = String.fromCodePoint(codePoint);
      built += character;
      for (let unit = 0; unit < character.length; unit++) charIndexes.push(index);
    }
    return { text: built, charIndexAt: (offset) => charIndexes[offset] ?? -1 };
  }

  private textInOneCall(): string {
    const { malloc, free } = this.library.pdfium.wasmExports;
    // A UTF-16 unit a character and the terminator; twice that, should a version write surrogate pairs.
    const buffer = malloc((2 * this.count + 1) * 2);
    try {
      const written = this.library.FPDFText_GetText(this.textPage, 0, this.count, buffer);
      return Buffer.from(pdfiumHeap(this.library).buffer, buffer, Math.max(0, written - 1) * 2).toString("utf16le");
    } finally {
      free(buffer);
    }
  }

  /**
   * The line as a viewer shows it: whole when every box PDFium draws around its characters lies in
   * the crop box (one look per run of text); otherwise only the characters that start inside it.
   * A line need not run in order: a text object can move far off the page and come back.
   */
  private visiblePart(line: TextLine): TextLine {
    const first = line.charIndexAt(0);
    const last = line.charIndexAt(line.text.length - 1);
    if (first >= 0 && last >= first && this.boxesInside(first, last - first + 1)) return line;
    let text = "";
    const charIndexes: number[] = [];
    for (let offset = 0; offset < line.text.length; offset++) {
      const index = line.charIndexAt(offset);
      if (index >= 0 && !this.startsInside(index)) continue;
      text += line.text[offset];
      charIndexes.push(index);
    }
    return { text, charIndexAt: (offset) => charIndexes[offset], page: this };
  }

  /** Whether the boxes PDFium draws around characters start..start+count-1 all lie in the crop box. */
  private boxesInside(start: number, count: number): boolean {
    const boxes = this.library.FPDFText_CountRects(this.textPage, start, count);
    for (let box = 0; box < boxes; box++) {
      const { scratch } = this;
      if (!this.library.FPDFText_GetRect(this.textPage, box, scratch, scratch + 8, scratch + 16, scratch + 24)) return false;
      const [left, top, right, bottom] = [0, 1, 2, 3].map((slot) => this.double(slot));
      if (!this.inCropBox({ x: left, y: bottom }) || !this.inCropBox({ x: right, y: top })) return false;
    }
    return true;
  }

  private startsInside(index: number): boolean {
    if (this.isGenerated(index)) return true; // Takes no room: it stays with the line.
    return this.inCropBox(this.origin(index));
  }

  private inCropBox({ x, y }: UserSpacePoint): boolean {
    const box = this.geometry.cropBox;
    const slack = 0.01;
    return x >= box.x - slack && x <= box.x + box.width + slack && y >= box.y - slack && y <= box.y + box.height + slack;
  }

  /** The character's matrix (its text matrix by the page's transformation), without the font size. */
  private matrix(index: number) {
    this.assertOpen();
    if (!this.library.FPDFText_GetMatrix(this.textPage, index, this.scratch)) return { a: 1, b: 0, c: 0, d: 1 };
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => this.float(i));
    return { a, b, c, d };
  }

  private frame(index: number): CharacterFrame {
    const { a, b, c, d } = this.matrix(index);
    const alongLength = Math.hypot(a, b) || 1;
    const upLength = Math.hypot(c, d) || 1;
    return {
      along: { x: a / alongLength, y: b / alongLength },
      up: { x: c / upLength, y: d / upLength },
      fontSize: this.library.FPDFText_GetFontSize(this.textPage, index) * upLength,
    };
  }

  private font(index: number): number {
    return this.library.FPDFTextObj_GetFont(this.library.FPDFText_GetTextObject(this.textPage, index));
  }

  /** The ascent and descent PDFium's loose box uses: its font's own, from the font descriptor or program. */
  private pdfiumMetricsOfFont(font: number): VerticalMetrics {
    if (!this.library.FPDFFont_GetAscent(font, 1, this.scratch)) return TYPICAL_METRICS;
    const ascent = this.float(0);
    if (!this.library.FPDFFont_GetDescent(font, 1, this.scratch)) return TYPICAL_METRICS;
    return { ascent, descent: this.float(0) };
  }

  private pdfiumMetrics(index: number): VerticalMetrics {
    return this.pdfiumMetricsOfFont(this.font(index));
  }

  /**
   * The ascent and descent a text box spans, as viewers and `pdftotext` draw a selection: a
   * standard font's from Adobe's metrics (PDFium's stand-in font is taller), any other font's
   * from its descriptor or program; nonsense replaced by typical values.
   */
  private displayMetrics(index: number): VerticalMetrics {
    const font = this.font(index);
    let metrics = this.fontMetrics.get(font);
    if (!metrics) {
      metrics = this.standardMetrics.get(this.standardFontName(font) ?? "") ?? this.pdfiumMetricsOfFont(font);
      const sane = metrics.ascent > 0 && metrics.ascent <= 1.5 && metrics.descent <= 0 && metrics.descent >= -1;
      if (!sane) metrics = TYPICAL_METRICS;
      this.fontMetrics.set(font, metrics);
    }
    return metrics;
  }

  /** The font's name when it is one of the 14 standard fonts, used without a program of its own. */
  private standardFontName(font: number): string | undefined {
    if (this.library.FPDFFont_GetIsEmbedded(font) === 1) return undefined;
    const { malloc, free } = this.library.pdfium.wasmExports;
    const length = this.library.FPDFFont_GetBaseFontName(font, 0, 0);
    if (length <= 1 || length > 256) return undefined;
    const buffer = malloc(length);
    try {
      this.library.FPDFFont_GetBaseFontName(font, buffer, length);
      return this.library.pdfium.UTF8ToString(buffer);
    } finally {
      free(buffer);
    }
  }

  private double(slot: number): number {
    return this.library.pdfium.getValue(this.scratch + 8 * slot, "double");
  }

  private float(slot: number): number {
    return this.library.pdfium.getValue(this.scratch + 4 * slot, "float");
  }

  private assertOpen() {
    if (!this.open) throw new Error("A page's characters were asked for after pagesOfText moved past the page.");
  }
}

/** The page's visible area (its crop box within its media box, as PDFium and viewers take it) and its /Rotate. */
function pageGeometry(library: Pdfium, page: number): PageGeometry {
  const rect = library.pdfium.wasmExports.malloc(16);
  try {
    library.FPDF_GetPageBoundingBox(page, rect);
    const [left, top, right, bottom] = [0, 1, 2, 3].map((i) => library.pdfium.getValue(rect + 4 * i, "float"));
    return {
      cropBox: { x: left, y: bottom, width: right - left, height: top - bottom },
      rotation: normalizeRotation(library.FPDFPage_GetRotation(page) * 90),
    };
  } finally {
    library.pdfium.wasmExports.free(rect);
  }
}

function boundingBox(points: UserSpacePoint[]) {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

let standardFontMetrics: Promise<Map<string, VerticalMetrics>> | undefined;

/** Adobe's ascent and descent of each of the 14 standard fonts, by base font name. */
function loadStandardFontMetrics(): Promise<Map<string, VerticalMetrics>> {
  standardFontMetrics ??= PDFDocument.create().then((pdf) => {
    const metrics = new Map<string, VerticalMetrics>();
    for (const name of Object.values(StandardFonts)) {
      const font: PDFFont = pdf.embedStandardFont(name);
      const ascent = font.heightAtSize(1, { descender: false });
      metrics.set(name, { ascent, descent: ascent - font.heightAtSize(1) });
    }
    return metrics;
  });
  return standardFontMetrics;
}
