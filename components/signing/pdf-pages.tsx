"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import { PDF_CHUNK_SIZE } from "./pdf-start";
import { usePdfTexts } from "./pdf-texts";
import { openPdfSource, type PdfSource } from "./ranged-pdf";

pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();

/**
 * One pdf.js worker for every document this page shows, started when this module loads (the
 * ceremony loads it while it asks for the signer's view), not when the first document opens; a
 * worker handed to pdf.js outlives the documents that use it.
 */
const worker = new pdfjs.PDFWorker();

/**
 * No fetching ahead: pdf.js reads the end of the file (the cross-reference) and what each page
 * drawn needs, so the first page of a long document costs about what a short one's does.
 */
const DOCUMENT_OPTIONS = {
  standardFontDataUrl: "/pdfjs/standard_fonts/",
  cMapUrl: "/pdfjs/cmaps/",
  cMapPacked: true,
  isEvalSupported: false,
  worker,
  rangeChunkSize: PDF_CHUNK_SIZE,
  disableStream: true,
  disableAutoFetch: true,
};

/** The gap between pages, and the widest a page is drawn, in CSS pixels. */
const PAGE_GAP = 16;
const MAX_PAGE_WIDTH = 960;

export interface PageSize {
  index: number;
  width: number;
  height: number;
}

/** A request to bring a spot of a page into view (a field), in PDF points from the page's top-left. */
export interface ScrollRequest {
  page: number;
  top: number;
  /** Changes on every request, so asking for the same spot twice scrolls twice. */
  serial: number;
}

export interface PdfPagesProps {
  fileUrl: string;
  /** The file's server answers byte ranges (the ceremony's does): its first and last chunks are read at once (see pdf-start.ts). */
  byteRanges?: boolean;
  /** Every page's size in PDF points, as the service stores them: the pages are laid out before the file has loaded. */
  pages: PageSize[];
  documentName: string;
  /** What is drawn over a page (fields), given the page's scale from PDF points to CSS pixels. */
  renderOverlay?: (pageIndex: number, scale: number) => ReactNode;
  onFirstPagePainted?: () => void;
  scrollRequest?: ScrollRequest | null;
  /** Told the index of the page at the top third of the view whenever it changes (the field editor adds fields there). */
  onCurrentPageChange?: (pageIndex: number) => void;
}

/**
 * A document's pages, one under the other, virtualised: only the pages near the viewport exist,
 * so a 200-page document opens as fast as a short one. Pages are laid out from their stored sizes
 * at one scale (the widest page fills the width), and fields are drawn over them at that scale.
 */
export function PdfPages({ fileUrl, byteRanges = false, pages, documentName, renderOverlay, onFirstPagePainted, scrollRequest, onCurrentPageChange }: PdfPagesProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [containerWidth, setContainerWidth] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const texts = usePdfTexts();
  // The file's first chunk, then its ranges on demand (ranged-pdf.ts); the whole file when it is short.
  const [source, setSource] = useState<PdfSource | null>(null);
  // Marked on the first page once drawn: tests and the ceremony benchmark wait for it.
  const [firstPagePainted, setFirstPagePainted] = useState(false);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setContainerWidth(entry!.contentRect.width));
    observer.observe(element);
    setContainerWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    let opened: PdfSource | null = null;
    const fail = () => {
      if (!controller.signal.aborted) setLoadError(`“${documentName}” could not be loaded. Reload the page to try again.`);
    };
    setSource(null);
    openPdfSource(fileUrl, byteRanges, controller.signal, fail).then((result) => {
      opened = result;
      if (!controller.signal.aborted) setSource(result);
    }, fail);
    return () => {
      controller.abort();
      if (opened && "range" in opened) opened.range.abort();
    };
  }, [fileUrl, byteRanges, documentName]);

  const widest = Math.max(...pages.map((page) => page.width), 1);
  const scale = containerWidth > 0 ? Math.min(containerWidth - PAGE_GAP * 2, MAX_PAGE_WIDTH) / widest : 0;
  const pageTops = useMemo(() => {
    const tops: number[] = [];
    let top = PAGE_GAP;
    for (const page of pages) {
      tops.push(top);
      top += page.height * scale + PAGE_GAP;
    }
    return tops;
  }, [pages, scale]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing memoised is handed its functions
  const virtualizer = useVirtualizer({
    count: pages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => pages[index]!.height * scale + PAGE_GAP,
    paddingStart: PAGE_GAP,
    // The pages around the view are drawn ahead, but only once the first is shown: it does not share the worker with them.
    overscan: firstPagePainted ? 2 : 0,
  });
  useEffect(() => virtualizer.measure(), [scale, virtualizer]);

  // Each request scrolls once: a later layout change (a resize, the view refreshed with new page objects) must not pull the signer back to it.
  const scrolledSerial = useRef<number | null>(null);
  useEffect(() => {
    const element = scrollRef.current;
    if (!scrollRequest || !element || scale === 0 || scrolledSerial.current === scrollRequest.serial) return;
    scrolledSerial.current = scrollRequest.serial;
    const top = Math.max(0, (pageTops[scrollRequest.page] ?? 0) + scrollRequest.top * scale - element.clientHeight / 3);
    // Far away (a field on page 150), jump: a smooth scroll would mount and draw every page it passes.
    const far = Math.abs(top - element.scrollTop) > element.clientHeight * 3;
    element.scrollTo({ top, behavior: far ? "instant" : "smooth" });
  }, [scrollRequest, pageTops, scale]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !onCurrentPageChange || scale === 0) return;
    let reported = -1;
    const report = () => {
      const probe = element.scrollTop + element.clientHeight / 3;
      let index = 0;
      while (index + 1 < pageTops.length && pageTops[index + 1]! <= probe) index += 1;
      if (index !== reported) {
        reported = index;
        onCurrentPageChange(index);
      }
    };
    report();
    element.addEventListener("scroll", report, { passive: true });
    return () => element.removeEventListener("scroll", report);
  }, [onCurrentPageChange, pageTops, scale]);

  return (
    // Focusable, so the pages scroll with the keyboard too.
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={documentName} className="min-h-0 flex-1 overflow-auto bg-slate-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600" data-testid="pdf-pages">
      {loadError ? (
        <p role="alert" className="m-6 rounded-md bg-white p-4 text-rose-800">
          {loadError}
        </p>
      ) : scale > 0 && source ? (
        <Document
          file={source}
          options={DOCUMENT_OPTIONS}
          onLoadError={() => setLoadError(texts.loadError(documentName))}
          loading={null}
          className="relative"
        >
          <div style={{ height: virtualizer.getTotalSize() + PAGE_GAP, position: "relative" }}>
            {virtualizer.getVirtualItems().map((item) => {
              const page = pages[item.index]!;
              const width = page.width * scale;
              const height = page.height * scale;
              return (
                <section
                  key={item.key}
                  aria-label={texts.page(documentName, item.index + 1, pages.length)}
                  className="absolute left-1/2 bg-white shadow-md"
                  style={{ top: item.start, width, height, transform: "translateX(-50%)" }}
                  data-page-index={item.index}
                  data-painted={item.index === 0 && firstPagePainted ? "true" : undefined}
                >
                  <Page
                    pageNumber={item.index + 1}
                    width={width}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={<div style={{ width, height }} className="animate-pulse bg-white" />}
                    onRenderSuccess={
                      item.index === 0
                        ? () => {
                            setFirstPagePainted(true);
                            onFirstPagePainted?.();
                          }
                        : undefined
                    }
                  />
                  {renderOverlay ? <div className="absolute inset-0">{renderOverlay(item.index, scale)}</div> : null}
                </section>
              );
            })}
          </div>
        </Document>
      ) : null}
    </div>
  );
}
