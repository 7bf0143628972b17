import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Poppler's command-line tools (poppler-utils: pdftotext, pdftoppm, pdfsig, pdffonts) on PDF
 * bytes: an independent reader checks what our code writes.
 */

function withFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-poppler-"));
  try {
    const file = path.join(folder, "document.pdf");
    fs.writeFileSync(file, bytes);
    return run(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) => execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
}

export interface PdfWord {
  /** 0-based page index. */
  page: number;
  text: string;
  /** Points from the displayed page's top-left corner (the crop box, turned by the page's rotation). */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, as `pdftotext -bbox -cropbox` reports it. */
export function pdfWords(bytes: Uint8Array): PdfWord[] {
  const html = withFile(bytes, (file) => execFileSync("pdftotext", ["-bbox", "-cropbox", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
  const words: PdfWord[] = [];
  let page = -1;
  for (const line of html.split("\n")) {
    if (line.includes("<page ")) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (!match) continue;
    words.push({
      page,
      text: decodeEntities(match[5]),
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
    });
  }
  return words;
}

function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
}

/** pdfsig's report (it exits non-zero for some outcomes; the report is what tests read). */
export function pdfSig(bytes: Uint8Array): string {
  return withFile(bytes, (file) => {
    const result = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return `${result.stdout}${result.stderr}`;
  });
}

/** pdffonts' table: one line per font, with its name, type and whether it is embedded. */
export function pdfFonts(bytes: Uint8Array): string {
  return withFile(bytes, (file) => execFileSync("pdffonts", [file], { encoding: "utf8" }));
}

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white, row by row from the top. */
  pixels: Uint8Array;
  /** Pixels per point. */
  scale: number;
}

/** One page (0-based) as displayed (crop box, rotation applied), in shades of gray. */
export function renderPageGray(bytes: Uint8Array, page: number, dpi = 72): GrayImage {
  const pgm = withFile(bytes, (file) =>
    execFileSync("pdftoppm", ["-gray", "-cropbox", "-r", String(dpi), "-f", String(page + 1), "-l", String(page + 1), file], { maxBuffer: 256 * 1024 * 1024 }),
  );
  // Binary PGM: "P5\n<width> <height>\n<max>\n" then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"));
  if (!header) throw new Error("pdftoppm did not answer a PGM image");
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: pgm.subarray(header[0].length, header[0].length + width * height), scale: dpi / 72 };
}

/** Share of dark pixels (below 128) inside a rectangle given in points from the top-left corner. */
export function darkShare(image: GrayImage, rect: { left: number; top: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.floor(rect.left * image.scale));
  const y0 = Math.max(0, Math.floor(rect.top * image.scale));
  const x1 = Math.min(image.width, Math.ceil((rect.left + rect.width) * image.scale));
  const y1 = Math.min(image.height, Math.ceil((rect.top + rect.height) * image.scale));
  let dark = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x] < 128) dark++;
  }
  const area = (x1 - x0) * (y1 - y0);
  return area > 0 ? dark / area : 0;
}

/** The smallest rectangle (in points from the top-left corner) holding every dark pixel, or null. */
export function darkBounds(image: GrayImage): { left: number; top: number; right: number; bottom: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.pixels[y * image.width + x] >= 128) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x0 === Infinity) return null;
  const s = image.scale;
  return { left: x0 / s, top: y0 / s, right: (x1 + 1) / s, bottom: (y1 + 1) / s };
}
