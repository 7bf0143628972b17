"use client";

import dynamic from "next/dynamic";

/** The PDF viewer, loaded in the browser only (pdf.js needs a worker and a canvas). */
export const PdfPagesLoader = dynamic(() => import("./pdf-pages").then((module) => module.PdfPages), {
  ssr: false,
  loading: () => (
    <div className="flex flex-1 items-center justify-center bg-slate-100 text-sm text-slate-600" role="status">
      Loading the document…
    </div>
  ),
});
