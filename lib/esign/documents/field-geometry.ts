import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
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
 * Fields are in PDF points from the displayed page's top-left corner; one that does not lie
 * wholly within its page is refused (a classic integration bug: percentages or pixels sent as points).
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
    throw badRequest(
      "error.validation.fieldOutsidePage",
      `${where} (left ${field.left}, top ${field.top}, width ${field.width}, height ${field.height}) does not fit on page ` +
        `index ${field.page}, which is ${page.width} × ${page.height} points. Positions are in PDF points from the page's top-left corner.`,
    );
  }
}
