import fs from "node:fs";
import path from "node:path";
import type { WrappedPdfiumModule } from "@embedpdf/pdfium";

export type Pdfium = WrappedPdfiumModule;

const holder = globalThis as unknown as { signetPdfium?: Promise<Pdfium>; signetPdfiumLoaded?: Pdfium };

/**
 * PDFium (Chrome's PDF engine) compiled to WebAssembly, what a PDF worker reads a document's text
 * with: loaded once per thread, by the first job that reads text. Its memory is the module's own
 * and only grows: a job that leaves it large asks for its worker to be retired (pdf-jobs.ts),
 * which gives it back.
 */
export function pdfium(): Promise<Pdfium> {
  if (!holder.signetPdfium) {
    holder.signetPdfium = loadPdfium();
    // A start that failed is tried again by the next job.
    holder.signetPdfium.catch(() => (holder.signetPdfium = undefined));
  }
  return holder.signetPdfium;
}

async function loadPdfium(): Promise<Pdfium> {
  const { init } = await import("@embedpdf/pdfium");
  // Beside the package's entry: naming the .wasm itself makes Next's bundler try to bundle it.
  // `require`, not `import.meta`: the worker is compiled to CommonJS (scripts/build-pdf-worker.mjs).
  const wasmBinary = await fs.promises.readFile(path.join(path.dirname(require.resolve("@embedpdf/pdfium")), "pdfium.wasm"));
  const library = await init({ wasmBinary });
  library.PDFiumExt_Init();
  holder.signetPdfiumLoaded = library;
  return library;
}

/** PDFium's memory as bytes: looked up at each use, as the module replaces it when it grows. */
export function pdfiumHeap(library: Pdfium): Uint8Array {
  return (library.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
}

/** The bytes of memory PDFium holds in this thread: 0 before it loads. */
export function pdfiumMemoryBytes(): number {
  const library = holder.signetPdfiumLoaded;
  return library ? pdfiumHeap(library).byteLength : 0;
}
