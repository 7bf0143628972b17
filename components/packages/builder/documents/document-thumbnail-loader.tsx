"use client";

import dynamic from "next/dynamic";
import type { WirePage } from "@/lib/api/packages";
import { apiPath, proxied } from "@/lib/console/api-client";

const DocumentThumbnail = dynamic(() => import("./document-thumbnail").then((module) => module.DocumentThumbnail), { ssr: false, loading: () => null });

const THUMBNAIL_WIDTH = 48;

/** A small picture of a document's first page, in a box sized from the stored page size; pdf.js loads in the browser only. */
export function DocumentThumbnailBox({ packageId, documentId, firstPage }: { packageId: string; documentId: string; firstPage?: WirePage }) {
  const height = firstPage ? Math.round((THUMBNAIL_WIDTH * firstPage.height) / firstPage.width) : Math.round(THUMBNAIL_WIDTH * 1.3);
  return (
    <div
      aria-hidden
      className="flex shrink-0 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50"
      style={{ width: THUMBNAIL_WIDTH + 2, height: Math.min(height, 80) + 2 }}
    >
      <DocumentThumbnail fileUrl={proxied(apiPath("packages", packageId, "documents", documentId, "original"))} width={THUMBNAIL_WIDTH} />
    </div>
  );
}
