import type { ApprovalInput, DocumentInput } from "@/lib/api/packages";
import { config } from "@/lib/config";
import { badRequest } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import type { PageSize } from "@/lib/esign/pdf/inspect-pdf";
import type { PageRange } from "@/lib/esign/pdf/page-text";
import { runPdfJob, type PdfJobFor } from "@/lib/esign/pdf/pdf-pool";
import { approvalsFromTextTags, type TagOnPage } from "@/lib/esign/text-tags/approvals-from-text-tags";
import { CONSENT_DOCUMENT_ID } from "./consent-document-id";
import type { NamedRole } from "./named-roles";

export interface DocumentFile {
  fileName: string;
  bytes: Buffer;
  /** The SHA-256 of the bytes when the upload hashed them as they arrived (multipart). */
  sha256?: string;
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

/** The roles text tags and form fields named that the package lacks (see roleNamed): the caller creates them, without a signer yet. */
export function rolesNamedByTags(prepared: PreparedDocument[], roles: NamedRole[]): string[] {
  const known = new Set(roles.map((role) => role.id));
  const tagged = prepared.flatMap((document) => document.approvals.slice(document.input.approvals.length).map((approval) => approval.role));
  return [...new Set(tagged)].filter((id) => !known.has(id));
}

/**
 * Matches uploaded files to documents by order (compat notes: "Match files to documents by
 * order"), and validates every file before anything is stored. Each file is read on the PDF
 * worker pool (readDocumentPdf), one after the other, in the turns of the package's account.
 */
export async function prepareDocuments(
  accountId: string,
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
    const { maxPdfPages, maxPdfStreamBytes, maxPdfDecodedBytes, pdfWorkerThreads } = config();
    const jobFor = { accountId, documentName: input.name };
    const { pages, tagged, given, extracted, textTagRanges } = await runPdfJob(
      "readDocumentPdf",
      {
        bytes: file.bytes,
        input,
        roles: knownRoles,
        limits: { maxPages: maxPdfPages, maxStreamBytes: maxPdfStreamBytes, maxDecodedBytes: maxPdfDecodedBytes },
        textTagWorkers: pdfWorkerThreads,
      },
      jobFor,
    );
    if (textTagRanges.length) extracted.push(...approvalsFromTextTags(await readTextTags(file.bytes, textTagRanges, jobFor), knownRoles, input.name));
    for (const approval of extracted) if (!knownRoles.some((role) => role.id === approval.role)) knownRoles.push({ id: approval.role, name: approval.role });
    prepared.push({ id, input, file, pages, approvals: [...given, ...extracted], tagged });
  }
  return prepared;
}

/**
 * The text tags of the page ranges of an inspected document, each read by a job of its own on the
 * workers at once, in page order. A refusal is the one of the earliest range that has one: the one
 * reading page by page would have met first. The upload was let in already: its ranges are not
 * refused for the account's jobs waiting.
 */
async function readTextTags(bytes: Buffer, ranges: PageRange[], jobFor: PdfJobFor): Promise<TagOnPage[]> {
  const results = await Promise.allSettled(ranges.map((range) => runPdfJob("textTagsOf", { bytes, documentName: jobFor.documentName, range }, { ...jobFor, admitted: true })));
  const refused = results.find((result) => result.status === "rejected");
  if (refused) throw refused.reason;
  return results.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
}
