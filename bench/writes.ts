/**
 * Writes under load: `POST /api/packages` with a distinct 1 MB PDF and three signers, 16 requests
 * at a time, over HTTP to the built server (`next start`), as integrators send them. Target on
 * PostgreSQL: at least 100 req/s with p95 under 150 ms; with S3, at least half the objects per
 * second the S3 server alone stores. Anchors from the same run: a bare Node server reading the
 * same uploads (bench/anchors.ts), the S3 server alone, and PostgreSQL alone storing the same bytes.
 *
 * Where the time goes is measured afterwards in this process, one part at a time, at the same
 * concurrency: the PDF worker job alone (readDocumentPdf: parse, page sizes, field placement), a
 * create without a document (over HTTP), and the blob store alone (storing a distinct 1 MB blob).
 */
import { packageCreate } from "@/lib/api/packages";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { ServiceClient } from "@/e2e/support/service-client";
import type { SeededAccount } from "@/tests/support/seed";
import { bareUploads, postgresInsertsPerSecond, s3PutsPerSecond, timesAnchor } from "./anchors";
import type { DatabaseKind } from "./environments";
import { createPayload, multipart, type paddedPdf, uniqueCopy } from "./fixtures";
import type { Measured } from "./results";
import { startS3Peer, type S3Peer } from "./s3-peer";
import { expectStatus, serve, underLoad as loadOf, type LoadResult } from "./served";
import { round } from "./stats";

const CONCURRENCY = 16;
const BUDGET_MS = 10_000;

const underLoad = <T>(prepare: () => T, operation: (input: T) => Promise<void>, budgetMs = BUDGET_MS): Promise<LoadResult> =>
  loadOf({ concurrency: CONCURRENCY, budgetMs, prepare, operation });

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
    await createsUnderLoad(kind, owner, pdf, report, peer);
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
  peer?: S3Peer,
): Promise<void> {
  const storage = peer ? "S3" : kind === "postgres" ? "the blobs table" : "DATA_DIR/blobs";
  let counter = 0;
  const body = (name: string) => multipart(createPayload(name), uniqueCopy(pdf));

  const served = await serve(peer?.environment);
  let full: LoadResult;
  let withoutPdf: LoadResult;
  try {
    const client = ServiceClient.forKey(served.url, owner.apiKey);
    const createWithPdf = async ({ body: bytes, contentType }: ReturnType<typeof multipart>) =>
      void (await expectStatus(await client.call("POST", "/api/packages", bytes, { "content-type": contentType }), "POST /api/packages"));
    // Warm-up: workers started, connections open, code compiled.
    await underLoad(() => body(`Warm-up ${counter++}`), createWithPdf, 2_000);
    full = await underLoad(() => body(`Load ${counter++}`), createWithPdf);
    withoutPdf = await underLoad(
      () => createPayload(`No document ${counter++}`),
      async (payload) => void (await expectStatus(await client.call("POST", "/api/packages", { ...payload, documents: [] }), "POST /api/packages (no document)")),
    );
  } finally {
    await served.stop();
  }
  const bare = await bareUploads(CONCURRENCY, BUDGET_MS, () => body("Anchor"));
  const s3Alone = peer ? await s3PutsPerSecond(peer.environment, CONCURRENCY, BUDGET_MS, () => uniqueCopy(pdf)) : undefined;
  const postgresAlone = !peer && kind === "postgres" ? await postgresInsertsPerSecond(process.env.DATABASE_URL!, CONCURRENCY, BUDGET_MS, () => uniqueCopy(pdf)) : undefined;

  const anchorText = `bare Node server ${bare.perSecond}/s (${timesAnchor(bare.perSecond, full.perSecond)}× Signet)` +
    (s3Alone ? `; S3 server alone ${s3Alone.perSecond} objects/s (Signet ${round((100 * full.perSecond) / s3Alone.perSecond, 0)} % of it)` : "") +
    (postgresAlone ? `; PostgreSQL alone ${postgresAlone.perSecond} inserts of 1 MB/s (Signet ${round((100 * full.perSecond) / postgresAlone.perSecond, 0)} % of it)` : "");
  report({
    benchmark: `Create under load: 1 MB PDF, 3 signers, ${CONCURRENCY} at a time over HTTP (POST /api/packages, blobs in ${storage})`,
    database: kind,
    metrics: {
      ...full,
      bareServerPerSecond: bare.perSecond,
      ...(s3Alone ? { s3AlonePerSecond: s3Alone.perSecond, percentOfS3Alone: round((100 * full.perSecond) / s3Alone.perSecond, 0) } : {}),
      ...(postgresAlone ? { postgresAlonePerSecond: postgresAlone.perSecond, percentOfPostgresAlone: round((100 * full.perSecond) / postgresAlone.perSecond, 0) } : {}),
    },
    summary: `${full.perSecond} req/s (n=${full.operations}); anchors: ${anchorText}`,
    target:
      kind !== "postgres" ? null
      : s3Alone ? { metric: "percentOfS3Alone", atLeast: 50, text: "≥ 50 % of the S3 server alone" }
      : { metric: "perSecond", atLeast: 100, text: "≥ 100 req/s" },
  });
  report({
    benchmark: `Create under load: latency of the same requests (blobs in ${storage})`,
    database: kind,
    metrics: { ...full, bareServerP95Ms: bare.p95Ms },
    summary: `p50 ${full.p50Ms} ms, p95 ${full.p95Ms} ms; bare Node server p95 ${bare.p95Ms} ms`,
    target: kind === "postgres" ? { metric: "p95Ms", below: 150, text: "p95 < 150 ms" } : null,
  });

  // The parts alone, in this process (the server is stopped: PGlite admits one process).
  const pdfJob = await underLoad(
    () => uniqueCopy(pdf),
    async (bytes) => {
      const input = packageCreate.parse(createPayload("Job")).documents![0]!;
      await runPdfJob(
        "readDocumentPdf",
        { bytes, input, roles: [], limits: { maxPages: 2000, maxStreamBytes: 100 * 1024 * 1024, maxDecodedBytes: 1024 * 1024 * 1024 }, textTagWorkers: 1 },
        { accountId: "bench", documentName: "Agreement" },
      );
    },
  );
  const store = await blobStore();
  const blobPut = await underLoad(
    () => uniqueCopy(pdf),
    async (bytes) => void (await store.put(bytes)),
  );
  const parts = [
    ["PDF worker job", pdfJob],
    ["create without a document (HTTP)", withoutPdf],
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
