import { type ApprovalInput, type ExtractAnchorInput, type FieldInput } from "@/lib/api/packages";
import { boxToWire, pointsToWire, wireToPoints } from "@/lib/api/wire-units";
import { badRequest } from "@/lib/esign/errors";
import type { TopLeftRect } from "@/lib/esign/pdf/coordinates";
import type { FormWidget } from "@/lib/esign/pdf/form-widgets";
import { pagesOfText, textRect } from "@/lib/esign/pdf/page-text";

/**
 * Places the fields the document positions: `extract` takes the box of the form field of the
 * same name, `extractAnchor` finds text (the original's text anchors). Other fields are returned
 * as they are; the PDF is read only when some field needs it.
 *
 * A field whose anchor the text does not hold (or not as often as its `index` asks) is left out,
 * and an approval left without any of its fields with it, as the original service does: its
 * TextAnchorExtractionExample anchors a field on a second occurrence its document lacks, and
 * passes there.
 */
export async function placeFieldsFromDocument(
  approvals: ApprovalInput[],
  pdf: Uint8Array,
  documentName: string,
  formWidgets: () => Promise<FormWidget[]>,
): Promise<ApprovalInput[]> {
  const fields = approvals.flatMap((approval) => approval.fields);
  const byFormField = fields.filter((field) => field.extract);
  const byAnchor = fields.filter((field) => !field.extract && field.extractAnchor);
  if (byFormField.length === 0 && byAnchor.length === 0) return approvals;
  const placed = new Map<FieldInput, FieldInput | null>();
  if (byFormField.length > 0) {
    const widgets = await formWidgets();
    for (const field of byFormField) placed.set(field, placeOnFormField(field, widgets, documentName));
  }
  const anchored = await findAnchors(byAnchor.map((field) => field.extractAnchor!), pdf, documentName);
  byAnchor.forEach((field, i) => placed.set(field, placeAtAnchor(field, anchored[i], documentName)));
  return approvals.flatMap((approval) => {
    const fields = approval.fields.flatMap((field) => {
      const result = placed.has(field) ? placed.get(field) : field;
      return result ? [result] : [];
    });
    return approval.fields.length > 0 && fields.length === 0 ? [] : [{ ...approval, fields }];
  });
}

function placeOnFormField(field: FieldInput, widgets: FormWidget[], documentName: string): FieldInput {
  if (!field.name) {
    throw badRequest(
      "error.validation.extractWithoutName",
      `A field of document "${documentName}" has extract: true but no name; name it after the PDF form field whose position it takes.`,
    );
  }
  const widget = widgets.find((candidate) => candidate.name === field.name);
  if (!widget) {
    throw badRequest(
      "error.validation.formFieldNotFound",
      `Field "${field.name}" has extract: true, but document "${documentName}" has no form field named "${field.name}" to take its position from.`,
    );
  }
  return { ...field, page: widget.pageIndex, ...boxToWire(widget.rect) };
}

interface FoundAnchor {
  pageIndex: number;
  /** The box of the anchor's character `characterIndex`, in points on the displayed page. */
  character: TopLeftRect;
}

/**
 * The anchors' characters, in one pass over the text; null for an anchor not found as often as
 * its `index` asks. Occurrences are counted from the first page on, case-sensitively, within a line.
 */
async function findAnchors(anchors: ExtractAnchorInput[], pdf: Uint8Array, documentName: string): Promise<(FoundAnchor | null)[]> {
  if (anchors.length === 0) return [];
  for (const anchor of anchors) {
    if ((anchor.characterIndex ?? 0) >= anchor.text.length) {
      throw badRequest(
        "error.validation.textAnchorCharacter",
        `The text anchor "${anchor.text}" has characterIndex ${anchor.characterIndex}, past its last character (${anchor.text.length - 1}).`,
      );
    }
  }
  const found: (FoundAnchor | undefined)[] = anchors.map(() => undefined);
  const seen = anchors.map(() => 0);
  for await (const { pageIndex, geometry, lines } of pagesOfText(pdf, documentName, "cannot be read to find its text anchors")) {
    for (const line of lines) {
      anchors.forEach((anchor, i) => {
        for (let at = line.text.indexOf(anchor.text); at >= 0 && !found[i]; at = line.text.indexOf(anchor.text, at + 1)) {
          if (seen[i]++ !== (anchor.index ?? 0)) continue;
          const character = at + (anchor.characterIndex ?? 0);
          found[i] = { pageIndex, character: textRect(line, character, character + 1, geometry) };
        }
      });
    }
    if (found.every(Boolean)) break;
  }
  return found.map((anchorFound) => anchorFound ?? null);
}

/** The field's top-left corner at the anchor point, moved by the offsets; its size from the anchor, else its own. */
function placeAtAnchor(field: FieldInput, found: FoundAnchor | null, documentName: string): FieldInput | null {
  const anchor = field.extractAnchor!;
  if (!found) return null;
  const width = anchor.width ?? field.width;
  const height = anchor.height ?? field.height;
  if (!width || !height) {
    throw badRequest(
      "error.validation.textAnchorSize",
      `The field anchored on "${anchor.text}" in document "${documentName}" has no size: give the anchor (or the field) a width and a height.`,
    );
  }
  const { left, top, width: charWidth, height: charHeight } = found.character;
  const point = anchor.anchorPoint ?? "TOPLEFT";
  const x = point.endsWith("RIGHT") ? left + charWidth : left;
  const y = point.startsWith("BOTTOM") ? top + charHeight : top;
  return {
    ...field,
    page: found.pageIndex,
    left: pointsToWire(x + wireToPoints(anchor.leftOffset ?? 0)),
    top: pointsToWire(y + wireToPoints(anchor.topOffset ?? 0)),
    width,
    height,
  };
}

