import http from "node:http";
import type { AddressInfo } from "node:net";
import { DELIVER_CALLBACK_JOB } from "@/lib/jobs/names";
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";
import { recordEvent } from "@/lib/esign/audit/record-event";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { call, callJson } from "@/tests/support/api-client";
import { packagePayload } from "@/tests/support/packages";
import { flateBombPdf } from "@/tests/support/pdfs";
import { seedAccount, type SeededAccount } from "@/tests/support/seed";
import type { DatabaseKind } from "./environments";
import { extractPayload, multipart, taggedPdf } from "./fixtures";
import type { Measured } from "./results";
import { percentile, round } from "./stats";

/**
 * Callback delivery end to end, in this process: the change commits through the real code, the job
 * queue's worker (started as the server starts it, for deliver-callback only) sends the callback,
 * and a receiver on loopback notes when each POST has arrived. Needs CALLBACK_ALLOW_PRIVATE=true
 * and CALLBACK_HTTP_HOSTS=127.0.0.1, set by bench/run.ts.
 */

const DELAY_BENCHMARK = "Callback delay: change → receiver (POST /api/packages → PACKAGE_CREATE callback)";
const DELAY_SAMPLES = 60;
const DELAY_MIN_SAMPLES = 20;
/** Measured time after which no new sample is started (once the minimum is reached). */
const DELAY_BUDGET_MS = 40_000;
/** One delivery later than this is an error, not a slow sample. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** The whole delay benchmark, warm-up included: past it, it gives up (too slow to measure). */
const DELAY_DEADLINE_MS = 60_000;

const THROUGHPUT_PACKAGES = 50;
const EVENTS_PER_PACKAGE = 10;
const THROUGHPUT_EVENTS = THROUGHPUT_PACKAGES * EVENTS_PER_PACKAGE;
/** Transactions recording events at the same time, each working through whole packages (live recording). */
const RECORDING_CONCURRENCY = 10;
const THROUGHPUT_TIMEOUT_MS = 60_000;
/** After the last expected callback, how long to keep listening for duplicates. */
const DUPLICATE_WATCH_MS = 1_000;
/** The delivery capacity PostgreSQL must reach (issue 17: 40 to 59 deliveries/s before). */
const TARGET_DELIVERIES_PER_SECOND = 200;
/** The PDF load beside the throughput runs: what bench/pdf-isolation.ts uploads. */
const LOAD_TAGGED_PAGES = 700;
const LOAD_BOMB_INFLATED_BYTES = 1024 * 1024 * 1024;

/**
 * How the events reach the database. `live`: each in its own transaction, RECORDING_CONCURRENCY
 * at a time, while the worker delivers (the rate is then bounded by the recording too). `burst`:
 * all in one transaction, whose commit hands the worker a backlog of THROUGHPUT_EVENTS at once: the
 * delivery capacity itself.
 */
type Recording = "live" | "burst";

interface ThroughputCase {
  recording: Recording;
  pdfLoad: boolean;
}

const THROUGHPUT_CASES: ThroughputCase[] = [
  { recording: "burst", pdfLoad: false },
  { recording: "live", pdfLoad: false },
  { recording: "burst", pdfLoad: true },
  { recording: "live", pdfLoad: true },
];

const throughputName = ({ recording, pdfLoad }: ThroughputCase) =>
  `Callback throughput, ${recording === "burst" ? `${THROUGHPUT_EVENTS} events committed at once` : `${THROUGHPUT_EVENTS} events recorded ${RECORDING_CONCURRENCY} at a time`} over ${THROUGHPUT_PACKAGES} packages → receiver` +
  (pdfLoad ? `, while a flate bomb and a ${LOAD_TAGGED_PAGES}-page tagged PDF are uploaded over and over` : "");

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value: number) => `${round(value, 1)} ms`;

interface Received {
  path: string;
  json: Record<string, unknown>;
  /** performance.now() when the whole body had arrived. */
  at: number;
}

/** An HTTP receiver on 127.0.0.1 answering 200 to every request and keeping what arrived. */
class LoopbackReceiver {
  readonly received: Received[] = [];
  base = "";
  private readonly listeners = new Set<() => void>();
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        // Kept with an empty body: the checks then report it as unexpected.
      }
      this.received.push({ path: request.url ?? "/", json, at });
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("ok");
      for (const listener of this.listeners) listener();
    });
  });

  /** TCP connections opened to the receiver so far (keep-alive makes them few). */
  connections = 0;

  async start(): Promise<void> {
    this.server.on("connection", () => this.connections++);
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  at(path: string): Received[] {
    return this.received.filter((entry) => entry.path === path);
  }

  /** Resolves with the first defined answer of `check`, tried now and after each arrival; undefined after `timeoutMs`. */
  waitUntil<T>(check: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve) => {
      const finish = (value: T | undefined) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(value);
      };
      const listener = () => {
        const value = check();
        if (value !== undefined) finish(value);
      };
      const timer = setTimeout(() => finish(undefined), Math.max(0, timeoutMs));
      this.listeners.add(listener);
    });
  }
}

async function register(account: SeededAccount, url: string, events: string[]): Promise<void> {
  await callJson("POST", "/api/callback", { key: account.apiKey, json: { url, events, key: "bench-callback-key" } });
}

/** One at a time: create a package through the API, then wait for its PACKAGE_CREATE callback. */
async function delayBenchmark(kind: DatabaseKind, receiver: LoopbackReceiver): Promise<Measured> {
  const owner = await seedAccount("Bench callback delay");
  const path = "/delay";
  await register(owner, `${receiver.base}${path}`, ["PACKAGE_CREATE"]);
  const deadline = performance.now() + DELAY_DEADLINE_MS;
  const delays: number[] = [];
  /** The delay of one change, or undefined once the deadline has passed. */
  const createAndWait = async (name: string): Promise<number | undefined> => {
    const created = await callJson<{ id: string }>("POST", "/api/packages", { key: owner.apiKey, json: packagePayload({ name, documents: [] }) });
    const committed = performance.now();
    const arrived = await receiver.waitUntil(
      () => receiver.received.find((entry) => entry.path === path && entry.json.packageId === created.id),
      Math.min(DELIVERY_TIMEOUT_MS, deadline - performance.now()),
    );
    // The worker may send before the route handler has returned its answer: that is no delay at all.
    if (arrived) return Math.max(0, arrived.at - committed);
    if (performance.now() >= deadline) return undefined;
    throw new Error(`The PACKAGE_CREATE callback of "${name}" did not arrive within ${DELIVERY_TIMEOUT_MS / 1000} s`);
  };
  const tooSlow = () => {
    const sofar = delays.length ? `; p50 ${ms(percentile(delays, 50))} so far` : "";
    return new Error(`Gave up after ${DELAY_DEADLINE_MS / 1000} s with ${delays.length} of at least ${DELAY_MIN_SAMPLES} samples${sofar}`);
  };

  for (let i = 1; i <= 3; i++) if ((await createAndWait(`Callback warm-up ${i}`)) === undefined) throw tooSlow();
  const started = performance.now();
  for (let i = 0; i < DELAY_SAMPLES; i++) {
    if (i >= DELAY_MIN_SAMPLES && performance.now() - started >= DELAY_BUDGET_MS) break;
    const delay = await createAndWait(`Callback bench ${i + 1}`);
    if (delay === undefined) {
      if (delays.length >= DELAY_MIN_SAMPLES) break;
      throw tooSlow();
    }
    delays.push(delay);
  }
  const metrics = {
    samples: delays.length,
    p50Ms: round(percentile(delays, 50), 1),
    p95Ms: round(percentile(delays, 95), 1),
    maxMs: round(Math.max(...delays), 1),
  };
  return {
    benchmark: DELAY_BENCHMARK,
    database: kind,
    metrics,
    summary: `p50 ${ms(metrics.p50Ms)}, p95 ${ms(metrics.p95Ms)}, max ${ms(metrics.maxMs)} (n=${metrics.samples}, one change at a time)`,
    target: { metric: "p95Ms", below: 500, text: "p95 < 500 ms" },
  };
}

const messageOf = (packageId: string, index: number) => `${packageId}:${index}`;

/**
 * Uploads over and over, beside a measurement, until stopped: a flate bomb (refused) and a
 * 700-page PDF with text tags (read on the PDF worker pool, its fields stored), as
 * bench/pdf-isolation.ts does. Answers how many of each went through.
 */
async function startPdfLoad(): Promise<() => Promise<{ bombs: number; tagged: number }>> {
  const owner = await seedAccount("Bench callback PDF load");
  const pdfs = { bomb: await flateBombPdf(LOAD_BOMB_INFLATED_BYTES), tagged: await taggedPdf(LOAD_TAGGED_PAGES) };
  const done = { bomb: 0, tagged: 0 };
  let stop = false;
  const uploads = (Object.keys(pdfs) as (keyof typeof pdfs)[]).map(async (what) => {
    while (!stop) {
      const body = multipart(extractPayload(`Bench load ${what}`), pdfs[what]);
      const response = await call("POST", "/api/packages", { key: owner.apiKey, body: body.body, headers: { "content-type": body.contentType } });
      await response.text();
      const expected = what === "bomb" ? 422 : 200;
      if (response.status !== expected) throw new Error(`The ${what} upload was answered ${response.status}, expected ${expected}`);
      done[what]++;
    }
  });
  // Both uploads under way (their PDFs on the worker pool) before the measurement starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return async () => {
    stop = true;
    await Promise.all(uploads);
    return { bombs: done.bomb, tagged: done.tagged };
  };
}

/**
 * Records THROUGHPUT_EVENTS events as the case says and measures from the first commit until the
 * receiver has them all; then checks each arrived exactly once and, per package, in the order
 * recorded. With `pdfLoad`, PDF uploads run beside it the whole time.
 */
async function throughputBenchmark(kind: DatabaseKind, receiver: LoopbackReceiver, { recording, pdfLoad }: ThroughputCase): Promise<Measured> {
  const owner = await seedAccount(`Bench callback throughput ${recording}${pdfLoad ? " with PDF load" : ""}`);
  const path = `/throughput-${recording}${pdfLoad ? "-pdf" : ""}`;
  await register(owner, `${receiver.base}${path}`, ["DOCUMENT_VIEWED"]);
  const db = await getDb();
  const packages = Array.from({ length: THROUGHPUT_PACKAGES }, (_, index) => `cb-bench-${recording}${pdfLoad ? "-pdf" : ""}-${index + 1}`);
  const committedAt = new Map<string, number>();
  const record = (tx: Tx, packageId: string, index: number) =>
    recordEvent(tx, { accountId: owner.accountId, packageId, name: "DOCUMENT_VIEWED", sessionUser: owner.userId, message: messageOf(packageId, index) });

  const stopLoad = pdfLoad ? await startPdfLoad() : undefined;
  const connectionsBefore = receiver.connections;
  let load: { bombs: number; tagged: number } | undefined;
  try {
    const started = performance.now();
    if (recording === "burst") {
      // Package by package, as a backlog of whole packages (the hardest order for the workers: a batch of jobs spans few packages).
      await db.transaction(async (tx) => {
        for (const packageId of packages) for (let index = 0; index < EVENTS_PER_PACKAGE; index++) await record(tx, packageId, index);
      });
      const committed = performance.now();
      for (const packageId of packages) for (let index = 0; index < EVENTS_PER_PACKAGE; index++) committedAt.set(messageOf(packageId, index), committed);
    } else {
      const recordPackage = async (packageId: string) => {
        for (let index = 0; index < EVENTS_PER_PACKAGE; index++) {
          await db.transaction((tx) => record(tx, packageId, index));
          committedAt.set(messageOf(packageId, index), performance.now());
        }
      };
      const waiting = [...packages];
      await Promise.all(
        Array.from({ length: RECORDING_CONCURRENCY }, async () => {
          for (let packageId = waiting.shift(); packageId; packageId = waiting.shift()) await recordPackage(packageId);
        }),
      );
    }
    const firstCommit = Math.min(...committedAt.values());
    const lastCommit = Math.max(...committedAt.values());

    const all = await receiver.waitUntil(
      () => (receiver.at(path).length >= THROUGHPUT_EVENTS ? true : undefined),
      started + THROUGHPUT_TIMEOUT_MS - performance.now(),
    );
    if (!all) {
      const arrived = receiver.at(path).length;
      const rate = arrived / ((performance.now() - firstCommit) / 1000);
      // Why: a failed attempt waits CALLBACK_RETRY_BASE_SECONDS, and its package's later events with it.
      const failures = await db
        .select({ attempts: callbackDeliveries.attempts, lastError: callbackDeliveries.lastError })
        .from(callbackDeliveries)
        .where(and(eq(callbackDeliveries.accountId, owner.accountId), isNotNull(callbackDeliveries.lastError)));
      const why = failures.length ? `; ${failures.length} with a failed attempt, e.g. "${failures[0].lastError}"` : "";
      throw new Error(
        `Only ${arrived} of ${THROUGHPUT_EVENTS} callbacks arrived within ${THROUGHPUT_TIMEOUT_MS / 1000} s (${round(rate, 1)}/s so far${why}); gave up`,
      );
    }
    const lastArrival = Math.max(...receiver.at(path).map((entry) => entry.at));
    if (stopLoad) load = await stopLoad();
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WATCH_MS));
    checkExactlyOnceInOrder(receiver.at(path), packages);

    const delays = receiver.at(path).map((entry) => entry.at - committedAt.get(String(entry.json.message))!);
    const metrics: Record<string, number> = {
      events: THROUGHPUT_EVENTS,
      deliveriesPerSecond: round(THROUGHPUT_EVENTS / ((lastArrival - firstCommit) / 1000), 1),
      recordedInS: round((lastCommit - firstCommit) / 1000, 2),
      deliveredInS: round((lastArrival - firstCommit) / 1000, 2),
      lastAfterLastCommitMs: round(lastArrival - lastCommit, 1),
      delayP50Ms: round(percentile(delays, 50), 1),
      delayP95Ms: round(percentile(delays, 95), 1),
      connections: receiver.connections - connectionsBefore,
      ...(load ? { bombsRefused: load.bombs, taggedCreated: load.tagged } : {}),
    };
    const how =
      recording === "burst"
        ? `all in ${metrics.deliveredInS} s from the commit`
        : `all in ${metrics.deliveredInS} s from the first commit, the last ${ms(metrics.lastAfterLastCommitMs)} after the last commit (recorded in ${metrics.recordedInS} s)`;
    const loadText = load ? `; beside it ${load.bombs} bombs refused, ${load.tagged} tagged PDFs created` : "";
    return {
      benchmark: throughputName({ recording, pdfLoad }),
      database: kind,
      metrics,
      summary: `${metrics.deliveriesPerSecond} deliveries/s (${how}); delay p50 ${ms(metrics.delayP50Ms)}, p95 ${ms(metrics.delayP95Ms)}; each once, in order, ${metrics.connections} connections opened (kept-alive ones reused)${loadText}`,
      // The capacity (a backlog) is what the target is about; live recording is bounded by the recording as well.
      target:
        recording === "burst" && kind === "postgres"
          ? { metric: "deliveriesPerSecond", atLeast: TARGET_DELIVERIES_PER_SECOND, text: `≥ ${TARGET_DELIVERIES_PER_SECOND} deliveries/s` }
          : null,
    };
  } finally {
    if (stopLoad && !load) await stopLoad().catch(() => undefined);
  }
}

/** Throws unless every expected message arrived exactly once and each package's in the order recorded. */
function checkExactlyOnceInOrder(arrived: Received[], packages: string[]): void {
  const messages = arrived.map((entry) => String(entry.json.message));
  const expected = new Set(packages.flatMap((packageId) => Array.from({ length: EVENTS_PER_PACKAGE }, (_, index) => messageOf(packageId, index))));
  const seen = new Set<string>();
  const duplicates = messages.filter((message) => seen.has(message) || !seen.add(message));
  if (duplicates.length) throw new Error(`${duplicates.length} callbacks arrived more than once, e.g. ${duplicates[0]}`);
  const unexpected = messages.filter((message) => !expected.has(message));
  if (unexpected.length) throw new Error(`${unexpected.length} unexpected callbacks arrived, e.g. ${unexpected[0]}`);
  const missing = [...expected].filter((message) => !seen.has(message));
  if (missing.length) throw new Error(`${missing.length} callbacks never arrived, e.g. ${missing[0]}`);
  for (const packageId of packages) {
    const order = arrived.filter((entry) => entry.json.packageId === packageId).map((entry) => String(entry.json.message));
    const recorded = Array.from({ length: EVENTS_PER_PACKAGE }, (_, index) => messageOf(packageId, index));
    if (order.join() !== recorded.join()) throw new Error(`The callbacks of ${packageId} arrived out of order: ${order.join(", ")}`);
  }
}

/**
 * Both callback benchmarks on the current database, with one receiver and the job queue started
 * for them and stopped afterwards (also on failure) so the bench process can exit. A benchmark
 * that fails or times out is reported through `fail` and the next one still runs.
 */
export async function callbackSuite(kind: DatabaseKind, record: (result: Measured) => void, fail: (benchmark: string, error: unknown) => void): Promise<void> {
  const receiver = new LoopbackReceiver();
  await receiver.start();
  try {
    await startJobQueue({ only: [DELIVER_CALLBACK_JOB] });
    const benchmarks: [string, (kind: DatabaseKind, receiver: LoopbackReceiver) => Promise<Measured>][] = [
      [DELAY_BENCHMARK, delayBenchmark],
      ...THROUGHPUT_CASES.map((which): [string, (kind: DatabaseKind, receiver: LoopbackReceiver) => Promise<Measured>] => [
        throughputName(which),
        (kind, receiver) => throughputBenchmark(kind, receiver, which),
      ]),
    ];
    for (const [name, benchmark] of benchmarks) {
      log(`${kind}: ${name}`);
      try {
        record(await benchmark(kind, receiver));
      } catch (error) {
        fail(name, error);
      }
    }
  } finally {
    await stopJobQueue();
    await receiver.close();
  }
}
