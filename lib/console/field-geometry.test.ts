import { describe, expect, it } from "vitest";
import {
  applyKeyboardChange,
  boxAtPointer,
  boxToPixels,
  clampToPage,
  defaultSpot,
  isOnPage,
  keyboardChange,
  MIN_FIELD_SIZE,
  moveBox,
  pixelsToPoints,
  pointsToPixels,
  resizeBox,
  screenToPagePoint,
} from "./field-geometry";

const letter = { width: 612, height: 792 };
/** A letter page turned 90°: the service answers its displayed size, width and height swapped. */
const letterTurned = { width: 792, height: 612 };

describe("pixels and points", () => {
  it("converts both ways by the scale", () => {
    expect(pointsToPixels(100, 1.5)).toBe(150);
    expect(pixelsToPoints(150, 1.5)).toBe(100);
    expect(pixelsToPoints(pointsToPixels(72.25, 0.8), 0.8)).toBeCloseTo(72.25);
  });

  it("answers 0 points while the page has no scale yet", () => {
    expect(pixelsToPoints(40, 0)).toBe(0);
  });

  it("places a pointer on the page by the page's screen corner and the scale", () => {
    expect(screenToPagePoint({ x: 350, y: 260 }, { left: 50, top: 60 }, 2)).toEqual({ x: 150, y: 100 });
  });

  it("draws a box in pixels", () => {
    expect(boxToPixels({ left: 10, top: 20, width: 180, height: 40 }, 0.5)).toEqual({ left: 5, top: 10, width: 90, height: 20 });
  });
});

describe("clampToPage", () => {
  it("keeps a box that fits as it is", () => {
    expect(clampToPage({ left: 72, top: 100, width: 180, height: 40 }, letter)).toEqual({ left: 72, top: 100, width: 180, height: 40 });
  });

  it("moves a box past the right and bottom edges back in", () => {
    expect(clampToPage({ left: 500, top: 780, width: 180, height: 40 }, letter)).toEqual({ left: 432, top: 752, width: 180, height: 40 });
  });

  it("moves a box past the left and top edges back in", () => {
    expect(clampToPage({ left: -30, top: -5, width: 60, height: 40 }, letter)).toEqual({ left: 0, top: 0, width: 60, height: 40 });
  });

  it("shrinks a box bigger than the page to the page", () => {
    expect(clampToPage({ left: 10, top: 10, width: 1000, height: 2000 }, letter)).toEqual({ left: 0, top: 0, width: 612, height: 792 });
  });

  it("grows a box below the minimum size", () => {
    expect(clampToPage({ left: 10, top: 10, width: 2, height: 0 }, letter)).toMatchObject({ width: MIN_FIELD_SIZE, height: MIN_FIELD_SIZE });
  });

  it("uses the displayed size of a turned page: wider than tall", () => {
    // 700 points from the left fits on the turned page (792 wide), not on the upright one (612).
    expect(clampToPage({ left: 600, top: 20, width: 180, height: 40 }, letterTurned)).toEqual({ left: 600, top: 20, width: 180, height: 40 });
    expect(clampToPage({ left: 600, top: 20, width: 180, height: 40 }, letter).left).toBe(432);
    expect(clampToPage({ left: 10, top: 600, width: 180, height: 40 }, letterTurned).top).toBe(572);
  });

  it("never leaves a box off the page after rounding", () => {
    const page = { width: 595.276, height: 841.89 };
    const box = clampToPage({ left: 1000, top: 1000, width: 33.333, height: 17.777 }, page);
    expect(box.left + box.width).toBeLessThanOrEqual(page.width + 0.01);
    expect(box.top + box.height).toBeLessThanOrEqual(page.height + 0.01);
    expect(isOnPage(box, page)).toBe(true);
  });
});

describe("moveBox", () => {
  it("moves by points", () => {
    expect(moveBox({ left: 72, top: 100, width: 180, height: 40 }, 10, -20, letter)).toEqual({ left: 82, top: 80, width: 180, height: 40 });
  });

  it("stops at the page's edges without changing the size", () => {
    expect(moveBox({ left: 400, top: 700, width: 180, height: 40 }, 500, 500, letter)).toEqual({ left: 432, top: 752, width: 180, height: 40 });
    expect(moveBox({ left: 5, top: 5, width: 14, height: 14 }, -50, -50, letter)).toEqual({ left: 0, top: 0, width: 14, height: 14 });
  });

  it("lets a field travel further right on a turned page", () => {
    expect(moveBox({ left: 400, top: 100, width: 180, height: 40 }, 300, 0, letterTurned).left).toBe(612);
  });
});

describe("resizeBox", () => {
  it("grows from the bottom-right corner, the top-left corner staying", () => {
    expect(resizeBox({ left: 72, top: 100, width: 180, height: 40 }, 20, 10, letter)).toEqual({ left: 72, top: 100, width: 200, height: 50 });
  });

  it("stops at the page's edges", () => {
    expect(resizeBox({ left: 500, top: 760, width: 100, height: 20 }, 100, 100, letter)).toEqual({ left: 500, top: 760, width: 112, height: 32 });
  });

  it("keeps the minimum size", () => {
    expect(resizeBox({ left: 72, top: 100, width: 20, height: 20 }, -100, -100, letter)).toEqual({ left: 72, top: 100, width: MIN_FIELD_SIZE, height: MIN_FIELD_SIZE });
  });

  it("measures the room left by the turned page's displayed size", () => {
    expect(resizeBox({ left: 600, top: 500, width: 100, height: 40 }, 200, 200, letterTurned)).toEqual({ left: 600, top: 500, width: 192, height: 112 });
  });
});

describe("placing new fields", () => {
  it("centres a dropped field on the pointer", () => {
    expect(boxAtPointer({ x: 300, y: 400 }, { width: 180, height: 40 }, letter)).toEqual({ left: 210, top: 380, width: 180, height: 40 });
  });

  it("starts a field dropped near an edge at the pointer, inside the page, not against the edge", () => {
    expect(boxAtPointer({ x: 30, y: 400 }, { width: 180, height: 40 }, letter)).toEqual({ left: 30, top: 380, width: 180, height: 40 });
    expect(boxAtPointer({ x: 300, y: 10 }, { width: 180, height: 40 }, letter)).toEqual({ left: 210, top: 10, width: 180, height: 40 });
    expect(boxAtPointer({ x: letter.width - 30, y: 400 }, { width: 180, height: 40 }, letter)).toEqual({ left: letter.width - 30 - 180, top: 380, width: 180, height: 40 });
  });

  it("keeps a field dropped at the page's corner on the page", () => {
    expect(boxAtPointer({ x: letter.width, y: letter.height }, { width: 180, height: 40 }, letter)).toEqual({ left: letter.width - 180, top: letter.height - 40, width: 180, height: 40 });
    expect(boxAtPointer({ x: 0, y: 0 }, { width: 14, height: 14 }, letter)).toEqual({ left: 0, top: 0, width: 14, height: 14 });
    expect(boxAtPointer({ x: 5, y: 5 }, { width: 700, height: 40 }, letter)).toEqual({ left: 0, top: 5, width: letter.width, height: 40 });
  });

  it("puts keyboard-added fields at a default spot, staggered, on the page", () => {
    const first = defaultSpot({ width: 180, height: 40 }, letter, 0);
    const second = defaultSpot({ width: 180, height: 40 }, letter, 1);
    expect(isOnPage(first, letter)).toBe(true);
    expect(second.top).toBeGreaterThan(first.top);
    for (let count = 0; count < 40; count++) expect(isOnPage(defaultSpot({ width: 180, height: 40 }, { width: 200, height: 100 }, count), { width: 200, height: 100 })).toBe(true);
  });
});

describe("keyboard", () => {
  it("moves 1 point with an arrow, 10 with Shift", () => {
    expect(keyboardChange("ArrowRight", { shiftKey: false, altKey: false })).toEqual({ kind: "move", dx: 1, dy: 0 });
    expect(keyboardChange("ArrowUp", { shiftKey: true, altKey: false })).toEqual({ kind: "move", dx: 0, dy: -10 });
  });

  it("resizes with Shift+Alt", () => {
    expect(keyboardChange("ArrowDown", { shiftKey: true, altKey: true })).toEqual({ kind: "resize", dx: 0, dy: 1 });
    expect(keyboardChange("ArrowLeft", { shiftKey: true, altKey: true, ctrlKey: true })).toEqual({ kind: "resize", dx: -10, dy: 0 });
  });

  it("ignores other keys", () => {
    expect(keyboardChange("Enter", { shiftKey: false, altKey: false })).toBeNull();
  });

  it("applies a change within the page", () => {
    const box = { left: 0, top: 0, width: 14, height: 14 };
    expect(applyKeyboardChange(box, { kind: "move", dx: -10, dy: 0 }, letter)).toEqual(box);
    expect(applyKeyboardChange(box, { kind: "resize", dx: 10, dy: 10 }, letter)).toEqual({ left: 0, top: 0, width: 24, height: 24 });
  });
});
