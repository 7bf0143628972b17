import { threadId } from "node:worker_threads";
import { readDocumentPdf } from "@/lib/esign/documents/read-document-pdf";
import { ServiceError } from "@/lib/esign/errors";
import type { CertificateInput } from "@/lib/esign/evidence/evidence-summary-pdf";
import type { SealDocumentInput } from "@/lib/esign/sealing/seal-document";
import { textTagsOf } from "@/lib/esign/text-tags/extract-text-tags";
import { type CertificateMaterial, certificateOf } from "./certificate-material";
import { flattenPdf } from "./flatten-pdf";
import type { PageRange } from "./page-text";
import { pdfium, pdfiumMemoryBytes } from "./pdfium";

/*
 * Sealing and the certificate of completion, loaded by a worker's first job that needs them:
 * their fonts' libraries (fontkit, HarfBuzz) were two thirds of the time every new worker took to
 * load, an upload's worker included, which never uses them. `require`, not `import()`: under tsx
 * (vitest, `next dev`) only require resolves the "@/" paths; esbuild defers a required module's
 * evaluation to the call all the same.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const sealing = (): typeof import("@/lib/esign/sealing/seal-document") => require("@/lib/esign/sealing/seal-document");
const certificateLayout = (): typeof import("@/lib/esign/evidence/evidence-summary-pdf") => require("@/lib/esign/evidence/evidence-summary-pdf");
/* eslint-enable @typescript-eslint/no-require-imports */

/** The work the PDF worker pool does: everything that parses or writes a PDF on behalf of a request or job. */
export const pdfJobs = {
  readDocumentPdf,
  textTagsOf: ({ bytes, documentName, range }: { bytes: Uint8Array; documentName: string; range: PageRange }) => textTagsOf(bytes, documentName, range),
  flattenPdf: ({ bytes }: { bytes: Uint8Array }) => flattenPdf(bytes),
  sealDocument: async ({ certificate, ...input }: Omit<SealDocumentInput, "certificate"> & { certificate: CertificateMaterial }) =>
    sealing().sealDocument({ ...input, certificate: certificateOf(certificate) }),
  /**
   * The certificate of completion laid out, its signatures drawn, and sealed: here rather than on
   * the thread that answers requests, so that the fonts a name needs (CJK faces are megabytes) are
   * only ever loaded by a worker, which ends when idle.
   */
  sealCertificate: async ({ layout, certificate, ...signing }: { layout: CertificateInput } & Omit<SealDocumentInput, "certificate" | "pdf" | "fields"> & { certificate: CertificateMaterial }) => {
    const { pdf, signatureStamps } = await certificateLayout().layOutCertificate(layout);
    return sealing().sealDocument({ ...signing, pdf, fields: signatureStamps, language: layout.language, certificate: certificateOf(certificate) });
  },
};

export type PdfJobs = typeof pdfJobs;
export type PdfJobName = keyof PdfJobs;

/**
 * A job's result, or the ServiceError it ended with (an error's own fields are lost between
 * threads), with the worker thread that ran it (the pool ends that worker after a large job, and
 * when it asks to be retired).
 */
export type PdfJobAnswer = { threadId: number; retire?: boolean } & (
  | { value: unknown }
  | { serviceError: { status: number; messageKey: string; message: string; technical?: string } }
  | { readerFailed: string }
);

/**
 * PDFium's memory past which its worker asks to be retired: WebAssembly memory only grows, so a
 * worker that read a large document keeps it until it ends (PDFium's own start takes about 20 MB).
 */
const RETIRE_PAST_PDFIUM_BYTES = 128 * 1024 * 1024;

/** A job as handed to a worker: `startedFlag` is shared with the pool's watchdog, which counts time and memory from when it is set. */
export interface PdfTask {
  job: PdfJobName;
  input: unknown;
  startedFlag: Int32Array;
}

/**
 * Loads what `job` uses before its start flag is set: loading a library is the worker's start, not
 * the job's, and the watchdog counts a job's time and memory from the flag. Each loads once per
 * worker, and only for the jobs that use it: PDFium (its WebAssembly compiled in 0.1 to 0.2 s) to
 * read text (an upload, a seal covering text tags), sealing's modules and fonts' libraries to seal.
 */
async function loadLibrariesFor(job: PdfJobName, input: unknown): Promise<void> {
  const readsText = job === "readDocumentPdf" || job === "textTagsOf" || (job === "sealDocument" && (input as { coverTextTags?: boolean }).coverTextTags === true);
  if (readsText) await pdfium();
  if (job === "sealDocument" || job === "sealCertificate") sealing();
  if (job === "sealCertificate") certificateLayout();
}

/** Runs in a worker of the pool (compiled into .next by `npm run build`, or through pdf-worker.cjs). */
export async function runPdfJobHere({ job, input, startedFlag }: PdfTask): Promise<PdfJobAnswer> {
  await loadLibrariesFor(job, input);
  Atomics.store(startedFlag, 0, 1);
  try {
    const value = await pdfJobs[job](input as never);
    return { threadId, retire: pdfiumMemoryBytes() > RETIRE_PAST_PDFIUM_BYTES, value };
  } catch (error) {
    // PDFium ran out of memory or failed one of its checks: its module can serve no other job.
    if (error instanceof WebAssembly.RuntimeError) return { threadId, retire: true, readerFailed: error.message };
    if (!(error instanceof ServiceError)) throw error;
    const { status, messageKey, message, technical } = error;
    return { threadId, retire: pdfiumMemoryBytes() > RETIRE_PAST_PDFIUM_BYTES, serviceError: { status, messageKey, message, technical } };
  }
}
