/**
 * An uploaded picture of a signature, made to sit in its field as a drawn one does: the paper
 * around the ink cut away, and the paper left between the strokes made transparent, so that the
 * seal (which draws an image as large as fits the field, aspect ratio kept) draws the ink, not a
 * photograph of a page with a small signature in it.
 *
 * Works on RGBA pixels (a canvas's ImageData); no DOM, so it is tested on its own.
 */

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface InkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How much darker than the paper a pixel must be to count as ink (0..255 of luminance). */
const INK_CONTRAST = 60;
/** Paper lighter than this below the paper's own shade turns fully transparent; ink darker, opaque. */
const FADE_FROM = 20;
const FADE_OVER = 40;

const luminance = (data: Uint8ClampedArray, i: number) => 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;

/** The paper's shade: the median luminance of the opaque pixels on the picture's border (white when it is transparent). */
export function paperLuminance({ data, width, height }: Pixels): number {
  const shades: number[] = [];
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    if (data[i + 3]! > 32) shades.push(luminance(data, i));
  };
  for (let x = 0; x < width; x++) {
    add(x, 0);
    add(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    add(0, y);
    add(width - 1, y);
  }
  if (shades.length === 0) return 255;
  shades.sort((a, b) => a - b);
  return shades[Math.floor(shades.length / 2)]!;
}

/** The smallest box holding every pixel of ink, with a margin of 4% of its larger side; null when there is no ink. */
export function inkBox(pixels: Pixels, paper = paperLuminance(pixels)): InkBox | null {
  const { data, width, height } = pixels;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i + 3]! <= 32 || luminance(data, i) > paper - INK_CONTRAST) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  const margin = Math.round(Math.max(x1 - x0 + 1, y1 - y0 + 1) * 0.04);
  const left = Math.max(0, x0 - margin);
  const top = Math.max(0, y0 - margin);
  return { left, top, width: Math.min(width, x1 + 1 + margin) - left, height: Math.min(height, y1 + 1 + margin) - top };
}

/** The paper made transparent in place: fully where it is as light as the paper, a soft edge towards the ink. */
export function clearPaper({ data }: Pixels, paper: number): void {
  for (let i = 0; i < data.length; i += 4) {
    const darker = paper - luminance(data, i);
    const opacity = Math.min(1, Math.max(0, (darker - FADE_FROM) / FADE_OVER));
    data[i + 3] = Math.round(data[i + 3]! * opacity);
  }
}
