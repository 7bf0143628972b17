import type { Dispatcher, Pool, buildConnector } from "undici";
import { resolveDestination, type ResolvedAddress } from "./address-guard";

/** The most of a receiver's answer that is read and kept. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface PostOptions {
  headers: Record<string, string>;
  allowPrivate: boolean;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** Most connections kept open to one origin (requests beyond wait for one). */
  connectionsPerOrigin: number;
}

/** What one attempt got: a status code and the start of the body, or an error (refused, unreachable, timed out). */
export interface PostOutcome {
  statusCode?: number;
  responseExcerpt?: string;
  error?: string;
  latencyMs: number;
}

type Undici = typeof import("undici");
let undiciModule: Promise<Undici> | undefined;
/** undici loads at the first delivery, not with the workers at start; a failed load is tried again at the next. */
function loadUndici(): Promise<Undici> {
  undiciModule ??= import("undici").catch((error: unknown) => {
    undiciModule = undefined;
    throw error;
  });
  return undiciModule;
}

/** How long a checked resolution is reused for new connections to the same host. */
const RESOLUTION_TTL_MS = 30_000;
/** A pool unused this long is closed with its connections. */
const POOL_IDLE_MS = 120_000;

interface OriginPool {
  pool: Pool;
  lastUsed: number;
}

/** On globalThis, so hot reload in `next dev` does not leave a second set of open connections. */
const holder = globalThis as unknown as {
  signetCallbackPools?: Map<string, OriginPool>;
  signetCallbackResolutions?: Map<string, { at: number; resolved: Promise<ResolvedAddress> }>;
  signetCallbackPoolSweep?: NodeJS.Timeout;
};
const pools = (holder.signetCallbackPools ??= new Map());
const resolutions = (holder.signetCallbackResolutions ??= new Map());

/**
 * The SSRF guard's answer for a host, shared by the connections opened within RESOLUTION_TTL_MS
 * (a burst opens several at once). Refusals and failures are not kept.
 */
function guardedAddress(hostname: string, allowPrivate: boolean): Promise<ResolvedAddress> {
  const key = `${allowPrivate ? "any" : "public"} ${hostname}`;
  const cached = resolutions.get(key);
  if (cached && Date.now() - cached.at < RESOLUTION_TTL_MS) return cached.resolved;
  const resolved = resolveDestination(hostname, allowPrivate);
  resolutions.set(key, { at: Date.now(), resolved });
  resolved.catch(() => {
    if (resolutions.get(key)?.resolved === resolved) resolutions.delete(key);
  });
  if (resolutions.size > 1_000) resolutions.delete(resolutions.keys().next().value!);
  return resolved;
}

/**
 * Opens connections through the SSRF guard: the host is resolved and checked, and the socket goes
 * to that very address (TLS still checks the certificate against the host name).
 */
function guardedConnector(undici: Undici, options: PostOptions): buildConnector.connector {
  const connectDirectly = undici.buildConnector({ timeout: options.connectTimeoutMs });
  return (connectOptions, callback) => {
    guardedAddress(connectOptions.hostname, options.allowPrivate).then(
      (resolved) => connectDirectly({ ...connectOptions, hostname: resolved.address }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

/**
 * The keep-alive connections to one origin, for one guard setting and connect time-out, each
 * opened by the guard. A kept connection was checked when it was opened; a change of
 * CALLBACK_ALLOW_PRIVATE uses other pools.
 */
function poolFor(undici: Undici, origin: string, options: PostOptions): Pool {
  const key = `${origin} ${options.allowPrivate} ${options.connectTimeoutMs} ${options.connectionsPerOrigin}`;
  let entry = pools.get(key);
  if (!entry) {
    entry = {
      pool: new undici.Pool(origin, { connect: guardedConnector(undici, options), connections: options.connectionsPerOrigin, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000 }),
      lastUsed: Date.now(),
    };
    pools.set(key, entry);
    holder.signetCallbackPoolSweep ??= setInterval(closeIdlePools, POOL_IDLE_MS / 2).unref();
  }
  entry.lastUsed = Date.now();
  return entry.pool;
}

function closeIdlePools(): void {
  for (const [key, entry] of pools) {
    if (Date.now() - entry.lastUsed < POOL_IDLE_MS) continue;
    pools.delete(key);
    void entry.pool.close().catch(() => {});
  }
}

/** Closes every kept connection (when the job queue stops); the next POST opens new ones. */
export async function closeCallbackConnections(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  resolutions.clear();
  clearInterval(holder.signetCallbackPoolSweep);
  holder.signetCallbackPoolSweep = undefined;
  await Promise.all(open.map((entry) => entry.pool.destroy().catch(() => {})));
}

function errorMessage(error: unknown, options: PostOptions): string {
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  if (code === "UND_ERR_CONNECT_TIMEOUT") return `Timed out connecting after ${options.connectTimeoutMs} ms`;
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || name === "TimeoutError" || name === "AbortError") {
    return `Timed out waiting for the answer after ${options.responseTimeoutMs} ms`;
  }
  // undici's "other side closed" and the like carry the socket's own error as their cause.
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  return (message || String(error)) + (cause && !message?.includes(cause) ? ` (${cause})` : "");
}

/**
 * What a kept connection that the receiver closed meanwhile fails with (it closes idle ones after
 * its own keep-alive time-out, possibly just as a request goes out on one).
 */
const CLOSED_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * POSTs `body` on a kept connection to the url's origin (opened through the SSRF guard);
 * redirects are not followed (a 3xx is a failure like any other non-2xx); at most
 * RESPONSE_EXCERPT_BYTES of the answer are read. When the connection turns out closed before any
 * answer, the POST goes once more on a new connection: the receiver may then see it twice, which
 * at-least-once delivery allows (the Signet-Delivery-Id is the same). The whole attempt, waiting
 * for a free connection included, ends after both time-outs.
 */
export async function postCallback(url: string, body: string, options: PostOptions): Promise<PostOutcome> {
  // Outside the attempt: a client that cannot load is this instance's fault, not the receiver's,
  // so it fails the job (retried by its policy) instead of counting as a failed delivery.
  const undici = await loadUndici();
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const signal = AbortSignal.timeout(options.connectTimeoutMs + options.responseTimeoutMs);
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await sendOn(poolFor(undici, target.origin, options), target, body, options, signal);
    } catch (error) {
      if (!CLOSED_CONNECTION_CODES.has((error as { code?: string }).code ?? "")) throw error;
      const fresh = new undici.Client(target.origin, { connect: guardedConnector(undici, options), pipelining: 1 });
      try {
        response = await sendOn(fresh, target, body, options, signal);
        return { ...(await readAnswer(response)), latencyMs: latencyMs() };
      } finally {
        void fresh.close().catch(() => {});
      }
    }
    return { ...(await readAnswer(response)), latencyMs: latencyMs() };
  } catch (error) {
    return { error: errorMessage(error, options), latencyMs: latencyMs() };
  }
}

function sendOn(dispatcher: Dispatcher, target: URL, body: string, options: PostOptions, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  return dispatcher.request({
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: "POST",
    headers: options.headers,
    body,
    headersTimeout: options.responseTimeoutMs,
    bodyTimeout: options.responseTimeoutMs,
    signal,
  });
}

/** The status and at most RESPONSE_EXCERPT_BYTES of the body. */
async function readAnswer(response: Dispatcher.ResponseData): Promise<{ statusCode: number; responseExcerpt: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      // Leaving the loop early destroys the rest of the answer (and its connection).
      if (size >= RESPONSE_EXCERPT_BYTES) break;
    }
  } catch {
    // The answer broke off after its status: the status counts, with what came of the body.
  }
  const text = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8");
  // A receiver may answer anything; PostgreSQL's text takes no NUL.
  return { statusCode: response.statusCode, responseExcerpt: text.replaceAll("\u0000", "\uFFFD") };
}
