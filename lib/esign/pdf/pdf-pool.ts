import path from "node:path";
import { Piscina } from "piscina";
import { config } from "@/lib/config";
import { ServiceError, unprocessable } from "@/lib/esign/errors";
import type { PdfJobAnswer, PdfJobName, PdfJobs } from "./pdf-jobs";
import { logger } from "@/lib/observability/logger";

/** Resolved at run time from the project folder: a worker file is not part of Next's bundle. */
const WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "esign", "pdf", "pdf-worker.cjs");

/** On globalThis, so that hot reload in `next dev` does not start a second pool. */
const holder = globalThis as unknown as { signetPdfPool?: Piscina };

function pdfPool(): Piscina {
  if (!holder.signetPdfPool) {
    const { pdfWorkerThreads, pdfWorkerMemoryMb, pdfWorkerIdleMs } = config();
    holder.signetPdfPool = new Piscina({
      filename: WORKER_FILE,
      // Workers start with the first job and end after PDF_WORKER_IDLE_SECONDS without one: a
      // loaded worker holds about 170 MB (pdf-lib, pdf.js, fonts), which an idle instance should not.
      minThreads: 0,
      maxThreads: pdfWorkerThreads,
      idleTimeout: pdfWorkerIdleMs,
      // The heap only: buffers (a PDF's bytes, inflated streams) are outside it, which is why
      // inspectPdf also limits how far a stream may inflate.
      resourceLimits: { maxOldGenerationSizeMb: pdfWorkerMemoryMb },
    });
    // A worker that dies outside a job (out of memory while loading, say) is replaced; without a
    // listener the pool's "error" event would end the whole process.
    holder.signetPdfPool.on("error", (error: Error) => logger().error({ err: error }, "a PDF worker stopped"));
  }
  return holder.signetPdfPool;
}

/** Makes the pool at start-up, so that a bad setting shows then; its workers start with the first job. */
export function startPdfPool(): void {
  pdfPool();
}

/** Ends the workers (at shutdown, and after tests); a job still running is refused. */
export async function closePdfPool(): Promise<void> {
  const pool = holder.signetPdfPool;
  holder.signetPdfPool = undefined;
  await pool?.destroy();
}

/**
 * Runs a PDF job on a worker thread, off the thread that answers requests, within the limits of
 * lib/config.ts: a job that runs past PDF_JOB_TIMEOUT_SECONDS (counted from when it is queued) or
 * past its worker's PDF_WORKER_MEMORY_MB ends its worker and is refused with a 422 naming
 * `documentName`. A ServiceError the job throws (a corrupt PDF...) is thrown here as it was.
 */
export async function runPdfJob<Name extends PdfJobName>(
  job: Name,
  input: Parameters<PdfJobs[Name]>[0],
  documentName: string,
): Promise<Awaited<ReturnType<PdfJobs[Name]>>> {
  const { pdfJobTimeoutMs, pdfWorkerMemoryMb } = config();
  let answer: PdfJobAnswer;
  try {
    answer = await pdfPool().run({ job, input }, { signal: AbortSignal.timeout(pdfJobTimeoutMs) });
  } catch (error) {
    if ((error as Error).name === "AbortError") {
      throw tooComplex(documentName, `took longer than ${pdfJobTimeoutMs / 1000} s to process`);
    }
    if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw tooComplex(documentName, `needed more than ${pdfWorkerMemoryMb} MB of memory to process`);
    }
    throw error;
  }
  if ("serviceError" in answer) {
    const { status, messageKey, message, technical } = answer.serviceError;
    throw new ServiceError(status, messageKey, message, technical);
  }
  return answer.value as Awaited<ReturnType<PdfJobs[Name]>>;
}

function tooComplex(documentName: string, what: string): ServiceError {
  return unprocessable("error.validation.pdfTooComplex", `The PDF for document "${documentName}" ${what}; it is refused as too complex.`);
}
