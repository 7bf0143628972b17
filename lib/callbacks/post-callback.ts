import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveDestination } from "./address-guard";

/** The most of a receiver's answer that is read and kept. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface PostOptions {
  headers: Record<string, string>;
  allowPrivate: boolean;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
}

/** What one attempt got: a status code and the start of the body, or an error (refused, unreachable, timed out). */
export interface PostOutcome {
  statusCode?: number;
  responseExcerpt?: string;
  error?: string;
  latencyMs: number;
}

/**
 * POSTs `body` once: the host is resolved and checked by the SSRF guard first and the connection
 * goes to that address; redirects are not followed (a 3xx is a failure like any other non-2xx);
 * at most RESPONSE_EXCERPT_BYTES of the answer are read.
 */
export async function postCallback(url: string, body: string, options: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  const target = new URL(url);
  let resolved;
  try {
    resolved = await resolveDestination(target.hostname, options.allowPrivate);
  } catch (error) {
    return { error: (error as Error).message, latencyMs: latencyMs() };
  }
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const transport = target.protocol === "https:" ? https : http;

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(responseTimer);
      request.destroy();
      resolve({ ...outcome, latencyMs: latencyMs() });
    };
    const request = transport.request(target, {
      method: "POST",
      headers: { ...options.headers, "Content-Length": Buffer.byteLength(body) },
      lookup: pinnedLookup,
      agent: false,
    });
    const connectTimer = setTimeout(() => finish({ error: `Timed out connecting after ${options.connectTimeoutMs} ms` }), options.connectTimeoutMs);
    let responseTimer: NodeJS.Timeout | undefined;
    request.on("socket", (socket) => {
      socket.once(target.protocol === "https:" ? "secureConnect" : "connect", () => {
        clearTimeout(connectTimer);
        responseTimer = setTimeout(() => finish({ error: `Timed out waiting for the answer after ${options.responseTimeoutMs} ms` }), options.responseTimeoutMs);
      });
    });
    request.on("error", (error) => finish({ error: error.message || String(error) }));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({ statusCode: response.statusCode, responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8") });
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
    });
    request.end(body);
  });
}
