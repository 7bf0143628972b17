import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { longTextPdf, stackedFlatePdf, textTagsPayload } from "../../tests/support/heavy-pdfs";
import { packagePayload } from "../../tests/support/packages";
import { makePdf, multipartBody } from "../../tests/support/pdfs";
import { freePort, logEntries, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * The PDF worker pool as the built server makes it at start from its settings (one worker, 128 MB
 * a job): an upload that holds its decoded page outside the heap is refused with a 422 naming the
 * limit, and another account's upload, sent while that account's uploads wait, gets the worker next.
 */

const MB = 1024 * 1024;

let server: Server;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-pdf-pool-"));
  // MAX_PDF_STREAM_MB past the bomb's 300 MB: else the decode budget refuses it before it is read,
  // and the memory bound is what this test shows.
  server = startServer(dataDir, await freePort(), { PDF_WORKER_THREADS: "1", PDF_WORKER_MEMORY_MB: "128", MAX_PDF_STREAM_MB: "1024", LOG_LEVEL: "info" });
  await waitUntilAnswering(server);
});
test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(client: ServiceClient, name: string, bytes: Buffer): Promise<Response> {
  const { body, contentType } = multipartBody(textTagsPayload(packagePayload({ name, documents: [name] })), [{ name: `${name}.pdf`, bytes }]);
  return client.call("POST", "/api/packages", body, { "content-type": contentType });
}

test("one account's heavy uploads hold neither the memory nor another account's upload", async () => {
  test.setTimeout(120_000);
  const heavy = await ServiceClient.signUp(server.url, "Heavy uploads");
  const other = await ServiceClient.signUp(server.url, "Other");
  const [long, bomb, slow, small] = await Promise.all([longTextPdf(200), stackedFlatePdf(300 * MB), longTextPdf(25), makePdf({ pages: 2 })]);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const answered: string[] = [];
  const track = (who: string, response: Promise<Response>) => response.then((done) => (answered.push(who), done));
  // The long upload holds the one worker for seconds; the heavy account's next uploads queue behind it,
  // and the other account's upload is sent after them.
  const first = track("heavy: long", upload(heavy, "Long", long));
  await pause(300);
  const refused = track("heavy: bomb", upload(heavy, "Stacked", bomb));
  const heavyUploads = [1, 2, 3].map((n) => track(`heavy: upload ${n}`, upload(heavy, `Slow ${n}`, slow)));
  await pause(300);
  const otherUpload = track("other: upload", upload(other, "Small", small));

  expect((await first).status).toBe(200);
  const bombAnswer = await refused;
  expect(bombAnswer.status).toBe(422);
  expect(await bombAnswer.json()).toMatchObject({
    code: 422,
    messageKey: "error.validation.pdfTooComplex",
    message: 'The PDF for document "Stacked" needed more than 128 MB of memory to process; it is refused as too complex.',
  });
  expect((await otherUpload).status).toBe(200);
  expect((await Promise.all(heavyUploads)).map((response) => response.status)).toEqual([200, 200, 200]);
  // The other account took the next free worker, ahead of the heavy account's waiting uploads (in
  // one queue, first come first served, it came after all of them).
  const otherAt = answered.indexOf("other: upload");
  for (const n of [1, 2, 3]) expect(otherAt, answered.join(", ")).toBeLessThan(answered.indexOf(`heavy: upload ${n}`));
  expect((await heavy.json<{ count: number }>("GET", "/api/packages")).count).toBe(4);
});

test("the built server's PDF workers load the worker `npm run build` compiled, not the TypeScript", async () => {
  // The pool starts with the start's work after the database, at the server's first idle moment.
  const pool = () => logEntries<{ msg: string; workerFile?: string }>(server).find((entry) => entry.msg === "PDF worker pool ready");
  await expect.poll(() => pool()?.workerFile, { timeout: 20_000 }).toBe(path.join(".next", "pdf-worker", "pdf-jobs.cjs"));
  expect(server.output()).not.toContain("no compiled PDF worker");
});
