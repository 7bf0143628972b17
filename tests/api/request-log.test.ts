import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { unauthenticatedRoute } from "@/lib/http/api-handler";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { defineJob } from "@/lib/jobs/registry";
import { logTo } from "@/lib/observability/logger";
import { call } from "../support/api-client";
import { seedAccount } from "../support/seed";

// A schema of its own: on the shared PostgreSQL test database, no other test file's worker sees these jobs.
process.env.JOB_SCHEMA = `request_log_test_${randomBytes(4).toString("hex")}`;

/** The log's lines, read from the stream pino writes to (not from stdout). */
let lines: Record<string, unknown>[] = [];
let restoreLog: () => void;

const TEST_JOB = "test-request-log";
defineJob<{ marker: string }>({
  name: TEST_JOB,
  retry: () => ({ retryLimit: 0, retryDelay: 1, retryBackoff: false }),
  handle: async () => {},
});

/** Fails on every attempt, the first of which pg-boss would retry. */
const FAILING_JOB = "test-failing-job";
defineJob<{ marker: string }>({
  name: FAILING_JOB,
  retry: () => ({ retryLimit: 1, retryDelay: 1, retryBackoff: false }),
  handle: async ({ marker }) => {
    throw new Error(`job ${marker} cannot be done`);
  },
});

beforeAll(async () => {
  restoreLog = logTo({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  await startJobQueue({ only: [TEST_JOB, FAILING_JOB], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobQueue();
  restoreLog();
});
beforeEach(() => {
  lines = [];
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const requestLines = (requestId: string) => lines.filter((line) => line.requestId === requestId && line.msg === "request answered");

describe("request ids and the request log", () => {
  it("echoes a plain X-Request-Id and logs one line for the request, with its account and without its key", async () => {
    const owner = await seedAccount();
    lines = [];
    const response = await call("GET", "/api/session", { key: owner.apiKey, headers: { "x-request-id": "lb-7f3a.2:1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a.2:1");
    const [line, ...more] = requestLines("lb-7f3a.2:1");
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: "GET", route: "/api/session", status: 200, accountId: owner.accountId });
    expect(line.ms).toBeTypeOf("number");
    expect(JSON.stringify(lines)).not.toContain(owner.apiKey);
  });

  it("gives a new id to a request without one, or with one that is not a plain token, errors included", async () => {
    const refused = await call("GET", "/api/session", { headers: { "x-request-id": "two words\tand a tab" } });
    expect(refused.status).toBe(401);
    const id = refused.headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    expect(requestLines(id)[0]).toMatchObject({ status: 401, route: "/api/session" });
    expect(requestLines(id)[0].accountId).toBeUndefined();

    const tooLong = await call("GET", "/api/session", { headers: { "x-request-id": "a".repeat(129) } });
    expect(tooLong.headers.get("x-request-id")).toMatch(UUID);
  });

  it("logs the route's pattern, not a token in its path", async () => {
    const token = `copy-${randomBytes(12).toString("hex")}`;
    const response = await call("GET", `/api/signerCopies/${token}/zip`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const line = requestLines(response.headers.get("x-request-id")!)[0];
    expect(line).toMatchObject({ route: "/api/signerCopies/[token]/zip", status: response.status });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("logs an unexpected error with its stack, under the request's id, and answers the id with the 500", async () => {
    const handler = unauthenticatedRoute(async () => {
      throw new Error("the disk caught fire");
    });
    const response = await handler(new Request("http://signet.test/api/anything", { headers: { "x-request-id": "fire-1" } }), { params: Promise.resolve({}) });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("fire-1");
    const failure = lines.find((line) => line.requestId === "fire-1" && line.level === 50 && line.err !== undefined) as { err: { stack: string } };
    expect(failure.err.stack).toContain("the disk caught fire");
    expect(requestLines("fire-1")[0]).toMatchObject({ level: 50, status: 500 });
  });

  it("carries the id of the request that queued a job into the job's lines", async () => {
    const queueing = unauthenticatedRoute(async ({ db }) => {
      await db.transaction((tx) => enqueueJob(tx, TEST_JOB, { marker: "m" }));
      return { queued: true };
    });
    const response = await queueing(new Request("http://signet.test/api/anything", { method: "POST", headers: { "x-request-id": "queues-a-job" } }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(lines.find((line) => line.msg === "job finished" && line.requestId === "queues-a-job")).toBeDefined(), {
      timeout: 15_000,
      interval: 100,
    });
    const finished = lines.find((line) => line.msg === "job finished" && line.requestId === "queues-a-job")!;
    expect(finished).toMatchObject({ job: TEST_JOB, level: 30 });
    expect(finished.jobId).toBeTypeOf("string");
    expect(finished.ms).toBeTypeOf("number");
  });

  it("logs every failed attempt of a job at error level, with the job's name, its id and the error", async () => {
    const db = await getDb();
    const jobId = await db.transaction((tx) => enqueueJob(tx, FAILING_JOB, { marker: "m-42" }));
    const failures = () => lines.filter((line) => line.msg === "job failed" && line.jobId === jobId);
    await vi.waitFor(() => expect(failures()).toHaveLength(2), { timeout: 15_000, interval: 100 });
    for (const [attempt, failure] of failures().entries()) {
      expect(failure).toMatchObject({ level: 50, job: FAILING_JOB, jobId, retryCount: attempt, willRetry: attempt === 0 });
      expect((failure.err as { message: string }).message).toBe("job m-42 cannot be done");
    }
  });
});
