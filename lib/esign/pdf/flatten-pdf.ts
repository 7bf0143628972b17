import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRef,
  type PDFObject,
  type PDFOperator,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
  type PDFPage,
} from "pdf-lib";
import { loadPdfWithPages } from "./corrupt-pdf";

const NAME = {
  acroForm: PDFName.of("AcroForm"),
  fields: PDFName.of("Fields"),
  annots: PDFName.of("Annots"),
  subtype: PDFName.of("Subtype"),
  widget: PDFName.of("Widget"),
  fieldType: PDFName.of("FT"),
  signature: PDFName.of("Sig"),
  parent: PDFName.of("Parent"),
  appearance: PDFName.of("AP"),
  normal: PDFName.of("N"),
  appearanceState: PDFName.of("AS"),
  flags: PDFName.of("F"),
  rect: PDFName.of("Rect"),
  bbox: PDFName.of("BBox"),
  matrix: PDFName.of("Matrix"),
  type: PDFName.of("Type"),
  xObject: PDFName.of("XObject"),
  form: PDFName.of("Form"),
};

/** Annotation flags (PDF 32000-1, 12.5.3) that keep a widget off the page. */
const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

type Matrix = [number, number, number, number, number, number];

/**
 * What the signer sees, not fillable: interactive form fields of the upload are drawn into the
 * page content and removed, and signature fields (pending signatures) are removed without a trace.
 * A PDF without form fields or widgets (an empty AcroForm counts as none) is returned unchanged,
 * byte for byte.
 *
 * This walks the pages' widget annotations rather than using pdf-lib's `form.flatten()`, which
 * throws on widgets without an appearance stream and leaves dangling annotations behind for fields
 * whose widgets are kids of the field.
 */
export async function flattenPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const { pdf, pages } = await loadPdfWithPages(bytes);
  const fieldCount = pdf.catalog.lookupMaybe(NAME.acroForm, PDFDict)?.lookupMaybe(NAME.fields, PDFArray)?.size() ?? 0;
  const hasWidgets = pages.some((page) => annotationsOf(page).some((entry) => isWidget(pdf.context.lookup(entry))));
  if (fieldCount === 0 && !hasWidgets) return bytes;

  if (fieldCount > 0) createMissingAppearances(pdf);
  for (const page of pages) flattenWidgets(pdf, page);
  pdf.catalog.delete(NAME.acroForm);
  return pdf.save({ updateFieldAppearances: false });
}

function annotationsOf(page: PDFPage): PDFObject[] {
  return page.node.lookupMaybe(NAME.annots, PDFArray)?.asArray() ?? [];
}

function isWidget(annotation: PDFObject | undefined): annotation is PDFDict {
  return annotation instanceof PDFDict && annotation.get(NAME.subtype) === NAME.widget;
}

/**
 * Fields saved with a value but no appearance (forms that rely on the viewer's NeedAppearances)
 * would flatten to nothing; pdf-lib draws those appearances. A field it cannot draw (a value
 * outside the standard font's characters, an odd structure) stays as it was: blank when flattened.
 */
function createMissingAppearances(pdf: PDFDocument): void {
  try {
    const form = pdf.getForm();
    for (const field of form.getFields()) {
      try {
        if (field.needsAppearancesUpdate()) field.defaultUpdateAppearances(form.getDefaultFont());
      } catch {
        // this field keeps the appearance it had
      }
    }
  } catch {
    // a form pdf-lib cannot read: the widgets are still flattened from what they carry
  }
}

/** Draws the page's widgets into its content (signatures and hidden ones excepted) and removes them all. */
function flattenWidgets(pdf: PDFDocument, page: PDFPage): void {
  const annotations = annotationsOf(page);
  const kept: PDFObject[] = [];
  const operators: PDFOperator[] = [];
  for (const entry of annotations) {
    const annotation = pdf.context.lookup(entry);
    if (!isWidget(annotation)) kept.push(entry);
    else if (!isSignatureField(annotation) && !isHidden(annotation)) operators.push(...drawAppearance(pdf, page, annotation));
  }
  if (kept.length === annotations.length) return;
  page.node.set(NAME.annots, pdf.context.obj(kept));
  // pdf-lib wraps the page's own content in q/Q before anything is added, so a graphics state
  // the page leaves changed does not move what is drawn here.
  if (operators.length > 0) page.pushOperators(...operators);
}

function drawAppearance(pdf: PDFDocument, page: PDFPage, widget: PDFDict): PDFOperator[] {
  const appearanceRef = normalAppearanceOf(pdf, widget);
  const rect = numbersOf(widget.lookupMaybe(NAME.rect, PDFArray));
  if (!appearanceRef || rect.length !== 4) return [];
  const appearance = pdf.context.lookup(appearanceRef, PDFStream);
  const placement = appearancePlacement(appearance.dict, rect);
  if (!placement) return [];
  // Some writers omit these from appearance streams; drawing with Do needs a form XObject.
  appearance.dict.set(NAME.type, NAME.xObject);
  appearance.dict.set(NAME.subtype, NAME.form);
  const xObjectName = page.node.newXObject("FlatWidget", appearanceRef);
  return [pushGraphicsState(), concatTransformationMatrix(...placement), drawObject(xObjectName), popGraphicsState()];
}

/** FT is inheritable: a widget that is a kid of a field takes it from the field. */
function isSignatureField(widget: PDFDict): boolean {
  let node: PDFDict | undefined = widget;
  for (let depth = 0; node && depth < 32; depth++) {
    const fieldType = node.get(NAME.fieldType);
    if (fieldType) return fieldType === NAME.signature;
    node = node.lookupMaybe(NAME.parent, PDFDict);
  }
  return false;
}

function isHidden(widget: PDFDict): boolean {
  const flags = widget.lookupMaybe(NAME.flags, PDFNumber)?.asNumber() ?? 0;
  return (flags & (HIDDEN | NO_VIEW)) !== 0;
}

/** /AP /N: one stream, or for check boxes and radio buttons one stream per state, chosen by /AS. */
function normalAppearanceOf(pdf: PDFDocument, widget: PDFDict): PDFRef | undefined {
  const normal = widget.lookupMaybe(NAME.appearance, PDFDict)?.get(NAME.normal);
  if (!normal) return undefined;
  const target = pdf.context.lookup(normal);
  if (target instanceof PDFStream) return normal instanceof PDFRef ? normal : undefined;
  if (!(target instanceof PDFDict)) return undefined;
  const state = widget.get(NAME.appearanceState);
  const chosen = state instanceof PDFName ? target.get(state) : undefined;
  return chosen instanceof PDFRef && pdf.context.lookup(chosen) instanceof PDFStream ? chosen : undefined;
}

function numbersOf(array: PDFArray | undefined): number[] {
  if (!array) return [];
  const numbers: number[] = [];
  for (let i = 0; i < array.size(); i++) {
    const value = array.lookup(i);
    if (value instanceof PDFNumber) numbers.push(value.asNumber());
  }
  return numbers;
}

/**
 * The matrix that puts the appearance on the annotation's rectangle, as a viewer does
 * (PDF 32000-1, 12.5.5): the form's bounding box, transformed by its own /Matrix, is scaled and
 * moved onto /Rect. The form XObject applies its /Matrix itself when drawn.
 */
function appearancePlacement(appearance: PDFDict, rect: number[]): Matrix | undefined {
  const bbox = numbersOf(appearance.lookupMaybe(NAME.bbox, PDFArray));
  if (bbox.length !== 4) return undefined;
  const ownMatrix = numbersOf(appearance.lookupMaybe(NAME.matrix, PDFArray));
  const [a, b, c, d, e, f] = ownMatrix.length === 6 ? ownMatrix : [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const box = { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
  const target = {
    left: Math.min(rect[0], rect[2]),
    bottom: Math.min(rect[1], rect[3]),
    right: Math.max(rect[0], rect[2]),
    top: Math.max(rect[1], rect[3]),
  };
  const boxWidth = box.right - box.left;
  const boxHeight = box.top - box.bottom;
  if (boxWidth <= 0 || boxHeight <= 0) return undefined;
  const scaleX = (target.right - target.left) / boxWidth;
  const scaleY = (target.top - target.bottom) / boxHeight;
  return [scaleX, 0, 0, scaleY, target.left - box.left * scaleX, target.bottom - box.bottom * scaleY];
}
