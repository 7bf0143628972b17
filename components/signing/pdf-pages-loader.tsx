"use client";

import dynamic from "next/dynamic";

const loadPdfPages = () => import("./pdf-pages");

/**
 * Starts loading the PDF viewer (its code and the pdf.js worker it starts) before any document is
 * shown: the ceremony calls it on opening, so the viewer is ready when the signer's view arrives.
 */
export function preloadPdfPages(): void {
  void loadPdfPages().catch(() => undefined); // the viewer's own load shows any failure
}

/** The PDF viewer, loaded in the browser only (pdf.js needs a worker and a canvas). */
export const PdfPagesLoader = dynamic(() => loadPdfPages().then((module) => module.PdfPages), {
  ssr: false,
  loading: () => (
    <div className="flex flex-1 items-center justify-center bg-slate-100 text-sm text-slate-600" role="status">
      Loading the document…
    </div>
  ),
});
