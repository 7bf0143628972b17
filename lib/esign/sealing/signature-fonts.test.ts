import { describe, expect, it } from "vitest";
import { makePdf } from "@/tests/support/pdfs";
import { darkShare, pdfFonts, renderPageGray, type GrayImage } from "@/tests/support/poppler";
import { DEFAULT_LATIN_SIGNATURE_FONTS, offeredSignatureFonts, SIGNATURE_FONTS, signatureFontNamed, unknownSignatureFonts } from "@/lib/esign/signing/signature-fonts";
import { signatureFontFile } from "./seal-font";
import { stampFields } from "./stamp-fields";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** The accented letters of Western European names (all in the fonts' Latin subsets). */
const ACCENTS = "ÀÁÂÄÅÇÈÉÊËÍÎÏÑÓÔÖØÚÜàáâäåçèéêëíîïñóôöøúüßæœ'-.";

describe("the typed-signature fonts", () => {
  it("are the original's 13 Latin fonts by default", () => {
    expect(DEFAULT_LATIN_SIGNATURE_FONTS).toEqual(["Kanit", "Licorice", "Meow Script", "Allison", "Bonheur Royale", "Dancing Script", "Pattaya", "Atma", "Caveat", "Damion", "Shantell Sans", "Nerko One", "Grenze Gotisch"]);
    expect(offeredSignatureFonts(undefined)).toEqual(DEFAULT_LATIN_SIGNATURE_FONTS);
    expect(offeredSignatureFonts({ latin: ["licorice", "Kanit", "Licorice"] })).toEqual(["Licorice", "Kanit"]);
  });

  const original13 = SIGNATURE_FONTS.filter((font) => DEFAULT_LATIN_SIGNATURE_FONTS.includes(font.name));
  it.each(original13.map((font) => [font.name, font] as const))("%s has A–Z, a–z and the common accents, and draws a name as that font, embedded", async (name, font) => {
    const { characters } = signatureFontFile(font);
    const missing = [...LETTERS, ...ACCENTS].filter((character) => !characters.has(character.codePointAt(0)!));
    expect(missing.join("")).toBe("");

    const text = "Zoë Ångström-Muñoz";
    const stamped = await stampFields(await makePdf(), [{ page: 0, left: 72, top: 100, width: 320, height: 48, value: { kind: "signatureText", text, font: name } }]);
    expect(pdfFonts(stamped)).toMatch(new RegExp(`${name.replace(/ /g, "")}-Regular-\\d+\\s+CID TrueType\\s+Identity-H\\s+yes`));
    // Ink where the name is: the glyphs really draw.
    expect(darkShare(renderPageGray(stamped, 0, 72), { left: 72, top: 100, width: 320, height: 48 })).toBeGreaterThan(0.01);
  });

  /**
   * The widest blank run of columns inside the ink of a stamped name, over the ink's height: a
   * letter the embedded font lost leaves a hole (pdf-lib's own subsetting stamped "Cleo Client" in
   * Kanit as "C  C nt"); a word space is well under the ink's height.
   */
  function widestGap(image: GrayImage, box: { left: number; top: number; width: number; height: number }): number {
    const x0 = Math.floor(box.left * image.scale);
    const x1 = Math.ceil((box.left + box.width) * image.scale);
    const y0 = Math.floor(box.top * image.scale);
    const y1 = Math.ceil((box.top + box.height) * image.scale);
    const inked = (x: number) => {
      for (let y = y0; y < y1; y++) if (image.pixels[y * image.width + x]! < 128) return true;
      return false;
    };
    const rows: number[] = [];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x]! < 128) { rows.push(y); break; }
    const columns = Array.from({ length: x1 - x0 }, (_, i) => inked(x0 + i));
    const first = columns.indexOf(true);
    const last = columns.lastIndexOf(true);
    let widest = 0;
    let run = 0;
    for (let i = first; i <= last; i++) {
      run = columns[i] ? 0 : run + 1;
      widest = Math.max(widest, run);
    }
    return widest / Math.max(1, rows[rows.length - 1]! - rows[0]!);
  }

  // Shantell Sans is laid out by pdf-lib with its raw advance widths (it applies no GPOS
  // positioning), visibly loose: known, see docs/api.md (typed-signature fonts).
  it.each(original13.filter((font) => font.name !== "Shantell Sans").map((font) => [font.name] as const))("%s stamps every letter of a name: no hole in the ink", async (name) => {
    const box = { left: 72, top: 100, width: 320, height: 48 };
    const stamped = await stampFields(await makePdf(), [{ page: 0, ...box, value: { kind: "signatureText", text: "Cleo Client", font: name } }]);
    expect(widestGap(renderPageGray(stamped, 0, 144), box)).toBeLessThan(0.6);
  });

  it("finds a font by any case, and names what a setting lists that Signet cannot keep", () => {
    expect(signatureFontNamed("dancing SCRIPT")?.name).toBe("Dancing Script");
    expect(signatureFontNamed("kristi")?.name).toBe("Kristi");
    expect(signatureFontNamed("DejaVu Sans")).toBeUndefined();
    expect(unknownSignatureFonts({ latin: ["Kanit", "Comic Sans"], arabic: ["Beiruti", "Papyrus"], elvish: ["Tengwar"] })).toEqual(["latin: Comic Sans", "arabic: Papyrus", "elvish"]);
    expect(unknownSignatureFonts({ latin: ["Kanit", "Licorice"], arabic: ["Beiruti"] })).toEqual([]);
  });
});
