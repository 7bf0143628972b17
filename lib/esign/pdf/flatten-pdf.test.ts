import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { makeFormPdf, makePdf } from "@/tests/support/pdfs";
import { flattenPdf } from "./flatten-pdf";

async function annotationCount(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().reduce((count, page) => count + (page.node.lookupMaybe(PDFName.of("Annots"), PDFArray)?.size() ?? 0), 0);
}

describe("flattenPdf", () => {
  it("returns a PDF without a form as it is", async () => {
    const plain = await makePdf({ pages: 2 });
    expect(await flattenPdf(plain)).toBe(plain);
  });

  it("draws the fields into the page and removes every field and widget", async () => {
    const form = await makeFormPdf();
    const flattened = await PDFDocument.load(await flattenPdf(form));
    expect(flattened.catalog.has(PDFName.of("AcroForm"))).toBe(false); // before getForm(), which makes one
    expect(flattened.getForm().getFields()).toHaveLength(0);
    expect(await annotationCount(await flattened.save())).toBe(0);
    expect(flattened.getPageCount()).toBe(1);
    // Text field, check box and the two radio buttons each leave one drawn appearance; the signature none.
    const xObjects = flattened.getPage(0).node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
    expect(xObjects.keys().filter((key) => key.asString().startsWith("/FlatWidget"))).toHaveLength(4);
  });

  it("keeps annotations that are not form widgets, such as links", async () => {
    const pdf = await PDFDocument.load(await makeFormPdf());
    const page = pdf.getPage(0);
    const link = pdf.context.register(
      pdf.context.obj({ Type: "Annot", Subtype: "Link", Rect: [72, 300, 200, 320], A: { S: "URI", URI: PDFString.of("https://example.test") } }),
    );
    page.node.addAnnot(link);
    expect(await annotationCount(await flattenPdf(await pdf.save()))).toBe(1);
  });

  it("removes widgets written inline in /Annots, even without an AcroForm", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 200]);
    page.node.set(PDFName.of("Annots"), pdf.context.obj([{ Type: "Annot", Subtype: "Widget", FT: "Tx", Rect: [10, 10, 100, 30] }]));
    const flattened = await flattenPdf(await pdf.save());
    expect(await annotationCount(flattened)).toBe(0);
  });

  it("draws a field whose value has no appearance yet, as viewers honouring NeedAppearances do", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 200]);
    const field = pdf.getForm().createTextField("city");
    field.addToPage(page, { x: 20, y: 100, width: 200, height: 24 });
    field.setText("Lisbon");
    const bytes = await pdf.save({ updateFieldAppearances: false });
    // Drop the appearance pdf-lib made when the widget was added.
    const stripped = await PDFDocument.load(bytes);
    const widget = stripped.getForm().getTextField("city").acroField.getWidgets()[0];
    widget.dict.delete(PDFName.of("AP"));
    const flattened = await PDFDocument.load(await flattenPdf(await stripped.save({ updateFieldAppearances: false })));
    const xObjects = flattened.getPage(0).node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
    expect(xObjects.keys()).toHaveLength(1);
    expect(flattened.getForm().getFields()).toHaveLength(0);
  });
});
