import { describe, expect, it } from "vitest";
import { makePdf } from "@/tests/support/pdfs";
import { darkShare, pdfFonts, renderPageGray } from "@/tests/support/poppler";
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

  it("finds a font by any case, and names what a setting lists that Signet cannot keep", () => {
    expect(signatureFontNamed("dancing SCRIPT")?.name).toBe("Dancing Script");
    expect(signatureFontNamed("kristi")?.name).toBe("Kristi");
    expect(signatureFontNamed("DejaVu Sans")).toBeUndefined();
    expect(unknownSignatureFonts({ latin: ["Kanit", "Comic Sans"], arabic: ["Beiruti", "Papyrus"], elvish: ["Tengwar"] })).toEqual(["latin: Comic Sans", "arabic: Papyrus", "elvish"]);
    expect(unknownSignatureFonts({ latin: ["Kanit", "Licorice"], arabic: ["Beiruti"] })).toEqual([]);
  });
});
