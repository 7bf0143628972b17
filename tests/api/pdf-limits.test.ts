import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../support/api-client";
import { packagePayload } from "../support/packages";
import { flateBombPdf, makePdf, multipartBody } from "../support/pdfs";
import { blobFiles, countPackages } from "../support/stored";
import { seedAccount } from "../support/seed";

/**
 * Issue 16, item 1: PDFs are read on a pool of worker threads, within limits (lib/config.ts), so
 * that one upload can neither hold the thread that answers everyone nor take the machine's memory.
 */

const MB = 1024 * 1024;

/** Resolved when a PDF job is handed to the worker pool: the moment the test asks its small request. */
const pdfJobQueued = vi.hoisted(() => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
});

vi.mock("@/lib/esign/pdf/pdf-pool", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/esign/pdf/pdf-pool")>();
  return {
    ...original,
    runPdfJob: ((...args: Parameters<typeof original.runPdfJob>) => {
      const result = original.runPdfJob(...args);
      pdfJobQueued.resolve();
      return result;
    }) as typeof original.runPdfJob,
  };
});

type Json = Record<string, unknown>;

function upload(apiKey: string, payload: unknown, bytes: Buffer) {
  const { body, contentType } = multipartBody(payload, [{ name: "upload.pdf", bytes }]);
  return call("POST", "/api/packages", { key: apiKey, body, headers: { "content-type": contentType } });
}

/** One document, whose text tags are read: pdf.js then inflates every page's content. */
function taggedPayload() {
  const payload = packagePayload({ documents: ["Upload"] });
  return { ...payload, documents: payload.documents.map((document) => ({ ...document, extract: true, extractionTypes: ["TEXT_TAGS"] })) };
}

describe("PDF limits", () => {
  afterEach(() => {
    delete process.env.MAX_PDF_PAGES;
    delete process.env.PDF_JOB_TIMEOUT_SECONDS;
  });

  it("refuses a flate bomb with a 422, stores nothing, and answers a small request meanwhile", async () => {
    const account = await seedAccount();
    const bomb = await flateBombPdf(300 * MB);
    const before = blobFiles();
    const finished: string[] = [];
    const big = upload(account.apiKey, taggedPayload(), bomb).then((response) => {
      finished.push("flate bomb upload");
      return response;
    });
    await pdfJobQueued.promise;
    const small = call("GET", "/api/packages", { key: account.apiKey }).then((response) => {
      finished.push("package list");
      return response;
    });
    const [bigResponse, smallResponse] = await Promise.all([big, small]);

    expect(smallResponse.status).toBe(200);
    expect(finished).toEqual(["package list", "flate bomb upload"]);
    expect(bigResponse.status).toBe(422);
    const body = (await bigResponse.json()) as Json;
    expect(body).toMatchObject({ code: 422, messageKey: "error.validation.pdfTooComplex" });
    expect(String(body.message)).toContain('"Upload"');
    expect(await countPackages(account.accountId)).toBe(0);
    expect(blobFiles()).toEqual(before);
  });

  it("refuses a PDF with more pages than MAX_PDF_PAGES with a 422, and takes one at the limit", async () => {
    process.env.MAX_PDF_PAGES = "3";
    const account = await seedAccount();
    const over = await upload(account.apiKey, packagePayload({ documents: ["Long"] }), await makePdf({ pages: 4 }));
    expect(over.status).toBe(422);
    const body = (await over.json()) as Json;
    expect(body).toMatchObject({ code: 422, messageKey: "error.validation.pdfTooManyPages" });
    expect(String(body.message)).toContain("has 4 pages; at most 3");
    expect(await countPackages(account.accountId)).toBe(0);

    const atLimit = await upload(account.apiKey, packagePayload({ documents: ["Short"] }), await makePdf({ pages: 3 }));
    expect(atLimit.status).toBe(200);
  });

  it("refuses a PDF whose reading outlasts PDF_JOB_TIMEOUT_SECONDS with a 422", async () => {
    process.env.PDF_JOB_TIMEOUT_SECONDS = "0.001";
    const account = await seedAccount();
    const response = await upload(account.apiKey, taggedPayload(), await makePdf({ pages: 50 }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ code: 422, messageKey: "error.validation.pdfTooComplex" });
    expect(String(body.message)).toContain("took longer than 0.001 s");
    expect(await countPackages(account.accountId)).toBe(0);
  });
});
