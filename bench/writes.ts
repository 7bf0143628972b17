/**
 * Writes under load: `POST /api/packages` with a distinct 1 MB PDF and three signers, 16 requests
 * at a time, through the real route handlers in this process (as a server would run them: one
 * event loop, the PDF worker pool, the database pool). Target on PostgreSQL: at least 100 req/s
 * with p95 under 150 ms.
 *
 * Where the time goes is measured the same way, one part at a time, at the same concurrency:
 *   - the PDF worker job alone (readDocumentPdf: parse, page sizes, field placement),
 *   - a create without a document (payload validation and the database transaction),
 *   - the blob store alone (storing a distinct 1 MB blob).
 * Each part's rate is the most creates per second it could sustain by itself.
 */
import { packageCreate } from "@/lib/api/packages";
import { config } from "@/lib/config";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { call } from "@/tests/support/api-client";
import type { SeededAccount } from "@/tests/support/seed";
import type { DatabaseKind } from "./environments";
import { createPayload, multipart, type paddedPdf, uniqueCopy } from "./fixtures";
import type { Measured } from "./results";
import { startS3Peer } from "./s3-peer";
import { percentile, round } from "./stats";

const CONCURRENCY = 16;
const BUDGET_MS = 10_000;

interface LoadResult {
  operations: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
}

/** `operation` run by CONCURRENCY loops until the budget is spent; `prepare` is not timed. */
async function underLoad<T>(prepare: () => T, operation: (input: T) => Promise<void>, budgetMs = BUDGET_MS): Promise<LoadResult> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + budgetMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const input = prepare();
        const begun = performance.now();
        await operation(input);
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

async function expectOk(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
}

/** Creates under load with documents in the database's own store, then in S3 (an s3rver peer on loopback). */
export async function writeBenchmarks(
  kind: DatabaseKind,
  owner: SeededAccount,
  pdf: Awaited<ReturnType<typeof paddedPdf>>,
  report: (result: Measured) => void,
): Promise<void> {
  await createsUnderLoad(kind, owner, pdf, report);
  const peer = await startS3Peer();
  const before = { ...process.env };
  Object.assign(process.env, peer.environment);
  try {
    await createsUnderLoad(kind, owner, pdf, report);
  } finally {
    for (const name of Object.keys(peer.environment)) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
    await peer.stop();
  }
}

async function createsUnderLoad(
  kind: DatabaseKind,
  owner: SeededAccount,
  pdf: Awaited<ReturnType<typeof paddedPdf>>,
  report: (result: Measured) => void,
): Promise<void> {
  const storage = config().s3 ? "S3" : kind === "postgres" ? "the blobs table" : "DATA_DIR/blobs";
  let counter = 0;
  const createWithPdf = async (body: ReturnType<typeof multipart>) => {
    const response = await call("POST", "/api/packages", { key: owner.apiKey, body: body.body, headers: { "content-type": body.contentType } });
    await expectOk(response, "POST /api/packages");
  };
  // Warm-up: workers started, connections open, code compiled.
  await underLoad(() => multipart(createPayload(`Warm-up ${counter++}`), uniqueCopy(pdf)), createWithPdf, 2_000);

  const full = await underLoad(() => multipart(createPayload(`Load ${counter++}`), uniqueCopy(pdf)), createWithPdf);
  report({
    benchmark: `Create under load: 1 MB PDF, 3 signers, ${CONCURRENCY} at a time (POST /api/packages, blobs in ${storage})`,
    database: kind,
    metrics: { ...full },
    summary: `${full.perSecond} req/s (n=${full.operations})`,
    target: kind === "postgres" && storage === "S3" ? { metric: "perSecond", atLeast: 100, text: "≥ 100 req/s" } : null,
  });
  report({
    benchmark: `Create under load: latency of the same requests (blobs in ${storage})`,
    database: kind,
    metrics: { ...full },
    summary: `p50 ${full.p50Ms} ms, p95 ${full.p95Ms} ms`,
    target: kind === "postgres" && storage === "S3" ? { metric: "p95Ms", below: 150, text: "p95 < 150 ms" } : null,
  });

  const pdfJob = await underLoad(
    () => uniqueCopy(pdf),
    async (bytes) => {
      const input = packageCreate.parse(createPayload("Job")).documents![0]!;
      await runPdfJob(
        "readDocumentPdf",
        { bytes, input, roles: [], limits: { maxPages: 2000, maxStreamBytes: 100 * 1024 * 1024, maxDecodedBytes: 1024 * 1024 * 1024 } },
        { accountId: "bench", documentName: "Agreement" },
      );
    },
  );
  const withoutPdf = await underLoad(
    () => createPayload(`No document ${counter++}`),
    async (payload) => {
      const response = await call("POST", "/api/packages", { key: owner.apiKey, json: { ...payload, documents: [] } });
      await expectOk(response, "POST /api/packages (no document)");
    },
  );
  const store = await blobStore();
  const blobPut = await underLoad(
    () => uniqueCopy(pdf),
    async (bytes) => void (await store.put(bytes)),
  );
  const parts = [
    ["PDF worker job", pdfJob],
    ["create without a document", withoutPdf],
    [`blob put (${storage})`, blobPut],
  ] as const;
  report({
    benchmark: `Create under load, where the time goes: each part alone, ${CONCURRENCY} at a time (blobs in ${storage})`,
    database: kind,
    metrics: Object.fromEntries(parts.map(([name, result]) => [`${name} per second`, result.perSecond])),
    summary: parts.map(([name, result]) => `${name} ${result.perSecond}/s (p95 ${result.p95Ms} ms)`).join("; "),
    target: null,
  });
}
