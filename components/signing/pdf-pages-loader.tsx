"use client";

import dynamic from "next/dynamic";
import { usePdfTexts } from "./pdf-texts";

/**
 * Starts loading the PDF viewer (its code, and the pdf.js worker it starts) before any document is
 * shown: the ceremony calls it on opening, so the viewer is ready when the signer's view arrives.
 * Browser only: the `typeof window` test is decided at build time, so the server's bundle never
 * includes pdf.js.
 */
export function preloadPdfPages(): void {
  if (typeof window === "undefined") return;
  void import("./pdf-pages").catch(() => undefined); // the viewer's own load shows any failure
}

/** The PDF viewer, loaded in the browser only (pdf.js needs a worker and a canvas). */
export const PdfPagesLoader = dynamic(() => import("./pdf-pages").then((module) => module.PdfPages), {
  ssr: false,
  loading: () => <LoadingDocument />,
});

function LoadingDocument() {
  return (
    <div className="flex flex-1 items-center justify-center bg-slate-100 text-sm text-slate-600" role="status">
      {usePdfTexts().loading}
    </div>
  );
}
