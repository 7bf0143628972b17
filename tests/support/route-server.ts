/**
 * The real route handlers of app/api served over HTTP by a process of their own (tests/support/
 * api-client.ts routes each request as Next.js does), for tests that measure the server's memory
 * from outside, as a `next start` process would be measured, without a build. Run with tsx; it
 * prints `{"port": N}` once it listens on loopback, and ends on SIGTERM.
 */
import http from "node:http";
import { Readable } from "node:stream";
import { closeDatabase } from "@/lib/db/client";
import { closePdfPool } from "@/lib/esign/pdf/pdf-pool";
import { call } from "./api-client";

const server = http.createServer(async (request, response) => {
  try {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : (Readable.toWeb(request) as ReadableStream<Uint8Array>);
    const answer = await call(request.method!, request.url!, { headers, body });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (answer.body) await writeBody(answer.body, response);
    response.end();
  } catch (error) {
    response.writeHead(500, { "content-type": "text/plain" });
    response.end(String((error as Error).stack));
  }
});

/**
 * As Next.js writes a response body (pipeToNodeResponse): a chunk at a time, waiting for the
 * socket to drain before reading on, so that nothing is buffered here that it would not buffer.
 */
async function writeBody(body: ReadableStream<Uint8Array>, response: http.ServerResponse): Promise<void> {
  const reader = body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (!response.write(part.value)) await new Promise((resolve) => response.once("drain", resolve).once("close", resolve));
    if (response.destroyed) return reader.cancel(); // the client went away
  }
}

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as import("node:net").AddressInfo).port })}\n`);
});

process.once("SIGTERM", () => {
  server.close();
  void closePdfPool()
    .then(closeDatabase)
    .finally(() => process.exit(0));
});
