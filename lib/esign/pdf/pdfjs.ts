type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

const holder = globalThis as unknown as { signetPdfJs?: Promise<PdfJs> };

/**
 * pdf.js's legacy build (the one that runs on Node) with its worker code loaded into this thread,
 * where pdf.js then runs it without a worker of its own (a PDF job already runs on a worker of
 * the pool).
 *
 * The build bundles core-js, which replaces `Array.prototype.push` for the whole thread by a
 * function written in JavaScript, several times slower than the engine's: every push of pdf.js,
 * pdf-lib and our own code in that thread paid for it (a quarter of the time of reading a PDF's
 * text). The engine's own is put back once pdf.js is loaded; the polyfills of what Node lacks
 * (Promise.withResolvers, Uint8Array.prototype.toHex...) stay.
 */
export function pdfjs(): Promise<PdfJs> {
  holder.signetPdfJs ??= (async () => {
    const enginePush = Array.prototype.push;
    const library = await import("pdfjs-dist/legacy/build/pdf.mjs");
    // Sets globalThis.pdfjsWorker, which pdf.js uses instead of starting a worker.
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    Array.prototype.push = enginePush;
    return library;
  })();
  return holder.signetPdfJs;
}
