import type { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { runPdfJob } from "@/lib/esign/pdf/pdf-pool";
import { makePdf } from "../support/pdfs";
import { seedAccount } from "../support/seed";

/**
 * Issue 32, item 2: a large job ends its worker once done, so that what it held goes back at
 * once, not after PDF_WORKER_IDLE_SECONDS; a small job leaves its worker for the next.
 */

const MB = 1024 * 1024;
const workers = () => (globalThis as unknown as { signetPdfPool?: { piscina: { threads: Worker[] } } }).signetPdfPool!.piscina.threads;

describe("the PDF worker pool after a large job", () => {
  it("ends the worker that ran a job of 32 MB or more, keeps the one of a small job, and goes on serving", { timeout: 60_000 }, async () => {
    const account = await seedAccount();
    const job = { accountId: account.accountId, documentName: "Job" };
    const small = await makePdf({ pages: 1 });
    expect(await runPdfJob("flattenPdf", { bytes: small }, job)).toEqual(new Uint8Array(small));
    expect(workers()).toHaveLength(1);
    const [smallJobWorker] = workers();

    const large = await makePdf({ pages: 1, padToBytes: 40 * MB });
    expect((await runPdfJob("flattenPdf", { bytes: large }, job)).byteLength).toBe(large.byteLength);
    await vi.waitFor(() => expect(workers()).toHaveLength(0), { timeout: 10_000, interval: 20 });

    // Several at once after it: each gets a worker (new ones), none is handed to the ended one.
    const answers = await Promise.all([1, 2, 3].map(() => runPdfJob("flattenPdf", { bytes: small }, job)));
    expect(answers.map((answer) => answer.byteLength)).toEqual([small.byteLength, small.byteLength, small.byteLength]);
    expect(workers().length).toBeGreaterThan(0);
    expect(workers()).not.toContain(smallJobWorker);
  });
});
