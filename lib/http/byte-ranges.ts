import { ServiceError } from "@/lib/esign/errors";
import { contentDisposition, errorResponse } from "./responses";

/** Bytes `start` to `end` of a file, both included (as a Content-Range names them). */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeAnswer = { kind: "whole" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 §14.2). One range is served as
 * 206; no header, another unit than bytes, or several ranges (which no client of ours asks for)
 * get the whole file, as the RFC allows; a malformed byte range, or one that starts past the end,
 * is unsatisfiable (416). A range reaching past the end is cut at the end.
 */
export function readRange(header: string | null, size: number): RangeAnswer {
  if (header === null) return { kind: "whole" };
  const equals = header.indexOf("=");
  if (equals < 0) return { kind: "unsatisfiable" };
  if (header.slice(0, equals).trim().toLowerCase() !== "bytes") return { kind: "whole" };
  const specs = header
    .slice(equals + 1)
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  if (specs.length !== 1) return specs.length === 0 ? { kind: "unsatisfiable" } : { kind: "whole" };
  const match = RANGE_SPEC.exec(specs[0]!);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "unsatisfiable" };
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    // "-500": the last 500 bytes.
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix) || suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", range: { start, end: Math.min(end, size - 1) } };
}

/** A stored file that can be read in part: its length, a strong validator, and its bytes from a range. */
export interface RangeableFile {
  size: number;
  /** A strong entity tag, quoted (`"…"`): the same bytes always have the same tag. */
  etag: string;
  open(range?: ByteRange): Promise<BodyInit>;
}

/** Whether a list of entity tags (`If-None-Match`, `If-Range`) names this one; `*` names any. */
function namesTag(header: string, etag: string, weakMatch: boolean): boolean {
  const bare = (tag: string) => (weakMatch ? tag.replace(/^W\//, "") : tag);
  return header
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || bare(tag) === etag);
}

/**
 * A download that answers byte ranges, so a PDF viewer (pdf.js) fetches only the parts it needs:
 * `Accept-Ranges: bytes` and the ETag always; 304 when `If-None-Match` names the file; 206 with
 * `Content-Range` for one satisfiable range (unless `If-Range` names another version: then the
 * whole file); 416 with `Content-Range: bytes *\/size` for a range it cannot serve.
 */
export async function rangedDownload(request: Request, file: RangeableFile, fileName: string, contentType: string, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const validators = { "accept-ranges": "bytes", etag: file.etag };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null && namesTag(ifNoneMatch, file.etag, true)) return new Response(null, { status: 304, headers: { ...validators, ...extraHeaders } });

  const ifRange = request.headers.get("if-range");
  // If-Range with a date (we send no Last-Modified) or another tag: the file changed, send it whole.
  const rangeStillValid = ifRange === null || (ifRange.startsWith('"') && namesTag(ifRange, file.etag, false));
  const answer = rangeStillValid ? readRange(request.headers.get("range"), file.size) : ({ kind: "whole" } as const);
  const headers = { "content-type": contentType, "content-disposition": contentDisposition(fileName), ...validators, ...extraHeaders };

  if (answer.kind === "unsatisfiable") {
    const refusal = errorResponse(new ServiceError(416, "error.validation.rangeNotSatisfiable", `The range asked for is not within the file's ${file.size} bytes.`));
    refusal.headers.set("content-range", `bytes */${file.size}`);
    for (const [name, value] of Object.entries(validators)) refusal.headers.set(name, value);
    return refusal;
  }
  if (answer.kind === "whole") return new Response(await file.open(), { status: 200, headers: { ...headers, "content-length": String(file.size) } });
  const { start, end } = answer.range;
  return new Response(await file.open(answer.range), {
    status: 206,
    headers: { ...headers, "content-range": `bytes ${start}-${end}/${file.size}`, "content-length": String(end - start + 1) },
  });
}
