/**
 * The two coordinate systems of a page, and the one conversion each way between them.
 *
 * - PDF user space: points, origin at the bottom-left of the unrotated page (the media box's
 *   space), y up. pdf-lib draws in it and pdf.js reports text positions in it.
 * - Top-left (how fields are stored): points from the top-left corner of the page as displayed,
 *   y down. The displayed page is the crop box turned clockwise by the page's /Rotate.
 */

export type PageRotation = 0 | 90 | 180 | 270;

export interface UserSpacePoint {
  x: number;
  y: number;
}

export interface TopLeftPoint {
  left: number;
  top: number;
}

/** A rectangle in PDF user space: (x, y) is its lower-left corner. */
export interface UserSpaceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rectangle on the displayed page, as fields are stored. */
export interface TopLeftRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PageGeometry {
  /** In user space. */
  cropBox: UserSpaceRect;
  /** The page's /Rotate: how far the page is turned clockwise for display. */
  rotation: PageRotation;
}

/** Any multiple of 90 (negative, or 450) as 0, 90, 180 or 270; anything else is not a valid /Rotate. */
export function normalizeRotation(degrees: number): PageRotation {
  if (!Number.isInteger(degrees) || degrees % 90 !== 0) throw new Error(`Page rotation ${degrees} is not a multiple of 90.`);
  return ((((degrees % 360) + 360) % 360) as PageRotation);
}

/** The geometry of a pdf-lib page (typed structurally so that this module does not import pdf-lib). */
export function pageGeometryOf(page: {
  getCropBox(): UserSpaceRect;
  getRotation(): { angle: number };
}): PageGeometry {
  const { x, y, width, height } = page.getCropBox();
  return { cropBox: { x, y, width, height }, rotation: normalizeRotation(page.getRotation().angle) };
}

/** The size of the page as displayed: the crop box, with width and height swapped when turned a quarter. */
export function displayedPageSize(geometry: PageGeometry): { width: number; height: number } {
  const { width, height } = geometry.cropBox;
  const quarterTurned = geometry.rotation === 90 || geometry.rotation === 270;
  return quarterTurned ? { width: height, height: width } : { width, height };
}

export function userSpacePointToTopLeft(point: UserSpacePoint, geometry: PageGeometry): TopLeftPoint {
  const { cropBox, rotation } = geometry;
  // Relative to the crop box's lower-left corner, still y up.
  const x = point.x - cropBox.x;
  const y = point.y - cropBox.y;
  switch (rotation) {
    case 0:
      return { left: x, top: cropBox.height - y };
    case 90:
      return { left: y, top: x };
    case 180:
      return { left: cropBox.width - x, top: y };
    case 270:
      return { left: cropBox.height - y, top: cropBox.width - x };
  }
}

/**
 * The inverse of userSpacePointToTopLeft.
 *
 * To draw something upright on a rotated page (the stamper), draw it from the user-space point
 * of its displayed bottom-left corner, `{left, top: top + height}`, rotated counter-clockwise by
 * `geometry.rotation` degrees (pdf-lib's `rotate: degrees(geometry.rotation)`).
 */
export function topLeftPointToUserSpace(point: TopLeftPoint, geometry: PageGeometry): UserSpacePoint {
  const { cropBox, rotation } = geometry;
  const { left, top } = point;
  switch (rotation) {
    case 0:
      return { x: cropBox.x + left, y: cropBox.y + cropBox.height - top };
    case 90:
      return { x: cropBox.x + top, y: cropBox.y + left };
    case 180:
      return { x: cropBox.x + cropBox.width - left, y: cropBox.y + top };
    case 270:
      return { x: cropBox.x + cropBox.width - top, y: cropBox.y + cropBox.height - left };
  }
}

export function userSpaceRectToTopLeft(rect: UserSpaceRect, geometry: PageGeometry): TopLeftRect {
  const a = userSpacePointToTopLeft({ x: rect.x, y: rect.y }, geometry);
  const b = userSpacePointToTopLeft({ x: rect.x + rect.width, y: rect.y + rect.height }, geometry);
  return {
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    width: Math.abs(b.left - a.left),
    height: Math.abs(b.top - a.top),
  };
}

export function topLeftRectToUserSpace(rect: TopLeftRect, geometry: PageGeometry): UserSpaceRect {
  const a = topLeftPointToUserSpace({ left: rect.left, top: rect.top }, geometry);
  const b = topLeftPointToUserSpace({ left: rect.left + rect.width, top: rect.top + rect.height }, geometry);
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
  };
}
