import fs from "node:fs";
import type { WrappedPdfiumModule } from "@embedpdf/pdfium";

export type Pdfium = WrappedPdfiumModule;

const holder = globalThis as unknown as { signetPdfium?: Promise<Pdfium> };

/**
 * PDFium (Chrome's PDF engine) compiled to WebAssembly, what a PDF worker reads a document's text
 * with: loaded once per thread, by the first job that reads text. Its memory is the module's own
 * and only grows; the pool retires a worker after a large job (pdf-pool.ts), which gives it back.
 */
export function pdfium(): Promise<Pdfium> {
  holder.signetPdfium ??= (async () => {
    const { init } = await import("@embedpdf/pdfium");
    // `require`, not `import.meta`: the worker is compiled to CommonJS (scripts/build-pdf-worker.mjs).
    const wasmBinary = await fs.promises.readFile(require.resolve("@embedpdf/pdfium/pdfium.wasm"));
    const library = await init({ wasmBinary });
    library.PDFiumExt_Init();
    return library;
  })();
  return holder.signetPdfium;
}
