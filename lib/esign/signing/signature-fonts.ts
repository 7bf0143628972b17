/**
 * The handwriting fonts a signer may type their signature in (files in lib/esign/sealing/fonts,
 * unmodified, under the SIL Open Font License; TrueType, which PDF embeds as subsets reliably).
 * The ceremony shows the name in each; the seal draws it in the one chosen. A name with a letter
 * the font lacks is drawn in the seal's own font instead (leaning, as a typed signature without a
 * font is), so no letter is ever lost.
 */
export const SIGNATURE_FONTS = {
  kristi: { label: "Kristi", file: "Kristi.ttf" },
  breip: { label: "Breip", file: "Breip.ttf" },
} as const;

export type SignatureFontId = keyof typeof SIGNATURE_FONTS;

export const SIGNATURE_FONT_IDS = Object.keys(SIGNATURE_FONTS) as [SignatureFontId, ...SignatureFontId[]];

export const DEFAULT_SIGNATURE_FONT: SignatureFontId = "kristi";

export function isSignatureFontId(value: string | null | undefined): value is SignatureFontId {
  return typeof value === "string" && Object.hasOwn(SIGNATURE_FONTS, value);
}
