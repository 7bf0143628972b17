import type { Color, PDFFont, PDFPage, Rotation } from "pdf-lib";
import { isCjkCharacter, needsCjkFont, type CjkFonts } from "./cjk-fonts";
import type { FontMetrics } from "./fit-text";

/** A piece of a text drawn in one font. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

/**
 * The font a text is drawn in: its own (the seal's, a signature font, a standard font), with its
 * CJK characters in the document's CJK faces (cjk-fonts.ts), as a browser falls back from a font
 * that lacks a letter. Mixed text ("Ada 山田") is drawn run by run along one baseline. A text
 * without CJK characters is one run, drawn exactly as in its own font alone.
 */
export class TextFont {
  constructor(
    readonly font: PDFFont,
    /** The font's own ascent and descent at size 1. */
    private readonly own: { ascent: number; descent: number },
    private readonly cjk: CjkFonts | null,
    /** The language that picks the face of Han characters alone (the signer's, else the package's). */
    private readonly language?: string | null,
  ) {}

  /** The text cut where its font changes. */
  runs(text: string): TextRun[] {
    if (!this.cjk || !needsCjkFont(text)) return [{ text, font: this.font }];
    const runs: TextRun[] = [];
    for (const character of text) {
      const font = isCjkCharacter(character) ? this.cjk.fontFor(character, { text, language: this.language }).font : this.font;
      const last = runs.at(-1);
      if (last?.font === font) last.text += character;
      else runs.push({ text: character, font });
    }
    return runs;
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /**
   * Metrics at size 1 for fitting `text` (or its parts) into a box: widths over its runs, and the
   * tallest ascent and deepest descent of the fonts it is drawn in, so that no glyph overflows.
   */
  metricsOf(text: string): FontMetrics {
    let { ascent, descent } = this.own;
    if (this.cjk && needsCjkFont(text)) {
      for (const character of text) {
        if (!isCjkCharacter(character)) continue;
        const face = this.cjk.fontFor(character, { text, language: this.language });
        ascent = Math.max(ascent, face.ascent);
        descent = Math.max(descent, face.descent);
      }
    }
    return { widthOf: (part) => this.widthOfTextAtSize(part, 1), ascent, descent };
  }

  /** Draws the text from (x, y) on its baseline, each run after the one before. */
  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: Color; ySkew?: Rotation }): void {
    let x = options.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { ...options, x, font: run.font });
      x += run.font.widthOfTextAtSize(run.text, options.size);
    }
  }
}
