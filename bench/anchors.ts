/**
 * Anchors: what the same work costs done by the simplest thing that does it, measured in the same
 * run as Signet's figure so that the ratio holds whatever the machine's load. Each benchmark line
 * that has one reports both and the ratio.
 *   - a bare Node server reading the same multipart upload (busboy, one hash, no database): uploads
 *     per second, and how long it takes from spawn to its first answer;
 *   - the S3 server alone: distinct 1 MB objects stored per second;
 *   - PostgreSQL alone: distinct 1 MB values inserted per second into a table like `blob_chunks`;
 *   - `pdftotext -bbox` (poppler) over the same tagged PDF;
 *   - `qpdf` copying the same PDF (a full parse and rewrite).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { median, round } from "./stats";
import { underLoad, expectStatus, type LoadResult } from "./served";

const BARE_SERVER = path.join(process.cwd(), "bench", "anchors", "bare-upload-server.mjs");

export interface BareServer {
  url: string;
  /** Milliseconds from spawn to the first answer. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [BARE_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout! });
  const [port] = (await once(lines, "line")) as [string];
  const url = `http://127.0.0.1:${port.trim()}`;
  await expectStatus(await fetch(url), "the bare server");
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}

/** The bare server's uploads per second for the same bodies at the same concurrency. */
export async function bareUploads(
  concurrency: number,
  budgetMs: number,
  prepare: () => { body: Buffer; contentType: string },
): Promise<LoadResult> {
  const bare = await startBareServer();
  try {
    return await underLoad({
      concurrency,
      budgetMs,
      prepare,
      operation: async ({ body, contentType }) => {
        await expectStatus(await fetch(`${bare.url}/api/packages`, { method: "POST", body: body as unknown as BodyInit, headers: { "content-type": contentType } }), "bare upload");
      },
    });
  } finally {
    await bare.stop();
  }
}

/** Median of a few spawns of the bare server, to its first answer. */
export async function bareStartMs(runs = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const bare = await startBareServer();
    samples.push(bare.startMs);
    await bare.stop();
  }
  return median(samples);
}

/** The S3 server alone: distinct objects of `bytes` stored per second at the same concurrency. */
export async function s3PutsPerSecond(environment: Record<string, string>, concurrency: number, budgetMs: number, object: () => Buffer): Promise<LoadResult> {
  const client = new S3Client({
    region: environment.S3_REGION,
    endpoint: environment.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: environment.S3_ACCESS_KEY_ID, secretAccessKey: environment.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  let counter = 0;
  try {
    return await underLoad({
      concurrency,
      budgetMs,
      prepare: object,
      operation: async (bytes) => {
        await client.send(new PutObjectCommand({ Bucket: environment.S3_BUCKET, Key: `anchor/${counter++}`, Body: bytes }));
      },
    });
  } finally {
    client.destroy();
  }
}

/**
 * PostgreSQL alone: distinct values of `bytes` inserted per second at the same concurrency, each in
 * its own transaction, into a scratch table shaped like `blob_chunks` (the ceiling of a store that
 * keeps documents in the database).
 */
export async function postgresInsertsPerSecond(databaseUrl: string, concurrency: number, budgetMs: number, value: () => Buffer): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  let counter = 0;
  try {
    // Stored as Signet stores document pieces (migration 0037): without PostgreSQL's compression.
    await pool.query("create table bench_anchor_chunks (sha256 text, index integer, content bytea not null, primary key (sha256, index))");
    await pool.query("alter table bench_anchor_chunks alter column content set storage external");
    return await underLoad({
      concurrency,
      budgetMs,
      prepare: value,
      operation: async (bytes) => {
        await pool.query("insert into bench_anchor_chunks values ($1, 0, $2)", [`anchor-${counter++}`, bytes]);
      },
    });
  } finally {
    await pool.query("drop table if exists bench_anchor_chunks");
    await pool.end();
  }
}

function timedCommand(command: string, args: string[], runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    execFileSync(command, args, { stdio: "ignore", maxBuffer: 1 << 30 });
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function withTemporaryFile<T>(bytes: Buffer, run: (file: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-anchor-"));
  const file = path.join(folder, "input.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return run(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Median milliseconds of `pdftotext -bbox` over the PDF (words with their boxes, as text tags need). */
export function pdftotextBboxMs(pdf: Buffer, runs = 3): number {
  return withTemporaryFile(pdf, (file) => timedCommand("pdftotext", ["-bbox", file, path.join(path.dirname(file), "out.html")], runs));
}

/** Median milliseconds of `qpdf` copying the PDF (parse and write the whole file). */
export function qpdfCopyMs(pdf: Buffer, runs = 5): number {
  return withTemporaryFile(pdf, (file) => timedCommand("qpdf", [file, path.join(path.dirname(file), "copy.pdf")], runs));
}

/** "3.1× the anchor": Signet's figure over the anchor's, for costs (times). */
export const timesAnchor = (value: number, anchor: number) => round(value / anchor, 1);
