import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { boxToWire, pointsToWire } from "@/lib/api/wire-units";
import { badRequest } from "@/lib/esign/errors";

/** Rounding slack, so a field drawn flush with the page edge by a client is not refused. */
const TOLERANCE = 0.5;

export interface FieldBox {
  page: number;
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * `field` and `pages` are in PDF points from the displayed page's top-left corner; a field that
 * does not lie wholly within its page is refused (a classic integration bug: percentages or PDF
 * points sent where the wire's unit is expected, or the reverse). The refusal speaks the wire's unit.
 */
export function assertFieldOnPage(field: FieldBox, pages: PageSize[], where: string): void {
  const page = pages[field.page];
  if (!page) {
    throw badRequest(
      "error.validation.fieldPageOutOfRange",
      `${where} is on page index ${field.page}, but the document has ${pages.length} page(s) (indexes start at 0).`,
    );
  }
  const fits =
    field.left >= -TOLERANCE &&
    field.top >= -TOLERANCE &&
    field.left + field.width <= page.width + TOLERANCE &&
    field.top + field.height <= page.height + TOLERANCE;
  if (!fits) {
    const wire = boxToWire(field);
    throw badRequest(
      "error.validation.invalidPageLocation",
      `${where} (left ${wire.left}, top ${wire.top}, width ${wire.width}, height ${wire.height}) does not fit on page ` +
        `index ${field.page}, which is ${pointsToWire(page.width)} × ${pointsToWire(page.height)}. Positions are in pixels of the page ` +
        `rendered at 93.6 dpi (1.3 per PDF point) from its top-left corner, as the document's pages list them.`,
    );
  }
}
