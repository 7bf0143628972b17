/**
 * The field editor's geometry, as pure functions. Fields and pages are in the API's unit (pixels of
 * the page rendered at 93.6 dpi, from the displayed page's top-left corner; "points" below means
 * that unit); the editor draws pages at one scale (CSS pixels per unit).
 * Page sizes come from the service as displayed (a rotated page's width and height are already
 * swapped), so nothing here knows about rotation: every box is kept within `width × height`.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The smallest a field may be made (a check box is 18). */
export const MIN_FIELD_SIZE = 10;

/** Points are stored to the hundredth: enough for any screen, and no float noise in the API. */
export function roundPoints(value: number): number {
  return Math.round(value * 100) / 100;
}

export function pixelsToPoints(pixels: number, scale: number): number {
  return scale > 0 ? pixels / scale : 0;
}

export function pointsToPixels(points: number, scale: number): number {
  return points * scale;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

function rounded(box: Box): Box {
  return { left: roundPoints(box.left), top: roundPoints(box.top), width: roundPoints(box.width), height: roundPoints(box.height) };
}

/**
 * The box kept wholly on the page: its size no smaller than `minSize` (unless the page itself is
 * smaller) nor bigger than the page, then its corner moved in as little as needed.
 */
export function clampToPage(box: Box, page: Size, minSize = MIN_FIELD_SIZE): Box {
  const width = clamp(box.width, Math.min(minSize, page.width), page.width);
  const height = clamp(box.height, Math.min(minSize, page.height), page.height);
  // Rounding to the hundredth may push an edge past the page by 0.005: floor the corner instead.
  const left = Math.floor(clamp(box.left, 0, page.width - width) * 100) / 100;
  const top = Math.floor(clamp(box.top, 0, page.height - height) * 100) / 100;
  return { left, top, width: roundPoints(width), height: roundPoints(height) };
}

/** The box moved by (dx, dy) points and kept on the page; its size does not change. */
export function moveBox(box: Box, dx: number, dy: number, page: Size): Box {
  return clampToPage({ ...box, left: box.left + dx, top: box.top + dy }, page);
}

/**
 * The box resized from its bottom-right corner by (dw, dh) points: its top-left corner stays, its
 * size stays between `minSize` and what fits on the page from that corner.
 */
export function resizeBox(box: Box, dw: number, dh: number, page: Size, minSize = MIN_FIELD_SIZE): Box {
  const width = clamp(box.width + dw, Math.min(minSize, page.width - box.left), page.width - box.left);
  const height = clamp(box.height + dh, Math.min(minSize, page.height - box.top), page.height - box.top);
  return rounded({ ...box, width, height });
}

/**
 * Where a field dropped at `pointer` goes: centred on it, unless that would cross an edge of the
 * page; then the field starts at the pointer on that side (its edge where the pointer was, the
 * rest inside the page), rather than being pushed against the edge, where a drop near the margin
 * would land on x = 0, over the margin's text. Still kept on the page when it cannot fit otherwise.
 */
export function boxAtPointer(pointer: Point, size: Size, page: Size): Box {
  const along = (at: number, length: number, pageLength: number) => {
    const centred = at - length / 2;
    if (centred < 0) return Math.max(0, at);
    if (centred + length > pageLength) return Math.min(pageLength, at) - length;
    return centred;
  };
  return clampToPage({ left: along(pointer.x, size.width, page.width), top: along(pointer.y, size.height, page.height), width: size.width, height: size.height }, page);
}

/** A screen point (CSS pixels, e.g. the pointer) as points on a page drawn at `pageRect` with `scale`. */
export function screenToPagePoint(screen: Point, pageRect: { left: number; top: number }, scale: number): Point {
  return { x: pixelsToPoints(screen.x - pageRect.left, scale), y: pixelsToPoints(screen.y - pageRect.top, scale) };
}

/** A box in points as CSS pixels on the page drawn at `scale`. */
export function boxToPixels(box: Box, scale: number): Box {
  return {
    left: pointsToPixels(box.left, scale),
    top: pointsToPixels(box.top, scale),
    width: pointsToPixels(box.width, scale),
    height: pointsToPixels(box.height, scale),
  };
}

/**
 * Where a field added with the keyboard goes: left of centre, a fifth down the page, each further
 * one on the page a little lower so they do not hide one another.
 */
export function defaultSpot(size: Size, page: Size, fieldsOnPage: number): Box {
  const step = 24 * (fieldsOnPage % 12);
  return clampToPage({ left: page.width * 0.15 + step / 2, top: page.height * 0.2 + step, width: size.width, height: size.height }, page);
}

export type KeyboardChange = { kind: "move" | "resize"; dx: number; dy: number };

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * What an arrow key does to a selected field: move it 1 point (10 with Shift), or with Shift+Alt
 * resize it by 1 point (10 with Ctrl too). Null for any other key.
 */
export function keyboardChange(key: string, modifiers: { shiftKey: boolean; altKey: boolean; ctrlKey?: boolean }): KeyboardChange | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  if (modifiers.shiftKey && modifiers.altKey) {
    const step = modifiers.ctrlKey ? 10 : 1;
    return { kind: "resize", dx: arrow.x * step, dy: arrow.y * step };
  }
  const step = modifiers.shiftKey ? 10 : 1;
  return { kind: "move", dx: arrow.x * step, dy: arrow.y * step };
}

/** Applies a keyboard change to a box on its page. */
export function applyKeyboardChange(box: Box, change: KeyboardChange, page: Size): Box {
  return change.kind === "move" ? moveBox(box, change.dx, change.dy, page) : resizeBox(box, change.dx, change.dy, page);
}

/** Whether the box lies on the page as the service checks it (half a PDF point of slack). */
export function isOnPage(box: Box, page: Size): boolean {
  const slack = 0.65;
  return box.left >= -slack && box.top >= -slack && box.left + box.width <= page.width + slack && box.top + box.height <= page.height + slack;
}
