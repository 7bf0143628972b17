import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { SignatureFont } from "@/lib/esign/signing/signature-fonts";

/**
 * DejaVu Sans (Bitstream Vera licence, see fonts/DejaVuSans-LICENSE.txt), embedded (as a subset)
 * in every stamped document: Latin, Greek and Cyrillic names render the same in every reader,
 * which the standard 14 fonts, never embedded and Latin-1 only, cannot promise.
 */
const FONTS_FOLDER = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "esign", "sealing", "fonts");

let bytes: Uint8Array | undefined;
let verticalMetrics: { ascent: number; descent: number } | undefined;
/** A signature font's file, its ascender and descender at size 1, and the code points it draws. */
export interface SignatureFontFile {
  bytes: Uint8Array;
  ascent: number;
  descent: number;
  characters: Set<number>;
  /** The whole font as fontkit reads it, to check a subset's layout against. */
  parsed: ReturnType<typeof fontkit.create>;
}

const signatureFonts = new Map<string, SignatureFontFile>();

export function sealFontBytes(): Uint8Array {
  bytes ??= new Uint8Array(fs.readFileSync(path.join(FONTS_FOLDER, "DejaVuSans.ttf")));
  return bytes;
}

/** A signature font's file (from its package, see signature-fonts.ts), read once. */
export function signatureFontFile({ name, file }: SignatureFont): SignatureFontFile {
  let font = signatureFonts.get(name);
  if (!font) {
    const fontBytes = new Uint8Array(fs.readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), file)));
    const parsed = fontkit.create(fontBytes);
    font = { bytes: fontBytes, ascent: parsed.ascent / parsed.unitsPerEm, descent: -parsed.descent / parsed.unitsPerEm, characters: new Set(parsed.characterSet), parsed };
    signatureFonts.set(name, font);
  }
  return font;
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
