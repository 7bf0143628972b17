/**
 * Resident memory of an idle instance on the embedded database: the built app (`next start`, with
 * MALLOC_ARENA_MAX=2 as `npm start` sets it), restarted on a DATA_DIR made by a first start (a
 * first start also runs PostgreSQL's initdb, whose memory is not what an instance idles with),
 * measured (process and children, VmRSS) once it has answered a page and a list, and again after
 * it has read PDFs and then sat idle past PDF_WORKER_IDLE_SECONDS (shortened here to 5 s), so
 * that its PDF workers have ended. Target: under 250 MB.
 * Run alone: `npx tsx bench/idle-memory.ts`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServer, stopServer, waitUntilAnswering } from "@/e2e/support/servers";
import { ServiceClient } from "@/e2e/support/service-client";
import { makePdf } from "@/tests/support/pdfs";
import { ensureBuilt, residentBytes } from "./console";
import type { Measured } from "./results";
import { round } from "./stats";

const WORKER_IDLE_SECONDS = 5;
const SETTLE_MS = 10_000;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const megabytes = (bytes: number) => round(bytes / 1024 / 1024, 0);

function line(when: string, bytes: number): Measured {
  const metrics = { residentMb: megabytes(bytes) };
  return {
    benchmark: `Idle instance (PGlite): resident memory ${when}`,
    database: "pglite",
    metrics,
    summary: `${metrics.residentMb} MB resident`,
    target: { metric: "residentMb", below: 250, text: "< 250 MB" },
  };
}

export async function idleMemoryBenchmarks(report: (result: Measured) => void): Promise<void> {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-idle-"));
  const environment = { MALLOC_ARENA_MAX: "2", PDF_WORKER_IDLE_SECONDS: String(WORKER_IDLE_SECONDS) };
  const first = startServer(dataDir, await freePort(), environment);
  let signedUp: ServiceClient;
  try {
    await waitUntilAnswering(first);
    signedUp = await ServiceClient.signUp(first.url, "Bench idle");
  } finally {
    await stopServer(first);
  }
  const server = startServer(dataDir, await freePort(), environment);
  try {
    await waitUntilAnswering(server);
    const owner = ServiceClient.forKey(server.url, signedUp.apiKey);
    await owner.call("GET", "/api/packages?from=1&to=10");
    await settle();
    report(line("after a restart and a list", residentBytes(server.child.pid!)));

    const roles = [{ id: "Client", signers: [{ email: "client@example.test", firstName: "Cy", lastName: "Client" }] }];
    const pdf = await makePdf({ pages: 20 });
    for (let i = 0; i < 5; i++) await owner.createPackage({ name: `Idle ${i}`, roles, documents: [{ name: "Agreement" }] }, [pdf]);
    await settle();
    report(line(`after 5 uploads, then ${SETTLE_MS / 1000} s idle`, residentBytes(server.child.pid!)));
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("idle-memory.ts")) {
  void idleMemoryBenchmarks((result) => console.log(`${result.benchmark}: ${result.summary}`));
}
