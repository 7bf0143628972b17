import { describe, expect, it } from "vitest";
import { fitSingleLine, fitWrapped, singleLine, type FittedText, type FontMetrics } from "./fit-text";

/** Every character half an em wide; a line box of exactly one em. */
const mono: FontMetrics = { widthOf: (text) => Array.from(text).length * 0.5, ascent: 0.8, descent: 0.2 };

function expectInside(fitted: FittedText, box: { width: number; height: number }) {
  for (const line of fitted.lines) expect(mono.widthOf(line) * fitted.size).toBeLessThanOrEqual(box.width + 1e-9);
  expect(fitted.blockHeight).toBeLessThanOrEqual(box.height + 1e-9);
}

describe("fitSingleLine", () => {
  it("keeps the largest size when the text fits", () => {
    const fitted = fitSingleLine("Ada", { width: 100, height: 20 }, mono, 12);
    expect(fitted).toMatchObject({ size: 12, lines: ["Ada"] });
  });

  it("shrinks a long text to the box's width instead of clipping it", () => {
    const text = "x".repeat(100); // 50 em wide
    const fitted = fitSingleLine(text, { width: 100, height: 20 }, mono, 12);
    expect(fitted.size).toBeCloseTo(2, 6);
    expectInside(fitted, { width: 100, height: 20 });
  });

  it("shrinks to a short box's height", () => {
    const fitted = fitSingleLine("Ada", { width: 100, height: 8 }, mono, 12);
    expect(fitted.size).toBeCloseTo(8, 6);
  });

  it("makes line breaks, tabs and control characters plain spaces", () => {
    expect(singleLine("  Ada\n\tLovelace\u0007 ")).toBe("Ada Lovelace");
    expect(fitSingleLine("Ada\r\nLovelace", { width: 100, height: 20 }, mono, 12).lines).toEqual(["Ada Lovelace"]);
  });
});

describe("fitWrapped", () => {
  it("keeps one line at full size when it fits", () => {
    const fitted = fitWrapped("Short text", { width: 200, height: 40 }, mono, 12);
    expect(fitted).toMatchObject({ size: 12, lines: ["Short text"] });
  });

  it("wraps at spaces when that allows a larger size than one shrunk line", () => {
    const text = "one two three four five six seven eight nine ten"; // 48 characters, 24 em
    const box = { width: 60, height: 60 };
    const fitted = fitWrapped(text, box, mono, 12);
    const oneLine = fitSingleLine(text, box, mono, 12);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.size).toBeGreaterThan(oneLine.size);
    expect(fitted.lines.join(" ")).toBe(text);
    expectInside(fitted, box);
  });

  it("finds the largest size that fits, within the search's precision", () => {
    const text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu";
    const box = { width: 90, height: 45 };
    const fitted = fitWrapped(text, box, mono, 24);
    expectInside(fitted, box);
    const larger = fitWrapped(text, { width: box.width, height: box.height }, mono, fitted.size + 0.2);
    expect(larger.size).toBeLessThan(fitted.size + 0.2);
  });

  it("keeps the text's own line breaks", () => {
    const fitted = fitWrapped("Line one\nLine two\r\n\nLine four", { width: 200, height: 200 }, mono, 12);
    expect(fitted.lines).toEqual(["Line one", "Line two", "", "Line four"]);
    expect(fitted.size).toBe(12);
  });

  it("cuts a word longer than the line between characters", () => {
    const box = { width: 30, height: 100 };
    const fitted = fitWrapped("Supercalifragilisticexpialidocious", box, mono, 12);
    expect(fitted.lines.join("")).toBe("Supercalifragilisticexpialidocious");
    expectInside(fitted, box);
  });

  it("falls back to one shrunk line in a box too small for any wrapped layout", () => {
    const box = { width: 40, height: 0.6 };
    const fitted = fitWrapped("a fairly long value for a tiny box", box, mono, 12);
    expect(fitted.lines).toHaveLength(1);
    expectInside(fitted, box);
  });

  it("never leaves a line wider, or the block taller, than the box", () => {
    const samples = [
      "Zoë Łukasz Straße",
      "A".repeat(300),
      "word ".repeat(200),
      "mixed lengths of words, some verylongwordsthatneedcutting and short ones",
    ];
    for (const text of samples) {
      for (const box of [
        { width: 20, height: 10 },
        { width: 150, height: 14 },
        { width: 300, height: 200 },
      ]) {
        expectInside(fitWrapped(text, box, mono, 12), box);
        expectInside(fitSingleLine(text, box, mono, 12), box);
      }
    }
  });

  it("measures each word and character once, however many sizes it tries", () => {
    let measurements = 0;
    const counting: FontMetrics = { ...mono, widthOf: (text) => (measurements++, mono.widthOf(text)) };
    const text = "lorem ipsum dolor sit amet consectetur adipiscing elit ".repeat(40).trim();
    const fitted = fitWrapped(text, { width: 120, height: 60 }, counting, 24);
    const words = text.split(" ").length;
    const characters = new Set(text.replace(/ /g, "")).size;
    // words and characters once, the space once, and each final line once to confirm the fit
    expect(measurements).toBeLessThanOrEqual(words + characters + 1 + fitted.lines.length);
  });

  it("shrinks when a whole line is wider than its measured pieces (kerning across spaces)", () => {
    const kerned: FontMetrics = { ...mono, widthOf: (text) => mono.widthOf(text) + (text.includes(" ") ? 2 : 0) };
    const box = { width: 60, height: 12 };
    const fitted = fitWrapped("ab cd", box, kerned, 24);
    for (const line of fitted.lines) expect(kerned.widthOf(line) * fitted.size).toBeLessThanOrEqual(box.width + 1e-9);
  });
});
