import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makePdf } from "@/tests/support/pdfs";
import { pageSizesOf } from "./inspect-pdf";
import {
  displayedPageSize,
  normalizeRotation,
  pageGeometryOf,
  topLeftPointToUserSpace,
  topLeftRectToUserSpace,
  userSpacePointToTopLeft,
  userSpaceRectToTopLeft,
  type PageGeometry,
  type PageRotation,
} from "./coordinates";

const letter: PageGeometry = { cropBox: { x: 0, y: 0, width: 612, height: 792 }, rotation: 0 };
const cropped = (rotation: PageRotation): PageGeometry => ({ cropBox: { x: 30, y: 50, width: 400, height: 600 }, rotation });

describe("userSpaceRectToTopLeft", () => {
  it("flips y on an unrotated page", () => {
    expect(userSpaceRectToTopLeft({ x: 100, y: 700, width: 50, height: 20 }, letter)).toEqual({
      left: 100,
      top: 72,
      width: 50,
      height: 20,
    });
  });

  it("measures from the crop box, not the media box", () => {
    expect(userSpaceRectToTopLeft({ x: 130, y: 550, width: 50, height: 20 }, cropped(0))).toEqual({
      left: 100,
      top: 80,
      width: 50,
      height: 20,
    });
  });

  // The crop box is 400 wide and 600 high; the rect sits 100 from its left and 500 from its bottom.
  it.each([
    [90, { left: 500, top: 100, width: 20, height: 50 }],
    [180, { left: 250, top: 500, width: 50, height: 20 }],
    [270, { left: 80, top: 250, width: 20, height: 50 }],
  ] as const)("turns the rect with a page rotated %i", (rotation, expected) => {
    expect(userSpaceRectToTopLeft({ x: 130, y: 550, width: 50, height: 20 }, cropped(rotation))).toEqual(expected);
  });

  it("maps the crop box to the whole displayed page", () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      const geometry = cropped(rotation);
      const { width, height } = displayedPageSize(geometry);
      expect(userSpaceRectToTopLeft(geometry.cropBox, geometry)).toEqual({ left: 0, top: 0, width, height });
    }
  });
});

describe("round trips", () => {
  const rects = [
    { left: 0, top: 0, width: 10, height: 10 },
    { left: 12.5, top: 300.25, width: 144, height: 36.75 },
    { left: 250, top: 0.5, width: 149.5, height: 0.25 },
  ];

  it.each([0, 90, 180, 270] as const)("topLeft → user space → topLeft is exact with rotation %i", (rotation) => {
    for (const geometry of [cropped(rotation), { ...letter, rotation }]) {
      for (const rect of rects) {
        expect(userSpaceRectToTopLeft(topLeftRectToUserSpace(rect, geometry), geometry)).toEqual(rect);
        const point = { left: rect.left, top: rect.top };
        expect(userSpacePointToTopLeft(topLeftPointToUserSpace(point, geometry), geometry)).toEqual(point);
      }
    }
  });

  it.each([0, 90, 180, 270] as const)("user space → topLeft → user space is exact with rotation %i", (rotation) => {
    const rect = { x: 77, y: 123.5, width: 60, height: 15 };
    expect(topLeftRectToUserSpace(userSpaceRectToTopLeft(rect, cropped(rotation)), cropped(rotation))).toEqual(rect);
  });
});

describe("agreement with pdf.js", () => {
  // pdf.js's viewport at scale 1 is exactly the displayed page, y down: the reference to match.
  it.each([
    [0, undefined],
    [90, undefined],
    [180, undefined],
    [270, undefined],
    [0, [40, 60, 500, 650]],
    [90, [40, 60, 500, 650]],
    [180, [40, 60, 500, 650]],
    [270, [40, 60, 500, 650]],
  ] as const)("matches the viewport of a page rotated %i with crop box %j", async (rotation, cropBox) => {
    const bytes = await makePdf({ pageRotation: rotation, cropBox: cropBox ? [...cropBox] : undefined });
    const pdfLibPage = (await PDFDocument.load(bytes)).getPage(0);
    const geometry = pageGeometryOf(pdfLibPage);
    const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    try {
      const viewport = (await document.getPage(1)).getViewport({ scale: 1 });
      expect(displayedPageSize(geometry)).toEqual({ width: viewport.width, height: viewport.height });
      for (const [x, y] of [
        [100, 100],
        [45.5, 640],
        [300, 420.25],
      ]) {
        const [left, top] = viewport.convertToViewportPoint(x, y);
        const converted = userSpacePointToTopLeft({ x, y }, geometry);
        expect(converted.left).toBeCloseTo(left, 9);
        expect(converted.top).toBeCloseTo(top, 9);
      }
    } finally {
      await document.destroy();
    }
  });

  it("gives the same displayed size as the stored page sizes", async () => {
    const bytes = await makePdf({ pageRotation: 270, cropBox: [10, 20, 300, 400] });
    const pdf = await PDFDocument.load(bytes);
    const { width, height } = displayedPageSize(pageGeometryOf(pdf.getPage(0)));
    expect(pageSizesOf(pdf)[0]).toEqual({ index: 0, width, height });
  });
});

describe("normalizeRotation", () => {
  it("brings any multiple of 90 into 0..270", () => {
    expect([0, 90, 180, 270, 360, 450, -90, -180, -270].map(normalizeRotation)).toEqual([0, 90, 180, 270, 0, 90, 270, 180, 90]);
  });

  it("refuses other angles", () => {
    expect(() => normalizeRotation(45)).toThrow(/45/);
  });
});
