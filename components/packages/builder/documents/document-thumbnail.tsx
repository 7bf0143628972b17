"use client";

import { useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";

pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();

const DOCUMENT_OPTIONS = { standardFontDataUrl: "/pdfjs/standard_fonts/", cMapUrl: "/pdfjs/cmaps/", cMapPacked: true, isEvalSupported: false };

/** The first page of a document, drawn small (no text or annotation layers). Decorative: the row names the document. */
export function DocumentThumbnail({ fileUrl, width }: { fileUrl: string; width: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="text-[10px] text-slate-600">PDF</span>;
  return (
    <Document file={fileUrl} options={DOCUMENT_OPTIONS} loading={null} error={null} onLoadError={() => setFailed(true)} onSourceError={() => setFailed(true)}>
      <Page pageNumber={1} width={width} renderTextLayer={false} renderAnnotationLayer={false} loading={null} error={null} />
    </Document>
  );
}
