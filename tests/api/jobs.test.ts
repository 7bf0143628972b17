import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database, getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { defineJob } from "@/lib/jobs/registry";

// A schema of its own: on the shared PostgreSQL test database, no other test file's worker sees these jobs.
process.env.JOB_SCHEMA = `jobs_test_${randomBytes(4).toString("hex")}`;

const TEST_JOB = "test-marker";
const ran: string[] = [];
const failOnce = new Set<string>();
defineJob<{ marker: string }>({
  name: TEST_JOB,
  retry: () => ({ retryLimit: 1, retryDelay: 1, retryBackoff: false }),
  batchSize: 5,
  handle: async ({ marker }) => {
    if (failOnce.delete(marker)) throw new Error(`first attempt of ${marker} fails`);
    ran.push(marker);
  },
});

const marker = () => randomBytes(6).toString("hex");

async function jobsWithMarker(value: string): Promise<number> {
  const { rows } = await (await database()).executeSql(`select count(*)::int as n from ${process.env.JOB_SCHEMA}.job where data->>'marker' = $1`, [value]);
  return (rows[0] as { n: number }).n;
}

async function enqueueCommitted(value: string) {
  const db = await getDb();
  await db.transaction((tx) => enqueueJob(tx, TEST_JOB, { marker: value }));
}

beforeAll(() => startJobQueue({ only: [TEST_JOB], pollingIntervalSeconds: 0.5 }));
afterAll(() => stopJobQueue());

describe("job queue (pg-boss)", () => {
  it("runs a job queued in a committed transaction, once", async () => {
    const value = marker();
    await enqueueCommitted(value);
    await vi.waitFor(() => expect(ran).toContain(value), { timeout: 15_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(ran.filter((m) => m === value)).toHaveLength(1);
  });

  it("never runs a job queued in a transaction that rolled back", async () => {
    const db = await getDb();
    const rolledBack = marker();
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, TEST_JOB, { marker: rolledBack });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await jobsWithMarker(rolledBack)).toBe(0);

    const committed = marker();
    await enqueueCommitted(committed);
    await vi.waitFor(() => expect(ran).toContain(committed), { timeout: 15_000, interval: 100 });
    expect(ran).not.toContain(rolledBack);
  });

  it("runs several jobs queued together, each once", async () => {
    const values = [marker(), marker(), marker(), marker(), marker()];
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (const value of values) await enqueueJob(tx, TEST_JOB, { marker: value });
    });
    await vi.waitFor(() => expect(ran).toEqual(expect.arrayContaining(values)), { timeout: 20_000, interval: 100 });
    for (const value of values) expect(ran.filter((m) => m === value)).toHaveLength(1);
  });

  it("refuses a job name nobody defined", async () => {
    const db = await getDb();
    await expect(db.transaction((tx) => enqueueJob(tx, "no-such-job", {}))).rejects.toThrow(/no job named/i);
  });
});

describe("job queue batches and wake-ups", () => {
  it("a failing job of a batch is retried alone; the others of its batch run once", async () => {
    const values = [marker(), marker(), marker(), marker(), marker()];
    failOnce.add(values[2]);
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (const value of values) await enqueueJob(tx, TEST_JOB, { marker: value });
    });
    await vi.waitFor(() => expect(ran).toEqual(expect.arrayContaining(values)), { timeout: 20_000, interval: 100 });
    for (const value of values) expect(ran.filter((m) => m === value)).toHaveLength(1);
    expect(failOnce.size).toBe(0);
  });

  it("a committed job wakes an idle worker at once instead of waiting for its next poll", async () => {
    await stopJobQueue();
    // A poll every 5 minutes: only the NOTIFY sent when the transaction commits can start the job within the wait below.
    await startJobQueue({ only: [TEST_JOB], pollingIntervalSeconds: 300 });
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // past the worker's first poll
    const value = marker();
    await enqueueCommitted(value);
    await vi.waitFor(() => expect(ran).toContain(value), { timeout: 30_000, interval: 100 });
  });

  it("a job queued for later does not wake the workers (it runs when due)", async () => {
    const db = await getDb();
    const value = marker();
    await db.transaction((tx) => enqueueJob(tx, TEST_JOB, { marker: value }, { startAfter: 1 }));
    expect(await jobsWithMarker(value)).toBe(1);
  });
});
