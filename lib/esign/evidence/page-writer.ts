import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { isCjkCharacter, type CjkFonts } from "@/lib/esign/sealing/cjk-fonts";
import { TextFont } from "@/lib/esign/sealing/text-font";

// Landscape: the audit table needs room for e-mails, messages and browsers.
export const PAGE_WIDTH = 792;
export const PAGE_HEIGHT = 612;
export const MARGIN_X = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_TOP = PAGE_HEIGHT - 60;
const CONTENT_BOTTOM = 60;

export const INK = rgb(0.13, 0.14, 0.18);
export const MUTED = rgb(0.4, 0.43, 0.48);
export const RULE = rgb(0.82, 0.84, 0.87);
const HEADER_FILL = rgb(0.93, 0.94, 0.96);

const CELL_SIZE = 7.5;
const CELL_LEADING = 9.5;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;

export type FontName = "regular" | "bold" | "mono";

export interface Column {
  title: string;
  width: number;
  font?: FontName;
  color?: RGB;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

/** Lays content out top to bottom, starting a new page whenever the next piece does not fit. */
export class PageWriter {
  private page: PDFPage;
  private y = CONTENT_TOP;
  private readonly encodable: Set<number>;
  /** Each font, with the document's CJK faces for Chinese, Japanese and Korean characters. */
  private readonly fonts: Record<FontName, TextFont>;
  private readonly drawsCjk: boolean;

  constructor(
    private readonly pdf: PDFDocument,
    fonts: Fonts,
    private readonly runningTitle: string,
    /** The CJK faces embedded for the document's texts, and the language that picks the face of Han characters alone. */
    cjk: { cjk: CjkFonts; language?: string } | null = null,
  ) {
    this.encodable = new Set(fonts.regular.getCharacterSet());
    this.drawsCjk = cjk !== null;
    const textFont = (font: PDFFont) => new TextFont(font, standardFontMetrics(font), cjk?.cjk ?? null, cjk?.language);
    this.fonts = { regular: textFont(fonts.regular), bold: textFont(fonts.bold), mono: textFont(fonts.mono) };
    this.page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Where the next content goes: the page (its index) and the height above the page's bottom edge. */
  position(): { pageIndex: number; y: number } {
    return { pageIndex: this.pdf.getPageCount() - 1, y: this.y };
  }

  /** Goes on below `y` on this page, if content has not already reached lower. */
  lowerTo(y: number): void {
    this.y = Math.min(this.y, y);
  }

  /** A thin frame whose lower-left corner is (x, bottom), with a one-line caption under it. */
  frame(x: number, bottom: number, width: number, height: number, caption: string): void {
    this.page.drawRectangle({ x, y: bottom, width, height, borderColor: RULE, borderWidth: 0.75 });
    const size = 7;
    const [line] = this.wrap(caption, "regular", size, width);
    this.fonts.regular.draw(this.page, line, { x, y: bottom - size - 3, size, color: MUTED });
  }

  /** Starts a new page unless `height` points are left on this one (keeps a short block with what follows). */
  keepTogether(height: number): void {
    this.ensureRoom(height);
  }

  heading(text: string, size: number): void {
    this.paragraph(text, size, INK, "bold");
    this.space(size * 0.3);
  }

  paragraph(text: string, size: number, color: RGB, font: FontName = "regular"): void {
    const leading = size * 1.25;
    for (const line of this.wrap(text, font, size, CONTENT_WIDTH)) {
      this.ensureRoom(leading);
      this.y -= leading;
      this.fonts[font].draw(this.page, line, { x: MARGIN_X, y: this.y + size * 0.22, size, color });
    }
  }

  /**
   * A table whose cells wrap; a row taller than what is left of the page continues on the next one,
   * and the header row is repeated on every page the table spans.
   */
  table(columns: Column[], rows: string[][], options: { header?: boolean } = {}): void {
    const withHeader = options.header ?? true;
    const header = columns.map((column) => this.wrap(column.title, "bold", CELL_SIZE, column.width - 2 * CELL_PAD_X));
    const headerLines = lineCountOf(header);
    const headerHeight = withHeader ? headerLines * CELL_LEADING + 2 * CELL_PAD_Y : 0;
    const linesPerFreshPage = Math.floor((CONTENT_TOP - CONTENT_BOTTOM - headerHeight - 2 * CELL_PAD_Y) / CELL_LEADING);
    let headerOnThisPage = false;

    for (const row of rows) {
      const cells = columns.map((column, i) => this.wrap(row[i] ?? "", column.font ?? "regular", CELL_SIZE, column.width - 2 * CELL_PAD_X));
      const lineCount = lineCountOf(cells);
      let first = 0;
      while (first < lineCount) {
        const remaining = lineCount - first;
        // Keep a row whole when a fresh page can hold it; split only rows longer than a page.
        const linesToKeepTogether = remaining <= linesPerFreshPage ? remaining : 3;
        if (withHeader && !headerOnThisPage) {
          this.ensureRoom(headerHeight + linesToKeepTogether * CELL_LEADING + 2 * CELL_PAD_Y);
          this.drawRow(columns, header, 0, headerLines, { fill: HEADER_FILL, font: "bold" });
          headerOnThisPage = true;
        }
        const fit = Math.floor((this.y - CONTENT_BOTTOM - 2 * CELL_PAD_Y) / CELL_LEADING);
        if (fit < linesToKeepTogether) {
          this.newPage();
          headerOnThisPage = false;
          continue;
        }
        const count = Math.min(fit, remaining);
        this.drawRow(columns, cells, first, count);
        first += count;
      }
    }
  }

  private drawRow(
    columns: Column[],
    cells: string[][],
    first: number,
    count: number,
    style: { fill?: RGB; font?: FontName } = {},
  ): void {
    const width = columns.reduce((sum, column) => sum + column.width, 0);
    const height = count * CELL_LEADING + 2 * CELL_PAD_Y;
    const bottom = this.y - height;
    const baselineOf = (n: number) => this.y - CELL_PAD_Y - (n + 1) * CELL_LEADING + 2.2;
    if (style.fill) this.page.drawRectangle({ x: MARGIN_X, y: bottom, width, height, color: style.fill });
    let x = MARGIN_X;
    columns.forEach((column, i) => {
      const font = this.fonts[style.font ?? column.font ?? "regular"];
      const lines = cells[i].slice(first, first + count);
      lines.forEach((line, n) => {
        font.draw(this.page, line, { x: x + CELL_PAD_X, y: baselineOf(n), size: CELL_SIZE, color: column.color ?? INK });
      });
      if (i === 0 && first > 0 && lines.length === 0) {
        font.draw(this.page, "(continued)", { x: x + CELL_PAD_X, y: baselineOf(0), size: CELL_SIZE, color: MUTED });
      }
      x += column.width;
    });
    this.page.drawLine({ start: { x: MARGIN_X, y: bottom }, end: { x: MARGIN_X + width, y: bottom }, thickness: 0.5, color: RULE });
    this.y = bottom;
  }

  private ensureRoom(height: number): void {
    if (this.y - height < CONTENT_BOTTOM) this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const size = 8;
    const [title] = this.wrap(this.runningTitle, "regular", size, CONTENT_WIDTH);
    this.fonts.regular.draw(this.page, title, { x: MARGIN_X, y: PAGE_HEIGHT - 40, size, color: MUTED });
    this.page.drawLine({
      start: { x: MARGIN_X, y: PAGE_HEIGHT - 46 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: PAGE_HEIGHT - 46 },
      thickness: 0.5,
      color: RULE,
    });
    this.y = CONTENT_TOP;
  }

  /** Page numbers and the footer, once the number of pages is known. */
  finish(footer: string): void {
    const pages = this.pdf.getPages();
    const size = 8;
    pages.forEach((page, i) => {
      const number = `Page ${i + 1} of ${pages.length}`;
      const numberWidth = this.fonts.regular.widthOfTextAtSize(number, size);
      const [left] = this.wrap(footer, "regular", size, CONTENT_WIDTH - numberWidth - 24);
      page.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 }, thickness: 0.5, color: RULE });
      this.fonts.regular.draw(page, left, { x: MARGIN_X, y: 32, size, color: MUTED });
      this.fonts.regular.draw(page, number, { x: MARGIN_X + CONTENT_WIDTH - numberWidth, y: 32, size, color: MUTED });
    });
  }

  /** The text as lines no wider than `width`, breaking at spaces, else after _ - / @ . , else anywhere. */
  private wrap(text: string, fontName: FontName, size: number, width: number): string[] {
    const font = this.fonts[fontName];
    const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text, this.encodable, this.drawsCjk).split("\n")) {
      let line = "";
      for (const piece of paragraph.split(/(?<=[ _\-/@.,])/)) {
        if (fits((line + piece).trimEnd())) {
          line += piece;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = "";
        for (const character of piece.trimStart()) {
          if (line && !fits(line + character)) {
            lines.push(line);
            line = "";
          }
          line += character;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }
}

function lineCountOf(cells: string[][]): number {
  return Math.max(1, ...cells.map((lines) => lines.length));
}

/** A standard font's ascent and descent at size 1. */
function standardFontMetrics(font: PDFFont): { ascent: number; descent: number } {
  const ascent = font.heightAtSize(1, { descender: false });
  return { ascent, descent: font.heightAtSize(1) - ascent };
}

/**
 * The standard fonts encode WinAnsi only. Other characters become their unaccented base letter
 * when there is one (ő → o), nothing when they are marks or invisible formatting, else "?";
 * Chinese, Japanese and Korean characters are kept when `keepCjk` (a CJK face draws them).
 */
export function toWinAnsi(text: string, encodable: Set<number>, keepCjk = false): string {
  let result = "";
  // NFC first, so that a letter followed by a combining accent becomes the one accented letter.
  for (const character of text.normalize("NFC").replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    const code = character.codePointAt(0)!;
    if (character === "\n" || encodable.has(code) || (keepCjk && isCjkCharacter(character))) {
      result += character;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      result += " ";
    } else {
      const base = character.normalize("NFKD").replace(/[\p{M}\p{Cf}]/gu, "");
      const baseEncodable = [...base].every((c) => encodable.has(c.codePointAt(0)!));
      result += baseEncodable ? base : "?";
    }
  }
  return result;
}
