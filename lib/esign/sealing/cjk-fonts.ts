import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import subsetFont from "subset-font";
import { createHash } from "node:crypto";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * Chinese, Japanese and Korean text in the PDFs Signet writes. The seal's font (DejaVu Sans), the
 * signature fonts and the standard 14 fonts have no CJK glyphs, so CJK characters are drawn in Noto
 * Sans (SIL Open Font License), one face per writing system, from npm packages pinned in
 * package.json. A face is megabytes: it is read only when a text needs it, and embedded as a
 * subset (HarfBuzz, through subset-font) of the characters the document draws in it.
 */
export const CJK_FACES = ["japanese", "korean", "chinese-simplified", "chinese-traditional"] as const;
export type CjkFace = (typeof CJK_FACES)[number];

const CJK_FONT_FILES: Record<CjkFace, string> = {
  japanese: "node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  korean: "node_modules/@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
  "chinese-simplified": "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  "chinese-traditional": "node_modules/@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf",
};

/**
 * Characters of the CJK blocks: Hangul jamo, radicals, CJK symbols and punctuation (、。「」),
 * kana, bopomofo, enclosed and compatibility forms, the unified ideographs (with extension A and
 * the supplementary planes' extensions), Hangul syllables, compatibility ideographs, vertical and
 * full-width forms. Drawn in a CJK face; everything else stays in the text's own font.
 */
const CJK_CHARACTER =
  /[\u1100-\u11ff\u2e80-\u2fdf\u2ff0-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff\uffa0-\uffdc]/u;

export function isCjkCharacter(character: string): boolean {
  return CJK_CHARACTER.test(character);
}

/** Whether any character of the text is drawn in a CJK face. */
export function needsCjkFont(text: string): boolean {
  return CJK_CHARACTER.test(text);
}

/**
 * The face a text's CJK characters are drawn in: Japanese when it has kana, Korean when it has
 * Hangul; else (Han characters alone, which all four faces draw, each in its own country's shapes)
 * that of the language given (the signer's, else the package's): ja, ko, zh-TW / zh-HK / zh-Hant
 * (traditional) or any other zh (simplified). With no such language, Simplified Chinese: Han
 * names without kana are most often Chinese, and its face has the most Han characters.
 */
export function cjkFaceOf(text: string, language?: string | null): CjkFace {
  if (KANA.test(text)) return "japanese";
  if (HANGUL.test(text)) return "korean";
  const tag = (language ?? "").trim().toLowerCase().replaceAll("_", "-");
  const primary = tag.split("-")[0];
  if (primary === "ja") return "japanese";
  if (primary === "ko") return "korean";
  if (primary === "zh" && /^zh-(tw|hk|mo|hant)\b/.test(tag)) return "chinese-traditional";
  return "chinese-simplified";
}

interface CjkFontFile {
  bytes: Uint8Array;
  parsed: ReturnType<typeof fontkit.create>;
  /** Height above and depth below the baseline at size 1. */
  ascent: number;
  descent: number;
}

/**
 * Read once per process. Only PDF worker threads draw (lib/esign/pdf/pdf-jobs.ts), and an idle
 * worker ends, so an idle instance holds none of them.
 */
const files = new Map<CjkFace, CjkFontFile>();

function cjkFontFile(face: CjkFace): CjkFontFile {
  let file = files.get(face);
  if (!file) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(/* turbopackIgnore: true */ process.cwd(), CJK_FONT_FILES[face])));
    const parsed = fontkit.create(bytes);
    file = { bytes, parsed, ascent: parsed.ascent / parsed.unitsPerEm, descent: -parsed.descent / parsed.unitsPerEm };
    files.set(face, file);
  }
  return file;
}

/**
 * The face that draws `character` in a text whose face is `preferred`: that one when it has the
 * character, else the first other that does (a traditional character missing from the simplified
 * face, a rare hanja); else the preferred one, whose missing-glyph box at least shows a letter is there.
 */
function faceForCharacter(character: string, preferred: CjkFace): CjkFace {
  const code = character.codePointAt(0)!;
  if (cjkFontFile(preferred).parsed.hasGlyphForCodePoint(code)) return preferred;
  return CJK_FACES.find((face) => face !== preferred && cjkFontFile(face).parsed.hasGlyphForCodePoint(code)) ?? preferred;
}

/** A text to draw, and the language that picks the face of Han characters alone (cjkFaceOf). */
export interface TextToDraw {
  text: string;
  language?: string | null;
}

/** A CJK face as embedded in one document: the font and its ascent and descent at size 1. */
export interface EmbeddedCjkFont {
  font: PDFFont;
  ascent: number;
  descent: number;
}

/**
 * The CJK faces embedded in one document, each a subset of the characters drawn in it. Made by
 * embedCjkFonts from every text the document will show; `fontFor` then answers the font that
 * draws a CJK character of one of those texts, or of a part of one (a wrapped line).
 */
export class CjkFonts {
  constructor(private readonly embedded: ReadonlyMap<CjkFace, EmbeddedCjkFont & { characters: ReadonlySet<string> }>) {}

  /** The font of `character` in `text` (or in the part of a text given): its face's, else the face it was embedded in for another text. */
  fontFor(character: string, text: TextToDraw): EmbeddedCjkFont {
    const preferred = this.embedded.get(faceForCharacter(character, cjkFaceOf(text.text, text.language)));
    if (preferred?.characters.has(character)) return preferred;
    const any = [...this.embedded.values()].find((font) => font.characters.has(character));
    if (!any) throw new Error(`The character "${character}" was not among those the document's CJK fonts were embedded for.`);
    return any;
  }
}

/**
 * Embeds in `pdf`, for the CJK characters of `texts`, a subset of each face they are drawn in
 * (one font per face, whatever the number of texts). Reads no font file when no text has a CJK
 * character.
 */
export async function embedCjkFonts(pdf: PDFDocument, texts: readonly TextToDraw[]): Promise<CjkFonts> {
  const charactersByFace = new Map<CjkFace, Set<string>>();
  for (const text of texts) {
    if (!needsCjkFont(text.text)) continue;
    const preferred = cjkFaceOf(text.text, text.language);
    for (const character of text.text) {
      if (!isCjkCharacter(character)) continue;
      const face = faceForCharacter(character, preferred);
      let characters = charactersByFace.get(face);
      if (!characters) charactersByFace.set(face, (characters = new Set()));
      characters.add(character);
    }
  }
  const embedded = new Map<CjkFace, EmbeddedCjkFont & { characters: ReadonlySet<string> }>();
  for (const [face, characters] of charactersByFace) {
    const file = cjkFontFile(face);
    const subset = new Uint8Array(await subsetFont(Buffer.from(file.bytes), [...characters].join(""), { targetFormat: "truetype" }));
    // The tag that names a subset (ISO 32000 9.6.4), derived from its content so that the same seal comes out the same.
    const tag = [...createHash("sha256").update(subset).digest().subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join("");
    pdf.registerFontkit(fontkit);
    const font = await pdf.embedFont(subset, { subset: false, customName: `${tag}+${file.parsed.postscriptName}` });
    embedded.set(face, { font, ascent: file.ascent, descent: file.descent, characters });
  }
  return new CjkFonts(embedded);
}
