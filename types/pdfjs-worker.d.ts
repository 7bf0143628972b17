/** pdf.js's worker code, imported for its side effect (globalThis.pdfjsWorker: see lib/esign/pdf/pdfjs.ts); it ships no types. */
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
