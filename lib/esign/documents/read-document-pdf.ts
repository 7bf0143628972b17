import type { ApprovalInput, DocumentInput, PlacedApprovalInput } from "@/lib/api/packages";
import { formWidgetsOf, type FormWidget } from "@/lib/esign/pdf/form-widgets";
import { inspectPdf, type PageSize, type PdfLimits } from "@/lib/esign/pdf/inspect-pdf";
import type { PageRange } from "@/lib/esign/pdf/page-text";
import { extractTextTags, textTagRanges } from "@/lib/esign/text-tags/extract-text-tags";
import { extractNamedFormFields } from "./form-field-extraction";
import type { NamedRole } from "./named-roles";
import { placeFieldsFromDocument } from "./place-fields-from-document";

export interface ReadDocumentPdfInput {
  bytes: Uint8Array;
  input: DocumentInput;
  /** The package's roles, and those earlier documents' tags named. */
  roles: NamedRole[];
  limits: PdfLimits;
  /** The PDF workers a long document's text tags may be read on at once, by page ranges. */
  textTagWorkers: number;
}

export interface ReadDocumentPdf {
  pages: PageSize[];
  tagged: boolean;
  /** The document's own approvals, their fields placed by form field or text anchor. */
  given: ApprovalInput[];
  /** Approvals read from the document: form fields named by the extraction convention, text tags. */
  extracted: PlacedApprovalInput[];
  /**
   * The page ranges whose text tags are still to be read, each by a job of its own on the
   * workers at once (`textTagsOf`), when the document is long enough for that to pay; then
   * `extracted` holds no text tag yet.
   */
  textTagRanges: PageRange[];
}

/**
 * What an upload's PDF says: its pages, and the fields it places. All the parsing of an upload is
 * here, so that it runs as one job of the PDF worker pool (lib/esign/pdf/pdf-pool.ts), inspected
 * (and refused past the limits) before anything else reads it; only a long document's text tags
 * are left to jobs of their own, by page ranges on several workers at once.
 */
export async function readDocumentPdf({ bytes, input, roles, limits, textTagWorkers }: ReadDocumentPdfInput): Promise<ReadDocumentPdf> {
  const { pages, tagged } = await inspectPdf(bytes, input.name, limits);
  let widgets: Promise<FormWidget[]> | undefined;
  const formWidgets = () => (widgets ??= formWidgetsOf(bytes));
  const given = await placeFieldsFromDocument(input.approvals, bytes, input.name, formWidgets);
  const extractions = extractionsOf(input);
  const extracted = extractions.formFields ? extractNamedFormFields(await formWidgets(), roles) : [];
  const ranges = extractions.textTags ? textTagRanges(pages.length, textTagWorkers) : [];
  if (ranges.length === 1) return { pages, tagged, given, extracted: [...extracted, ...(await extractTextTags(bytes, roles, input.name))], textTagRanges: [] };
  return { pages, tagged, given, extracted, textTagRanges: ranges };
}

/**
 * What `extract: true` reads from the document, as the original service does: its form fields
 * named by the extraction convention when `extractionTypes` is empty or lists ACROFIELDS, its
 * text tags when it lists TEXT_TAGS.
 */
function extractionsOf(input: DocumentInput): { formFields: boolean; textTags: boolean } {
  if (!input.extract) return { formFields: false, textTags: false };
  const types = input.extractionTypes ?? [];
  return { formFields: types.length === 0 || types.includes("ACROFIELDS"), textTags: types.includes("TEXT_TAGS") };
}
