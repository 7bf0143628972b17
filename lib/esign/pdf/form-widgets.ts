import { PDFDocument } from "pdf-lib";
import { pageGeometryOf, userSpaceRectToTopLeft, type TopLeftRect } from "./coordinates";

/** A widget (the box on a page) of a field of the PDF's interactive form. */
export interface FormWidget {
  /** The field's fully qualified name, as PDF writers and the original service's SDKs name it. */
  name: string;
  /** 0-based. */
  pageIndex: number;
  /** On the page as displayed, in points. */
  rect: TopLeftRect;
}

/**
 * Every widget of the PDF's form fields that lies on a page, fields in the form's order. A field
 * pdf-lib cannot read is left out: the form is only where positions come from, never refused.
 */
export async function formWidgetsOf(bytes: Uint8Array): Promise<FormWidget[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages();
  const pageOfAnnotation = new Map<string, number>();
  pages.forEach((page, index) => {
    for (const ref of page.node.Annots()?.asArray() ?? []) pageOfAnnotation.set(ref.toString(), index);
  });
  const widgets: FormWidget[] = [];
  for (const field of safely(() => pdf.getForm().getFields()) ?? []) {
    const name = safely(() => field.getName());
    if (!name) continue;
    for (const widget of safely(() => field.acroField.getWidgets()) ?? []) {
      const ref = pdf.context.getObjectRef(widget.dict);
      const byParent = widget.P() ? pages.findIndex((page) => page.ref === widget.P()) : -1;
      const pageIndex = (ref && pageOfAnnotation.get(ref.toString())) ?? byParent;
      if (pageIndex === undefined || pageIndex < 0) continue;
      const rect = widget.getRectangle();
      widgets.push({ name, pageIndex, rect: userSpaceRectToTopLeft(rect, pageGeometryOf(pages[pageIndex])) });
    }
  }
  return widgets;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
