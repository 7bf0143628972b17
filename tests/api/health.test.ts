import net from "node:net";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { database } from "@/lib/db/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { now } from "@/lib/esign/clock";
import { DUE_WORK_JOB } from "@/lib/jobs/names";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { recordScheduledRunSuccess } from "@/lib/jobs/scheduled-runs";
import { runChecks } from "@/lib/observability/health";
import { call } from "../support/api-client";
import { startS3Server, type S3TestServer } from "../support/s3-server";

// A schema of its own: on the shared PostgreSQL test database, no other test file's worker sees it.
process.env.JOB_SCHEMA = `health_test_${randomBytes(4).toString("hex")}`;

const S3_SETTINGS = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  await startJobQueue({ only: [] });
});
afterAll(async () => {
  await stopJobQueue();
  await s3.stop();
});
afterEach(() => {
  for (const name of S3_SETTINGS) delete process.env[name];
});

interface Health {
  status: string;
  checks: Record<string, { status: string; ms: number; reason?: string }>;
}

async function health(): Promise<{ response: Response; body: Health }> {
  const response = await call("GET", "/api/health");
  return { response, body: (await response.json()) as Health };
}

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("GET /api/health", () => {
  it("answers 200 without a credential when the database, the job queue and the storage all answer, never cached", async () => {
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(body.status).toBe("ok");
    expect(Object.keys(body.checks).sort()).toEqual(["database", "jobQueue", "storage", "sweep"]);
    for (const check of Object.values(body.checks)) {
      expect(check.status).toBe("ok");
      expect(check.ms).toBeGreaterThanOrEqual(0);
      expect(check.reason).toBeUndefined();
    }
  });

  it("checks the S3 bucket when documents are stored there", async () => {
    Object.assign(process.env, s3.environment);
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(body.checks.storage.status).toBe("ok");
  });

  it("answers 503 naming the storage when the S3 server cannot be reached, without saying where it is", async () => {
    const port = await closedPort();
    Object.assign(process.env, s3.environment, { S3_ENDPOINT: `http://127.0.0.1:${port}` });
    const { response, body } = await health();
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.status).toBe("failing");
    expect(body.checks.storage.status).toBe("failing");
    expect(body.checks.storage.reason).toBeTruthy();
    expect(body.checks.database.status).toBe("ok");
    expect(body.checks.jobQueue.status).toBe("ok");
    const text = JSON.stringify(body);
    expect(text).not.toContain(String(port));
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(s3.bucket);
  });

  it("tells when the sweep last finished, and answers degraded (still 200) when that is more than three intervals ago", async () => {
    process.env.SWEEP_INTERVAL_SECONDS = "10";
    try {
      const recent = new Date(now().getTime() - 20_000);
      await recordScheduledRunSuccess(DUE_WORK_JOB, recent);
      let { response, body } = await health();
      expect(response.status).toBe(200);
      expect(body.status).toBe("ok");
      expect(body.checks.sweep).toMatchObject({ status: "ok", lastSuccess: recent.toISOString(), intervalSeconds: 10 });

      const stale = new Date(now().getTime() - 40_000);
      await recordScheduledRunSuccess(DUE_WORK_JOB, stale);
      ({ response, body } = await health());
      expect(response.status).toBe(200);
      expect(body.status).toBe("degraded");
      expect(body.checks.sweep).toMatchObject({ status: "degraded", lastSuccess: stale.toISOString() });
      expect(body.checks.sweep.reason).toMatch(/^no sweep has finished for 4\d s: packages do not expire/);
      expect(body.checks.database.status).toBe("ok");
    } finally {
      delete process.env.SWEEP_INTERVAL_SECONDS;
      await recordScheduledRunSuccess(DUE_WORK_JOB, now());
    }
  });

  it("outlives the database server closing its idle connections, and answers from new ones", async () => {
    const open = await database();
    if (open.kind !== "postgres") return; // PGlite has no server to close them
    await open.executeSql("select 1");
    const admin = new pg.Client({ connectionString: open.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ closed: boolean }>(
        "select pg_terminate_backend(pid) as closed from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'signet'",
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200)); // the pool hears of it
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(body.checks.database.status).toBe("ok");
  });

  it("ends a check that does not answer at its time-out", async () => {
    const result = await runChecks({ quick: async () => {}, hanging: () => new Promise<void>(() => {}) }, 200);
    expect(result.status).toBe("failing");
    expect(result.checks.quick.status).toBe("ok");
    expect(result.checks.hanging).toMatchObject({ status: "failing", reason: "no answer within 200 ms" });
    expect(result.checks.hanging.ms).toBeGreaterThanOrEqual(190);
  });

  it("answers 503 naming the job queue when this instance's workers are not running", async () => {
    await stopJobQueue();
    try {
      const { response, body } = await health();
      expect(response.status).toBe(503);
      expect(body.checks.jobQueue).toMatchObject({ status: "failing", reason: "not started" });
      expect(body.checks.database.status).toBe("ok");
      expect(body.checks.storage.status).toBe("ok");
    } finally {
      await startJobQueue({ only: [] });
    }
  });
});
