/**
 * The first reads of a PDF, kept apart from pdf.js so they can start before the viewer's code has
 * loaded: the ceremony asks for a document's first and last chunks (the header, and the
 * cross-reference pdf.js reads next) at once, as soon as it knows which document it will show.
 */

/** The unit a PDF is read in when its server answers byte ranges. */
export const PDF_CHUNK_SIZE = 65_536;

/** Bytes of a file from `start`; `total` is the file's size when the server answered a range, null when it sent the whole file. */
export interface PdfPart {
  bytes: Uint8Array;
  start: number;
  total: number | null;
  etag: string | null;
}

/** The file answered with a status that is not a PDF (401 when the signer's session ended, 410 when purged). */
export class PdfReadError extends Error {
  constructor(readonly status: number) {
    super(`The PDF could not be read (HTTP ${status}).`);
    this.name = "PdfReadError";
  }
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

/** One range of the file (`bytes=0-65535`, `bytes=-65536`), or the whole file from a server that ignores ranges. */
export async function readPdfPart(url: string, range: string, signal?: AbortSignal): Promise<PdfPart> {
  const response = await fetch(url, { headers: { range }, credentials: "same-origin", signal });
  const etag = response.headers.get("etag");
  if (response.status === 206) {
    const match = CONTENT_RANGE.exec(response.headers.get("content-range") ?? "");
    if (!match) throw new Error(`Unexpected Content-Range for ${range}: ${response.headers.get("content-range")}`);
    return { bytes: new Uint8Array(await response.arrayBuffer()), start: Number(match[1]), total: Number(match[3]), etag };
  }
  if (response.status === 200) return { bytes: new Uint8Array(await response.arrayBuffer()), start: 0, total: null, etag };
  throw new PdfReadError(response.status);
}

/** A file's first chunk and, from a server that answers ranges, its last. */
export interface PdfStart {
  head: PdfPart;
  tail: PdfPart | null;
}

const started = new Map<string, Promise<PdfStart>>();

/**
 * Reads the first and the last chunk of a file whose server answers byte ranges, both at once, once
 * per page (the documents of a ceremony do not change under it); a failed read is forgotten, so
 * the next asks again. Whoever uses the bytes copies them (pdf.js takes its input over).
 */
export function readPdfStart(url: string): Promise<PdfStart> {
  let start = started.get(url);
  if (!start) {
    start = Promise.all([readPdfPart(url, `bytes=0-${PDF_CHUNK_SIZE - 1}`), readPdfPart(url, `bytes=-${PDF_CHUNK_SIZE}`)]).then(([head, tail]) => ({ head, tail: tail.total === null ? null : tail }));
    start.catch(() => started.delete(url));
    started.set(url, start);
  }
  return start;
}
