import http from "node:http";

/**
 * Content-Length on the wire. Next.js drops Content-Length (with Content-Encoding and
 * Transfer-Encoding) from every route handler's answer before it reaches Node's response
 * (`FORBIDDEN_HEADERS` in next/dist/server/send-response.js, there for fetched bodies that were
 * decoded on the way). Without it a download goes out chunked: a browser shows no progress or
 * size, and a client cannot tell a cut-off document from a whole one. Next.js's gzip, which
 * skips answers under 1 KB only when it knows their length, compresses even `{"id": ...}`.
 *
 * So a route's answer that declares its length also carries it under DECLARED_LENGTH_HEADER, a
 * name Next.js passes on, and the server turns that back into Content-Length as Next.js writes
 * the headers (`sendDeclaredLengths`, installed at start). Compression still removes it from an
 * answer it compresses.
 */
export const DECLARED_LENGTH_HEADER = "x-signet-content-length";

/** Carries `headers`' Content-Length past Next.js (above); mutable headers only. */
export function declareContentLength(headers: Headers): void {
  const length = headers.get("content-length");
  if (length !== null) headers.set(DECLARED_LENGTH_HEADER, length);
}

let installed = false;

/** Makes Node's responses write DECLARED_LENGTH_HEADER as Content-Length (see above). */
export function sendDeclaredLengths(): void {
  if (installed) return;
  installed = true;
  const setHeader = http.ServerResponse.prototype.setHeader;
  http.ServerResponse.prototype.setHeader = function (this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
    return setHeader.call(this, name === DECLARED_LENGTH_HEADER ? "content-length" : name, value);
  } as typeof setHeader;
}
