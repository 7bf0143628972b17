import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";

/**
 * DejaVu Sans (Bitstream Vera licence, see fonts/DejaVuSans-LICENSE.txt), embedded (as a subset)
 * in every stamped document: Latin, Greek and Cyrillic names render the same in every reader,
 * which the standard 14 fonts, never embedded and Latin-1 only, cannot promise.
 */
const FONT_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "esign", "sealing", "fonts", "DejaVuSans.ttf");

let bytes: Uint8Array | undefined;
let verticalMetrics: { ascent: number; descent: number } | undefined;

export function sealFontBytes(): Uint8Array {
  bytes ??= new Uint8Array(fs.readFileSync(FONT_FILE));
  return bytes;
}

/**
 * Height above and depth below the baseline at size 1 (the font's ascender and descender).
 * Read with fontkit: pdf-lib's heightAtSize(size, {descender: false}) takes the descender off in
 * the wrong units for embedded fonts.
 */
export function sealFontVerticalMetrics(): { ascent: number; descent: number } {
  if (!verticalMetrics) {
    const font = fontkit.create(sealFontBytes());
    verticalMetrics = { ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm };
  }
  return verticalMetrics;
}
