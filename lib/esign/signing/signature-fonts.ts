/**
 * The fonts a signer may type their signature in, by the names the original service gives them
 * (chooseSignature's fontsPerWritingSystem). Each file is unmodified, under the SIL Open Font
 * License, from an npm package pinned in package.json (`file` is its path from the project root;
 * TrueType where the package ships it, else the package's Latin WOFF, which fontkit reads too).
 * The ceremony shows the name in each; the seal embeds a subset of the one chosen. A name with a
 * letter the font lacks is drawn in the seal's own font instead (leaning, as a typed signature
 * without a font is), so no letter is ever lost.
 */
export const SIGNATURE_FONTS = [
  { name: "Kanit", file: "node_modules/@expo-google-fonts/kanit/400Regular/Kanit_400Regular.ttf" },
  { name: "Licorice", file: "node_modules/@fontsource/licorice/files/licorice-latin-400-normal.woff" },
  { name: "Meow Script", file: "node_modules/@expo-google-fonts/meow-script/400Regular/MeowScript_400Regular.ttf" },
  { name: "Allison", file: "node_modules/@expo-google-fonts/allison/Allison_400Regular.ttf" },
  { name: "Bonheur Royale", file: "node_modules/@fontsource/bonheur-royale/files/bonheur-royale-latin-400-normal.woff" },
  { name: "Dancing Script", file: "node_modules/@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf" },
  { name: "Pattaya", file: "node_modules/@expo-google-fonts/pattaya/Pattaya_400Regular.ttf" },
  { name: "Atma", file: "node_modules/@expo-google-fonts/atma/Atma_400Regular.ttf" },
  { name: "Caveat", file: "node_modules/@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf" },
  { name: "Damion", file: "node_modules/@expo-google-fonts/damion/400Regular/Damion_400Regular.ttf" },
  { name: "Shantell Sans", file: "node_modules/@expo-google-fonts/shantell-sans/400Regular/ShantellSans_400Regular.ttf" },
  { name: "Nerko One", file: "node_modules/@expo-google-fonts/nerko-one/400Regular/NerkoOne_400Regular.ttf" },
  { name: "Grenze Gotisch", file: "node_modules/@expo-google-fonts/grenze-gotisch/400Regular/GrenzeGotisch_400Regular.ttf" },
  // Signet's first two, kept so that signatures typed in them still seal, and an account may list them.
  { name: "Kristi", file: "lib/esign/sealing/fonts/Kristi.ttf" },
  { name: "Breip", file: "lib/esign/sealing/fonts/Breip.ttf" },
] as const;

export type SignatureFont = (typeof SIGNATURE_FONTS)[number];

/**
 * The original's default Latin fonts, in its order: the 13 of its Java SDK's
 * com.silanis.esl.api.model.ChooseSignatureOptions.getDefaultFonts() (commit 8aa05c03, "Support
 * Choose Signature"); its ChooseSignatureSettingsExampleTest expects 13 after a DELETE.
 */
export const DEFAULT_LATIN_SIGNATURE_FONTS: readonly string[] = SIGNATURE_FONTS.slice(0, 13).map((font) => font.name);

/** The writing systems the original names (its SDK's SupportedWritingSystem); Signet draws Latin only. */
export const WRITING_SYSTEMS = ["arabic", "chinese-traditional", "chinese-simplified", "cyrillic", "greek", "japanese", "korean", "latin"] as const;

/**
 * The original's default fonts of the other writing systems (same SDK source). Signet offers none
 * of them in its ceremony (it has no typed signatures but Latin ones), but an account may keep
 * them in its setting as the original would.
 */
const ORIGINAL_NON_LATIN_FONTS: Record<Exclude<(typeof WRITING_SYSTEMS)[number], "latin">, readonly string[]> = {
  japanese: ["Hina Mincho", "Kaisei Opti", "Yuji Mai", "Mochiy Pop One", "Yusei Magic", "Stick", "Zen Antique Soft", "Reggae One"],
  korean: ["Chiron Hei HK", "Sunflower", "Diphylleia", "Jua", "Kirang Haerang", "Gamja Flower", "Do Hyeon", "Stylish", "Single Day"],
  cyrillic: ["Shantell Sans", "Bad Script", "Playpen Sans", "Bellota", "Sansation", "Philosopher", "Jura", "Didact Gothic", "Playfair"],
  "chinese-traditional": ["Cactus Classical Serif", "LXGW WenKai TC", "Chiron Hei HK"],
  "chinese-simplified": ["Noto Sans SC", "WDXL Lubrifont SC", "Ma Shan Zheng", "Long Cang", "Zhi Mang Xing", "Liu Jian Mao Cao"],
  arabic: ["Beiruti", "Playpen Sans Arabic", "Amiri", "Aref Ruqaa", "Reem Kufi", "Mirza", "Katibeh"],
  greek: ["Gidole", "Vollkorn", "Mansalva", "Brygada 1918", "Ubuntu Condensed", "Zen Maru Gothic", "Playpen Sans", "Jura"],
};

/** The signature font of that name (any case: "kristi" as Signet's first ceremony sent it), if Signet has it. */
export function signatureFontNamed(name: string | null | undefined): SignatureFont | undefined {
  if (typeof name !== "string") return undefined;
  const wanted = name.trim().toLowerCase();
  return SIGNATURE_FONTS.find((font) => font.name.toLowerCase() === wanted);
}

/**
 * The font names of a fontsPerWritingSystem Signet cannot keep, as "system: name": a Latin font it
 * cannot draw, a font of another writing system the original does not know of, or an unknown
 * writing system (as "system").
 */
export function unknownSignatureFonts(fontsPerWritingSystem: Record<string, readonly string[]>): string[] {
  const unknown: string[] = [];
  for (const [system, names] of Object.entries(fontsPerWritingSystem)) {
    if (system === "latin") unknown.push(...names.filter((name) => !signatureFontNamed(name)).map((name) => `latin: ${name}`));
    else if (Object.hasOwn(ORIGINAL_NON_LATIN_FONTS, system)) {
      const known = ORIGINAL_NON_LATIN_FONTS[system as keyof typeof ORIGINAL_NON_LATIN_FONTS].map((name) => name.toLowerCase());
      unknown.push(...names.filter((name) => !known.includes(name.trim().toLowerCase())).map((name) => `${system}: ${name}`));
    } else unknown.push(system);
  }
  return unknown;
}

/** The fonts the ceremony offers and the signing API accepts: the setting's Latin list (the defaults when it has none), canonically named. */
export function offeredSignatureFonts(fontsPerWritingSystem: Record<string, readonly string[]> | undefined): string[] {
  const latin = fontsPerWritingSystem?.latin ?? DEFAULT_LATIN_SIGNATURE_FONTS;
  return [...new Set(latin.flatMap((name) => signatureFontNamed(name)?.name ?? []))];
}
