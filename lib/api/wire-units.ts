/**
 * The unit of field positions and page sizes on the wire. OneSpan Sign renders every page at
 * 93.6 dpi and places fields in pixels of that rendering, from the page's top-left corner: a Letter
 * page (612 × 792 points) is 795.6 × 1029.6 (its forum rounds to 796 × 1030), and its SDKs'
 * examples place fields past 612 on Letter pages. Signet keeps PDF points (72 per inch) inside (the
 * stamper, the ceremony, text-tag extraction) and converts here, at the wire, both ways.
 */
export const WIRE_UNITS_PER_POINT = 93.6 / 72;

/**
 * Out to the wire: ten significant digits (a millionth on any page), so that 100 sent comes back
 * as 100, not 99.99999999999999. In: full precision, rounded nowhere on the way.
 */
export function pointsToWire(points: number): number {
  return Number((points * WIRE_UNITS_PER_POINT).toPrecision(10));
}

export function wireToPoints(units: number): number {
  return units / WIRE_UNITS_PER_POINT;
}

export interface WireBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

export function boxToWire<T extends WireBox>(box: T): T {
  return { ...box, top: pointsToWire(box.top), left: pointsToWire(box.left), width: pointsToWire(box.width), height: pointsToWire(box.height) };
}

export function boxToPoints<T extends WireBox>(box: T): T {
  return { ...box, top: wireToPoints(box.top), left: wireToPoints(box.left), width: wireToPoints(box.width), height: wireToPoints(box.height) };
}
