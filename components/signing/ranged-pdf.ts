import { pdfjs } from "react-pdf";

/**
 * A PDF read by byte ranges, for pdf.js: the first chunk first, then only the ranges pdf.js asks
 * for (the cross-reference at the end, then what each page drawn needs).
 *
 * pdf.js can do this over HTTP by itself, but it decides from the `Content-Length` of a first
 * unranged response, and Next.js route handlers never send that header (they stream with chunked
 * encoding). So the first request here is already a range, and the file's size comes from its
 * `Content-Range`. A server that ignores ranges answers 200 with the whole file, which is used as is.
 */

/** What react-pdf's `<Document file>` is given: the whole file, or a transport that reads ranges. */
export type PdfSource = { data: Uint8Array } | { range: RangedPdfTransport };

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;
const RETRIES = 2;

/** The file answered with a status that is not a PDF (401 when the signer's session ended, 410 when purged). */
export class PdfReadError extends Error {
  constructor(readonly status: number) {
    super(`The PDF could not be read (HTTP ${status}).`);
    this.name = "PdfReadError";
  }
}

interface Part {
  bytes: Uint8Array;
  /** The file's size when the server answered a range; null when it sent the whole file. */
  total: number | null;
}

/** Bytes `start` to `end` (included) of the file, or the whole file from a server that ignores ranges. */
async function readPart(url: string, start: number, end: number, signal: AbortSignal): Promise<Part> {
  const response = await fetch(url, { headers: { range: `bytes=${start}-${end}` }, credentials: "same-origin", signal });
  if (response.status === 206) {
    const match = CONTENT_RANGE.exec(response.headers.get("content-range") ?? "");
    if (!match || Number(match[1]) !== start) throw new Error(`Unexpected Content-Range for bytes ${start}-${end}: ${response.headers.get("content-range")}`);
    return { bytes: new Uint8Array(await response.arrayBuffer()), total: Number(match[3]) };
  }
  if (response.status === 200) return { bytes: new Uint8Array(await response.arrayBuffer()), total: null };
  throw new PdfReadError(response.status);
}

/** Reads the ranges pdf.js asks for, retrying twice; past that, `onFailure` is told (pdf.js has no error path for a range). */
export class RangedPdfTransport extends pdfjs.PDFDataRangeTransport {
  readonly #url: string;
  readonly #onFailure: (error: unknown) => void;
  readonly #aborted = new AbortController();

  constructor(url: string, length: number, initialData: Uint8Array, onFailure: (error: unknown) => void) {
    super(length, initialData);
    this.#url = url;
    this.#onFailure = onFailure;
  }

  override requestDataRange(begin: number, end: number): void {
    void this.#read(begin, end, 0);
  }

  async #read(begin: number, end: number, attempt: number): Promise<void> {
    try {
      const part = await readPart(this.#url, begin, end - 1, this.#aborted.signal);
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
 * Opens the file at `url`: its first `chunkSize` bytes, then a transport for the rest when the
 * file is longer, else the whole file. `onFailure` hears of a range that could not be read later.
 */
export async function openPdfSource(url: string, chunkSize: number, signal: AbortSignal, onFailure: (error: unknown) => void): Promise<PdfSource> {
  const first = await readPart(url, 0, chunkSize - 1, signal);
  if (first.total === null || first.total <= first.bytes.byteLength) return { data: first.bytes };
  return { range: new RangedPdfTransport(url, first.total, first.bytes, onFailure) };
}
