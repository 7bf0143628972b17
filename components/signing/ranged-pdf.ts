import { pdfjs } from "react-pdf";
import { PDF_CHUNK_SIZE, PdfReadError, readPdfPart, readPdfStart, type PdfPart } from "./pdf-start";

/**
 * A PDF read by byte ranges, for pdf.js: the first chunk (and, from the ceremony's route, the
 * last) first, then only the ranges pdf.js asks for, which are the parts of the pages it draws.
 *
 * pdf.js can do this over HTTP by itself, but it decides from the `Content-Length` of a first
 * unranged response, which Next.js route handlers did not send when this was written (they do
 * now: lib/http/content-length.ts). Here the first request is already a range, and the file's
 * size comes from its `Content-Range`. A server that ignores ranges answers 200 with the whole file, used as is.
 */

/** What react-pdf's `<Document file>` is given: the whole file, or a transport that reads ranges. */
export type PdfSource = { data: Uint8Array } | { range: RangedPdfTransport };

const RETRIES = 2;

/**
 * Reads the ranges pdf.js asks for (from the file's last chunk when it is already here), retrying
 * twice; past that, or when the file changed under it (another ETag), `onFailure` is told: pdf.js
 * has no error path for a range.
 */
export class RangedPdfTransport extends pdfjs.PDFDataRangeTransport {
  readonly #url: string;
  readonly #tail: PdfPart | null;
  readonly #etag: string | null;
  readonly #onFailure: (error: unknown) => void;
  readonly #aborted = new AbortController();

  constructor(url: string, head: PdfPart, tail: PdfPart | null, onFailure: (error: unknown) => void) {
    // A copy: pdf.js hands its input over to the worker, and the start of the file may be read again.
    super(head.total!, head.bytes.slice());
    this.#url = url;
    this.#tail = tail;
    this.#etag = head.etag;
    this.#onFailure = onFailure;
  }

  override requestDataRange(begin: number, end: number): void {
    const tail = this.#tail;
    if (tail && begin >= tail.start && end <= tail.start + tail.bytes.byteLength) {
      // Later, not now: pdf.js registers its reader for the range after asking for it.
      queueMicrotask(() => this.onDataRange(begin, tail.bytes.slice(begin - tail.start, end - tail.start)));
      return;
    }
    void this.#read(begin, end, 0);
  }

  async #read(begin: number, end: number, attempt: number): Promise<void> {
    try {
      const part = await readPdfPart(this.#url, `bytes=${begin}-${end - 1}`, this.#aborted.signal);
      if (this.#etag && part.etag && part.etag !== this.#etag) throw new Error("The file changed while it was read.");
      this.onDataRange(begin, part.total === null ? part.bytes.subarray(begin, end) : part.bytes);
    } catch (error) {
      if (this.#aborted.signal.aborted) return;
      if (attempt < RETRIES && !(error instanceof PdfReadError && error.status < 500)) {
        await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
        return this.#read(begin, end, attempt + 1);
      }
      this.#onFailure(error);
    }
  }

  override abort(): void {
    this.#aborted.abort();
  }
}

/**
 * Opens the file at `url`: its first chunk (with `byteRanges`, the server is known to answer
 * ranges: its first and last, at once, shared with an earlier `readPdfStart`), then a transport
 * for the rest when the file is longer, else the whole file. `onFailure` hears of a range that
 * could not be read later.
 */
export async function openPdfSource(url: string, byteRanges: boolean, signal: AbortSignal, onFailure: (error: unknown) => void): Promise<PdfSource> {
  const { head, tail } = byteRanges ? await readPdfStart(url) : { head: await readPdfPart(url, `bytes=0-${PDF_CHUNK_SIZE - 1}`, signal), tail: null };
  if (head.total === null || head.total <= head.bytes.byteLength) return { data: head.bytes.slice() };
  return { range: new RangedPdfTransport(url, head, tail, onFailure) };
}
