import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { badRequest } from "@/lib/esign/errors";
import { pdfium, type Pdfium } from "./pdfium";
import { normalizeRotation, userSpaceRectToTopLeft, type PageGeometry, type TopLeftRect, type UserSpacePoint } from "./coordinates";

/**
 * The text of a PDF's pages as lines, and where each character of a line lies: what text tags
 * and text anchors are found by. Read with PDFium, which lays a page's characters out into lines
 * (as `pdftotext` does) and tells each character's exact position and advance.
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
  const startPoint = line.page.origin(first);
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
  heap(library).set(pdf, bytesAt);
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

/** The module's memory as bytes: looked up at each use, as the module replaces it when it grows. */
const heap = (library: Pdfium) => (library.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

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
    const text = this.text();
    const lines: TextLine[] = [];
    for (const match of text.matchAll(/[^\r\n]+/g)) {
      const lineStart = match.index;
      const whole: TextLine = { text: match[0], charIndexAt: (offset) => this.charIndexAt(lineStart + offset), page: this };
      const visible = this.visiblePart(whole);
      if (visible.text !== "") lines.push(visible);
    }
    return lines;
  }


  /** Where character `index`'s baseline starts, in user space. */
  origin(index: number): UserSpacePoint {
    this.assertOpen();
    this.library.FPDFText_GetCharOrigin(this.textPage, index, this.scratch, this.scratch + 8);
    return { x: this.double(0), y: this.double(1) };
  }

  /** Where character `index`'s baseline ends: its origin moved along the baseline by its advance. */
  advanceEnd(index: number): UserSpacePoint {
    const origin = this.origin(index);
    // A space PDFium made up for a gap starts where the character before it ends and has no font:
    // it spans the gap, to the next character.
    if (this.isGenerated(index)) return index + 1 < this.count && !this.isGenerated(index + 1) ? this.origin(index + 1) : origin;
    const { along, fontSize } = this.frame(index);
    // PDFium's loose box is the character's advance by its font's full height, turned with the
    // text and then made upright: the advance is what remains once the turned height is taken off.
    this.library.FPDFText_GetLooseCharBox(this.textPage, index, this.scratch);
    const [left, top, right, bottom] = [0, 1, 2, 3].map((i) => this.float(i));
    const { ascent, descent } = this.pdfiumMetrics(index);
    const height = (ascent - descent) * fontSize;
    const cos = Math.abs(along.x);
    const sin = Math.abs(along.y);
    const advance = cos >= sin ? (right - left - height * sin) / cos : (top - bottom - height * cos) / sin;
    return { x: origin.x + along.x * advance, y: origin.y + along.y * advance };
  }

  /** The two points at a character's ascent and descent above and below `baselinePoint`. */
  verticalExtent(index: number, baselinePoint: UserSpacePoint): UserSpacePoint[] {
    const drawn = this.drawnNear(index);
    const { up, fontSize } = this.frame(drawn);
    const { ascent, descent } = this.displayMetrics(drawn);
    return [ascent, descent].map((fraction) => ({ x: baselinePoint.x + up.x * fraction * fontSize, y: baselinePoint.y + up.y * fraction * fontSize }));
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

  private text(): string {
    this.assertOpen();
    const count = this.count;
    if (count <= 0) return "";
    const { malloc, free } = this.library.pdfium.wasmExports;
    // Up to two UTF-16 units a character (PDFium writes some as a surrogate pair), and the terminator.
    const buffer = malloc((2 * count + 1) * 2);
    try {
      const written = this.library.FPDFText_GetText(this.textPage, 0, count, buffer);
      return Buffer.from(heap(this.library).buffer, buffer, Math.max(0, written - 1) * 2).toString("utf16le");
    } finally {
      free(buffer);
    }
  }

  private charIndexAt(textIndex: number): number {
    this.assertOpen();
    return this.library.FPDFText_GetCharIndexFromTextIndex(this.textPage, textIndex);
  }

  /**
   * The line as a viewer shows it: whole when its first and last characters start inside the crop
   * box (a line is straight, the box convex); otherwise only the characters that start inside it.
   */
  private visiblePart(line: TextLine): TextLine {
    const inside = (offset: number) => this.startsInside(line.charIndexAt(offset));
    if (inside(0) && inside(line.text.length - 1)) return line;
    let text = "";
    const charIndexes: number[] = [];
    for (let offset = 0; offset < line.text.length; offset++) {
      if (!inside(offset)) continue;
      text += line.text[offset];
      charIndexes.push(line.charIndexAt(offset));
    }
    return { text, charIndexAt: (offset) => charIndexes[offset], page: this };
  }

  private startsInside(index: number): boolean {
    if (index < 0) return true; // A unit PDFium made up (a line break's), which has no position.
    const { x, y } = this.origin(index);
    const box = this.geometry.cropBox;
    const slack = 0.01;
    return x >= box.x - slack && x <= box.x + box.width + slack && y >= box.y - slack && y <= box.y + box.height + slack;
  }

  private frame(index: number): CharacterFrame {
    this.assertOpen();
    this.library.FPDFText_GetMatrix(this.textPage, index, this.scratch);
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => this.float(i));
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
