/**
 * The benchmarks' server as users meet it: the built app (`next start`, as `npm start` runs it)
 * on the database the suite set up (DATA_DIR and DATABASE_URL of bench/environments.ts), reached
 * over HTTP on loopback, and a load generator that keeps a number of requests in flight.
 */
import { closeDatabase } from "@/lib/db/client";
import { freePort, startServer, stopServer, waitUntilAnswering, type Server } from "@/e2e/support/servers";
import { ensureBuilt } from "./console";
import { percentile, round } from "./stats";

export interface Served {
  url: string;
  server: Server;
  /** The status of the first answer `serve` waited for. */
  firstStatus: number;
  stop(): Promise<void>;
}

/**
 * Starts the built app on the suite's database with `environment` added, once it answers
 * `firstPath` (default `/api/session`, asked with `firstHeaders`). The bench process's own
 * connection is closed first: PGlite admits one process on a DATA_DIR, and the server is that one.
 */
export async function serve(environment: Record<string, string> = {}, firstPath?: string, firstHeaders?: Record<string, string>): Promise<Served> {
  ensureBuilt();
  await closeDatabase();
  const server = startServer(process.env.DATA_DIR!, await freePort(), {
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    SIGNET_SECRET: process.env.SIGNET_SECRET ?? "",
    LOG_LEVEL: "warn",
    MALLOC_ARENA_MAX: "2",
    ...environment,
  });
  // Asked often: the start benchmark times this wait.
  const firstStatus = await waitUntilAnswering(server, 90_000, 10, firstPath, firstHeaders);
  return { url: server.url, server, firstStatus, stop: () => stopServer(server) };
}

export interface LoadResult {
  operations: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * `operation` kept `concurrency` times in flight until `budgetMs` is spent; `prepare` (building a
 * body, say) is not timed. The rate is completed operations over the wall time of the whole run.
 */
export async function underLoad<T>(options: {
  concurrency: number;
  budgetMs: number;
  prepare: () => T;
  operation: (input: T) => Promise<void>;
}): Promise<LoadResult> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + options.budgetMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const input = options.prepare();
        const begun = performance.now();
        await options.operation(input);
        samples.push(performance.now() - begun);
      }
    }),
  );
  const wallMs = performance.now() - started;
  return {
    operations: samples.length,
    perSecond: round(samples.length / (wallMs / 1000), 1),
    p50Ms: round(percentile(samples, 50), 1),
    p95Ms: round(percentile(samples, 95), 1),
  };
}

/** Reads the answer and fails with its text unless it has the expected status. */
export async function expectStatus(response: Response, what: string, status = 200): Promise<string> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}
