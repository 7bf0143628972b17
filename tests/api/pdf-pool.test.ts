import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, roleSigningStates } from "@/lib/db/schema";
import { FairQueue } from "@/lib/esign/pdf/fair-queue";
import { closePdfPool } from "@/lib/esign/pdf/pdf-pool";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { serviceCertificate } from "@/lib/esign/sealing/service-certificate";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { longTextPdf, stackedFlatePdf, textTagsPayload } from "../support/heavy-pdfs";
import { makePdf, multipartBody } from "../support/pdfs";
import { blobFiles, countPackages } from "../support/stored";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Issue 30, item 1: one account's heavy PDFs can neither starve other accounts' uploads,
 * downloads and seals (the pool serves the accounts in turn) nor take the machine's memory with
 * buffers outside the heap (the pool's watchdog ends a job past PDF_WORKER_MEMORY_MB).
 */

const MB = 1024 * 1024;

/**
 * Calls of runPdfJob, numbered from 1 as they are made, and the numbers of the jobs finished, in
 * the order they finished.
 */
const pdfJobCalls = vi.hoisted(() => ({ count: 0, finished: [] as number[] }));

vi.mock("@/lib/esign/pdf/pdf-pool", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/esign/pdf/pdf-pool")>();
  return {
    ...original,
    runPdfJob: ((...args: Parameters<typeof original.runPdfJob>) => {
      const result = original.runPdfJob(...args);
      const number = ++pdfJobCalls.count;
      result.then(
        () => pdfJobCalls.finished.push(number),
        () => pdfJobCalls.finished.push(number),
      );
      return result;
    }) as typeof original.runPdfJob,
  };
});

/**
 * Jobs entering their account's queue. A call of runPdfJob first looks its account's top account
 * up, so a later call can overtake an earlier one there: the tests wait on this, not on the calls.
 */
const queuePushes = vi.spyOn(FairQueue.prototype, "push");

type Json = Record<string, unknown>;

/** Waits until `count` jobs have entered their accounts' queues. */
async function pdfJobsQueued(count: number): Promise<void> {
  await vi.waitFor(() => expect(queuePushes.mock.calls.length).toBe(count), { timeout: 20_000, interval: 5 });
}

/** A package with one document whose text tags are read: pdf.js then reads every page's content. */
function uploadForTextTags(apiKey: string, name: string, bytes: Buffer) {
  const { body, contentType } = multipartBody(textTagsPayload(packagePayload({ name, documents: [name] })), [{ name: `${name}.pdf`, bytes }]);
  return call("POST", "/api/packages", { key: apiKey, body, headers: { "content-type": contentType } });
}

/** A package of `account` completed with every approval signed, whose seal is to be made. */
async function completedPackage(account: SeededAccount): Promise<string> {
  const payload = { ...packagePayload({ name: "To seal", status: "SENT" }), autocomplete: false };
  const { body, contentType } = multipartBody(payload, [{ name: "seal.pdf", bytes: await makePdf({ pages: 2 }) }]);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });
  // Signing arrives with the ceremony; here the approvals and every signer's completion are written directly.
  const db = await getDb();
  await db.update(approvals).set({ signed: new Date() }).where(eq(approvals.packageId, id));
  const finished = ["Signer1", "Signer2"].map((roleId) => ({ packageId: id, roleId, completed: new Date() }));
  await db.insert(roleSigningStates).values(finished).onConflictDoUpdate({ target: [roleSigningStates.packageId, roleSigningStates.roleId], set: { completed: new Date() } });
  await callJson("POST", `/api/packages/${id}`, { key: account.apiKey, json: { status: "COMPLETED" } });
  return id;
}

describe("the PDF worker pool", () => {
  beforeEach(async () => {
    // A pool of one worker, made anew from these settings by the next job.
    await closePdfPool();
    process.env.PDF_WORKER_THREADS = "1";
    pdfJobCalls.count = 0;
    queuePushes.mockClear();
    pdfJobCalls.finished = [];
  });
  afterEach(async () => {
    await closePdfPool();
    for (const name of ["PDF_WORKER_THREADS", "PDF_WORKER_MEMORY_MB", "PDF_JOBS_WAITING_PER_ACCOUNT", "MAX_PDF_STREAM_MB"]) delete process.env[name];
  });

  it("gives the next free worker to another account's upload, download and seal, not after all of one account's uploads", async () => {
    const heavy = await seedAccount("Heavy uploads");
    const other = await seedAccount("Other");
    const draftId = await createPackageWithFiles(other.apiKey, packagePayload({ name: "Draft" }));
    const toSeal = await completedPackage(other);
    // Made (or loaded) now, not by the seal below: generating it takes seconds before the seal's job is queued.
    await serviceCertificate();
    // The first upload holds the worker for seconds, while the test queues every other job.
    const [longest, slow, small] = await Promise.all([longTextPdf(100), longTextPdf(10), makePdf({ pages: 2 })]);
    pdfJobCalls.count = 0;
    queuePushes.mockClear();
    pdfJobCalls.finished = [];

    // Jobs 1 to 5: the heavy account's uploads; 6, 7 and 8: the other account's.
    const heavyUploads = [uploadForTextTags(heavy.apiKey, "Heavy 1", longest)];
    await pdfJobsQueued(1);
    heavyUploads.push(...[2, 3, 4, 5].map((n) => uploadForTextTags(heavy.apiKey, `Heavy ${n}`, slow)));
    await pdfJobsQueued(5);
    const otherUpload = uploadForTextTags(other.apiKey, "Other", small);
    await pdfJobsQueued(6);
    const otherDownload = call("GET", `/api/packages/${draftId}/documents/doc1/pdf`, { key: other.apiKey });
    await pdfJobsQueued(7);
    const otherSeal = sealPackage(toSeal);
    await pdfJobsQueued(8);

    const [uploads, upload, download, seal] = await Promise.all([Promise.all(heavyUploads), otherUpload, otherDownload, otherSeal]);
    expect(uploads.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect([upload.status, download.status, seal.sealed]).toEqual([200, 200, ["doc1"]]);
    // One worker, given by turns: the heavy account's first job was running when the other
    // account's three jobs arrived; then one job of each account, the other's first.
    const jobNames = ["", "heavy upload", "heavy upload", "heavy upload", "heavy upload", "heavy upload", "other's upload", "other's download", "other's seal"];
    expect(pdfJobCalls.finished.map((number) => jobNames[number])).toEqual([
      "heavy upload",
      "other's upload",
      "heavy upload",
      "other's download",
      "heavy upload",
      "other's seal",
      "heavy upload",
      "heavy upload",
    ]);
  }, 90_000);

  it("answers 429 at once to an account with PDF_JOBS_WAITING_PER_ACCOUNT jobs waiting, and stores nothing for it", async () => {
    process.env.PDF_JOBS_WAITING_PER_ACCOUNT = "2";
    const heavy = await seedAccount("Heavy uploads");
    const other = await seedAccount("Other");
    const [longest, slow] = await Promise.all([longTextPdf(100), longTextPdf(10)]);
    // One job running (for seconds), two waiting: the account's fourth is one too many; another account's is not.
    const accepted = [uploadForTextTags(heavy.apiKey, "Heavy 1", longest)];
    await pdfJobsQueued(1);
    accepted.push(uploadForTextTags(heavy.apiKey, "Heavy 2", slow), uploadForTextTags(heavy.apiKey, "Heavy 3", slow));
    await pdfJobsQueued(3);
    const refused = await uploadForTextTags(heavy.apiKey, "Heavy 4", slow);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ code: 429, messageKey: "error.tooManyRequests.pdfJobs" });
    expect((await uploadForTextTags(other.apiKey, "Other", await makePdf())).status).toBe(200);
    expect((await Promise.all(accepted)).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await countPackages(heavy.accountId)).toBe(3);
  }, 90_000);

  it("reads a long upload's text tags by page ranges on every worker, and never refuses the ranges of an upload it let in", async () => {
    process.env.PDF_WORKER_THREADS = "2";
    process.env.PDF_JOBS_WAITING_PER_ACCOUNT = "1";
    const account = await seedAccount("Long uploads");
    const long = await longTextPdf(100);
    // Each upload: one job reading it, then one per page range (two); both uploads' ranges queue
    // behind each other in the account's queue, past its cap of one job waiting.
    const responses = await Promise.all([uploadForTextTags(account.apiKey, "Long 1", long), uploadForTextTags(account.apiKey, "Long 2", long)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(pdfJobCalls.count).toBe(6);
  }, 90_000);

  it("counts a sub account's jobs with its top account's: making sub accounts does not multiply the share", async () => {
    process.env.PDF_JOBS_WAITING_PER_ACCOUNT = "2";
    const top = await seedAccount("Top");
    const child = await callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: top.apiKey, json: { name: "Child" } });
    const keys = await callJson<{ accountUid: string; apiKey: string }[]>("GET", "/api/account/subaccountApiKeys", { key: top.apiKey });
    const childKey = keys.find((key) => key.accountUid === child.id)!.apiKey;
    const [longest, slow] = await Promise.all([longTextPdf(100), longTextPdf(10)]);
    // The top account: one job running, one waiting; the child's first and second wait in the same queue.
    const accepted = [uploadForTextTags(top.apiKey, "Top 1", longest)];
    await pdfJobsQueued(1);
    accepted.push(uploadForTextTags(top.apiKey, "Top 2", slow), uploadForTextTags(childKey, "Child 1", slow));
    await pdfJobsQueued(3);
    const refused = await uploadForTextTags(childKey, "Child 2", slow);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429, messageKey: "error.tooManyRequests.pdfJobs" });
    expect((await Promise.all(accepted)).map((response) => response.status)).toEqual([200, 200, 200]);
  }, 90_000);

  it("ends a job whose buffers outside the heap pass PDF_WORKER_MEMORY_MB with a 422, stores nothing, and goes on answering", async () => {
    process.env.PDF_WORKER_MEMORY_MB = "128";
    // Past the decode budget's per-stream limit (100 MB), which would refuse the bomb before it is
    // read: the memory bound is what stops a job the limits let through.
    process.env.MAX_PDF_STREAM_MB = "1024";
    const account = await seedAccount();
    const bomb = await stackedFlatePdf(300 * MB);
    const before = blobFiles();
    const refused = uploadForTextTags(account.apiKey, "Stacked", bomb);
    await pdfJobsQueued(1);
    const list = await call("GET", "/api/packages", { key: account.apiKey });
    expect(list.status).toBe(200);

    const response = await refused;
    expect(response.status).toBe(422);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ code: 422, messageKey: "error.validation.pdfTooComplex" });
    expect(String(body.message)).toBe('The PDF for document "Stacked" needed more than 128 MB of memory to process; it is refused as too complex.');
    expect(await countPackages(account.accountId)).toBe(0);
    expect(blobFiles()).toEqual(before);
    // The worker it ended is replaced: the next upload is read as usual.
    expect((await uploadForTextTags(account.apiKey, "Plain", await makePdf({ pages: 2 }))).status).toBe(200);
  }, 60_000);
  it("does not charge a new worker's first job for loading pdf.js: 200 pages of text tags pass within 128 MB", async () => {
    process.env.PDF_WORKER_MEMORY_MB = "128";
    const account = await seedAccount();
    const response = await uploadForTextTags(account.apiKey, "Long", await longTextPdf(200));
    expect(response.status, await response.clone().text()).toBe(200);
  }, 60_000);
  it("answers 503, not 500, to the uploads a shutdown leaves waiting, and stores nothing for them", async () => {
    const account = await seedAccount("Stopping");
    const [long, small] = await Promise.all([longTextPdf(100), makePdf({ pages: 2 })]);
    const before = await countPackages(account.accountId);
    const running = uploadForTextTags(account.apiKey, "Long", long);
    await pdfJobsQueued(1);
    const waiting = [uploadForTextTags(account.apiKey, "Small 1", small), uploadForTextTags(account.apiKey, "Small 2", small)];
    await pdfJobsQueued(3);
    await closePdfPool();
    for (const response of await Promise.all(waiting)) {
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 503, messageKey: "error.unavailable.stopping" });
    }
    expect([200, 503]).toContain((await running).status);
    expect(await countPackages(account.accountId)).toBeLessThanOrEqual(before + 1);
  }, 60_000);
});
