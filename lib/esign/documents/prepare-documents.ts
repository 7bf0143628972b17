import type { ApprovalInput, DocumentInput } from "@/lib/api/packages";
import { badRequest } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { inspectPdf, type PageSize } from "@/lib/esign/pdf/inspect-pdf";
import { formWidgetsOf, type FormWidget } from "@/lib/esign/pdf/form-widgets";
import { extractTextTags } from "@/lib/esign/text-tags/extract-text-tags";
import { CONSENT_DOCUMENT_ID } from "./consent-document";
import { extractNamedFormFields } from "./form-field-extraction";
import type { NamedRole } from "./named-roles";
import { placeFieldsFromDocument } from "./place-fields-from-document";

export interface DocumentFile {
  fileName: string;
  bytes: Buffer;
}

/** A document checked and ready to store: its bytes parsed, its pages measured, its text tags read. */
export interface PreparedDocument {
  id: string;
  input: DocumentInput;
  file: DocumentFile;
  pages: PageSize[];
  approvals: ApprovalInput[];
  /** A Tagged PDF (accessible: see inspectPdf). */
  tagged: boolean;
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

/** The roles text tags and form fields named that the package lacks (see roleNamed): the caller creates them, without a signer yet. */
export function rolesNamedByTags(prepared: PreparedDocument[], roles: NamedRole[]): string[] {
  const known = new Set(roles.map((role) => role.id));
  const tagged = prepared.flatMap((document) => document.approvals.slice(document.input.approvals.length).map((approval) => approval.role));
  return [...new Set(tagged)].filter((id) => !known.has(id));
}

/**
 * Matches uploaded files to documents by order (compat notes: "Match files to documents by
 * order"), and validates every file before anything is stored.
 */
export async function prepareDocuments(
  inputs: DocumentInput[],
  files: DocumentFile[],
  roles: NamedRole[],
): Promise<PreparedDocument[]> {
  if (files.length !== inputs.length) {
    throw badRequest(
      "error.validation.documentFileCount",
      files.length === 0
        ? `The payload lists ${inputs.length} document(s) but no file was uploaded; send multipart/form-data with one "file" part per document.`
        : `The payload lists ${inputs.length} document(s) but ${files.length} file(s) were uploaded; send one "file" part per document, in the order of "documents".`,
    );
  }
  const prepared: PreparedDocument[] = [];
  // Grows with the roles tags name anew, so that the next document's tags find them by name too.
  const knownRoles = [...roles];
  for (const [i, input] of inputs.entries()) {
    const id = input.id ?? newId(9);
    if (id === CONSENT_DOCUMENT_ID) {
      throw badRequest("error.validation.reservedDocumentId", `The document id "${CONSENT_DOCUMENT_ID}" is reserved for the consent document.`);
    }
    const file = files[i];
    const { pages, tagged } = await inspectPdf(file.bytes, input.name);
    let widgets: Promise<FormWidget[]> | undefined;
    const formWidgets = () => (widgets ??= formWidgetsOf(file.bytes));
    const given = await placeFieldsFromDocument(input.approvals, file.bytes, input.name, formWidgets);
    const extractions = extractionsOf(input);
    const extracted = [
      ...(extractions.formFields ? extractNamedFormFields(await formWidgets(), knownRoles) : []),
      ...(extractions.textTags ? await extractTextTags(file.bytes, knownRoles, input.name) : []),
    ];
    for (const approval of extracted) if (!knownRoles.some((role) => role.id === approval.role)) knownRoles.push({ id: approval.role, name: approval.role });
    prepared.push({ id, input, file, pages, approvals: [...given, ...extracted], tagged });
  }
  return prepared;
}
