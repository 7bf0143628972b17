import { describe, expect, it } from "vitest";
import { clearPaper, inkBox, paperLuminance, type Pixels } from "./signature-picture";

/** A `width` × `height` picture of `paper` grey with a dark rectangle of ink. */
function picture(width: number, height: number, paper: number, ink?: { left: number; top: number; width: number; height: number }): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inInk = ink && x >= ink.left && x < ink.left + ink.width && y >= ink.top && y < ink.top + ink.height;
      const shade = inInk ? 20 : paper;
      data.set([shade, shade, shade, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

describe("an uploaded signature picture", () => {
  it("finds the ink on white paper and keeps a small margin around it", () => {
    const pixels = picture(400, 400, 255, { left: 150, top: 180, width: 100, height: 25 });
    expect(paperLuminance(pixels)).toBe(255);
    expect(inkBox(pixels)).toEqual({ left: 146, top: 176, width: 108, height: 33 });
  });

  it("finds ink on grey paper (a photograph), whose shade is the border's", () => {
    const pixels = picture(200, 100, 170, { left: 20, top: 40, width: 160, height: 20 });
    expect(paperLuminance(pixels)).toBeCloseTo(170, 0);
    const box = inkBox(pixels)!;
    expect(box.left).toBeLessThanOrEqual(20);
    expect(box.left + box.width).toBeGreaterThanOrEqual(180);
  });

  it("has no ink box on blank paper", () => {
    expect(inkBox(picture(50, 50, 240))).toBeNull();
  });

  it("makes the paper transparent and leaves the ink opaque", () => {
    const pixels = picture(10, 10, 230, { left: 2, top: 2, width: 3, height: 3 });
    clearPaper(pixels, 230);
    expect(pixels.data[3]).toBe(0);
    expect(pixels.data[(3 * 10 + 3) * 4 + 3]).toBe(255);
  });
});
