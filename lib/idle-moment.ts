import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";

/**
 * The requests this process's HTTP server is answering, and how often one began or ended, since
 * countRequests.
 */
const requests = { answering: 0, changes: 0 };
let counting = false;

/** Asked while the server starts, a health check waits for the start's work, which must not wait for it. */
const UNCOUNTED_PATHS = new Set(["/api/health", "/api/health/"]);

/**
 * Counts the requests this process's HTTP servers answer, from the moment Node has read a request's
 * headers (before Next.js routes it, or loads its route's modules on the first request) until its
 * answer is sent or its connection is gone (a request pipelined behind one whose client went away
 * never gets an answer of its own). Once per process, before the first request.
 */
export function countRequests(): void {
  if (counting) return;
  counting = true;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as { request: IncomingMessage; response: ServerResponse; socket: Socket };
    if (isHealthCheck(request.url)) return;
    requests.answering++;
    requests.changes++;
    const ended = () => {
      response.off("close", ended);
      socket.off("close", ended);
      requests.answering--;
      requests.changes++;
    };
    response.once("close", ended);
    socket.once("close", ended);
  });
}

function isHealthCheck(url = ""): boolean {
  try {
    return UNCOUNTED_PATHS.has(new URL(url, "http://server").pathname);
  } catch {
    return false; // not a path Next.js answers; counted like any other
  }
}

/**
 * Resolves once this thread has had an idle moment, or after `maxMs` whatever comes: a `windowMs`
 * in which no request was being answered, begun or ended (countRequests) and the thread was busy
 * less than half the time. For work that can wait behind the requests being answered
 * (lib/server-start.ts). The thread's busyness alone does not tell: a request waiting on the
 * database, on its client's body, or on Next.js loading its route leaves it idle, and work begun
 * then held that request's answer (a fresh instance's first list pages, by 50 to 150 ms). Requests
 * that reached a process before countRequests ran are not counted; its busyness still sees them.
 */
export async function idleMoment(maxMs: number, windowMs = 20): Promise<void> {
  const deadline = performance.now() + maxMs;
  let before = performance.eventLoopUtilization();
  let changesBefore = requests.changes;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(windowMs, Math.max(1, deadline - performance.now()))));
    const now = performance.eventLoopUtilization();
    const quiet = requests.answering === 0 && requests.changes === changesBefore;
    if (quiet && performance.eventLoopUtilization(now, before).utilization < 0.5) return;
    before = now;
    changesBefore = requests.changes;
  }
}
