import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { packagePayload } from "../../tests/support/packages";
import { imageHeavyPdf, malformedPdfs, multipartBody, stackedFilterBombs } from "../../tests/support/pdfs";
import { ServiceClient } from "../support/service-client";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * Issue 30, item 1: the decode budget on the built server, whose PDF workers load the check at
 * run time (the worker `npm run build` compiles), with MAX_PDF_DECODED_MB read from the server's settings. Each image of
 * imageHeavyPdf decodes to 480,000 bytes: 40 pages fit in 24 MB, 80 do not.
 */

let server: Server;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-decode-budget-"));
  server = startServer(dataDir, await freePort(), { MAX_PDF_DECODED_MB: "24" });
  await waitUntilAnswering(server);
});
test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(client: ServiceClient, pdf: Buffer) {
  const payload = packagePayload({ documents: ["Upload"] });
  const withTextTags = { ...payload, documents: payload.documents.map((document) => ({ ...document, extract: true, extractionTypes: ["TEXT_TAGS"] })) };
  const { body, contentType } = multipartBody(withTextTags, [{ name: "upload.pdf", bytes: pdf }]);
  const response = await client.call("POST", "/api/packages", body, { "content-type": contentType });
  return { status: response.status, body: (await response.json()) as { messageKey?: string; message?: string } };
}

test("the built server refuses a stacked-filter bomb and a document past MAX_PDF_DECODED_MB, takes one within it, and calls a cyclic page tree corrupt", async () => {
  test.setTimeout(120_000);
  const client = await ServiceClient.signUp(server.url, "Decode budget");

  const bomb = await upload(client, (await stackedFilterBombs(1024 * 1024 * 1024))["Flate over Flate"]);
  expect(bomb.status, JSON.stringify(bomb.body)).toBe(422);
  expect(bomb.body).toMatchObject({ messageKey: "error.validation.pdfTooComplex" });
  // Refused by the decode budget while counting, not by the memory watchdog or the time limit.
  expect(bomb.body.message).toMatch(/has (a stream that decodes|streams that decode) past \d+ MB/);

  const past = await upload(client, await imageHeavyPdf(80));
  expect(past.status, JSON.stringify(past.body)).toBe(422);
  expect(past.body.message).toContain("has streams that decode past 24 MB in all");

  const within = await upload(client, await imageHeavyPdf(40));
  expect(within.status, JSON.stringify(within.body)).toBe(200);

  const cyclic = await upload(client, malformedPdfs["a cyclic page tree"]());
  expect(cyclic.status, JSON.stringify(cyclic.body)).toBe(400);
  expect(cyclic.body).toMatchObject({ messageKey: "error.validation.corruptPdf" });
});
