import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { signInWithApiKey } from "../console/console-support";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";

/**
 * What a client reads on the wire from the running server (`next start`), where Next.js would
 * otherwise drop every route's Content-Length (lib/http/content-length.ts): downloads say their
 * size instead of going out chunked, the console's proxy passes it on, small JSON answers are
 * not gzipped, and large ones still are; pdf.js's font files too. Asked with node:http, which decodes nothing.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function expectLengthOnTheWire(answer: RawAnswer, length: number): void {
  expect(answer.headers["transfer-encoding"]).toBeUndefined();
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.headers["content-length"]).toBe(String(length));
  expect(answer.headers["x-signet-content-length"]).toBeUndefined();
}

test("downloads, HEAD and small JSON answers carry Content-Length on the wire; large JSON is still gzipped", async ({ baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Content-Length on the wire");
  const auth = { authorization: `Basic ${owner.apiKey}`, "accept-encoding": "gzip, deflate, br" };
  const pdf = await makePdf({ pages: 3, padToBytes: 150_000 });
  const packageId = await owner.createPackage(
    oneSignatureEachPackage({ name: "Lengths", document: { id: "doc1", name: "Agreement" }, roles: [{ id: "Client", index: 1, signers: [person("Casey", "Client")] }] }),
    [pdf],
  );

  const original = await rawRequest(`${baseURL}/api/packages/${packageId}/documents/doc1/original`, "GET", auth);
  expect(original.status).toBe(200);
  expect(original.body.equals(pdf)).toBe(true);
  expectLengthOnTheWire(original, pdf.length);

  const head = await rawRequest(`${baseURL}/api/packages/${packageId}/documents/doc1/original`, "HEAD", auth);
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-length"]).toBe(String(pdf.length));

  // The ceremony's viewer reads byte ranges: each says the length of its part.
  await owner.send(packageId);
  const link = new URL(await owner.signingUrl(packageId, "Client"));
  const entry = await fetch(`${baseURL}${link.pathname}${link.search}`, { redirect: "manual" });
  expect(entry.status).toBe(303);
  const signer = { cookie: entry.headers.getSetCookie()[0]!.split(";")[0]!, "accept-encoding": "gzip" };
  const range = await rawRequest(`${baseURL}/api/signing/${packageId}/documents/doc1/pdf`, "GET", { ...signer, range: "bytes=100-1099" });
  expect(range.status).toBe(206);
  expect(range.headers["content-range"]).toBe(`bytes 100-1099/${pdf.length}`);
  expect(range.body.equals(pdf.subarray(100, 1100))).toBe(true);
  expectLengthOnTheWire(range, 1000);

  // Under Next.js's 1 KB threshold: sent as is, with its length.
  const created = await rawRequest(`${baseURL}/api/packages`, "POST", { ...auth, "content-type": "application/json" }, JSON.stringify({ name: "Small answer" }));
  expect(created.status).toBe(200);
  expectLengthOnTheWire(created, created.body.length);
  expect(JSON.parse(created.body.toString("utf8"))).toEqual({ id: expect.any(String) });

  // Over it (two packages are about 7 KB): compressed, and then without a length (gzip's stream is chunked).
  const page = await rawRequest(`${baseURL}/api/packages?from=1&to=10`, "GET", auth);
  expect(page.status).toBe(200);
  expect(page.headers["content-encoding"]).toBe("gzip");
  expect(page.headers["content-length"]).toBeUndefined();
  expect(page.headers["x-signet-content-length"]).toBeUndefined();
  const listed = JSON.parse(gunzipSync(page.body).toString("utf8")) as { count: number; results: { id: string }[] };
  expect(listed.count).toBe(2);
  expect(listed.results.map((result) => result.id).sort()).toEqual([packageId, JSON.parse(created.body.toString("utf8")).id].sort());
});

test("a download through the console's proxy carries its Content-Length", async ({ baseURL, page }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Content-Length through the console");
  const pdf = await makePdf({ pages: 2, padToBytes: 120_000 });
  const packageId = await owner.createPackage({ name: "Console download", documents: [{ id: "doc1", name: "Agreement" }] }, [pdf]);
  await signInWithApiKey(page, owner.apiKey);
  await page.waitForURL("**/packages");
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");

  const download = await rawRequest(`${baseURL}/proxy/api/packages/${packageId}/documents/doc1/original`, "GET", { cookie, "accept-encoding": "gzip" });
  expect(download.status).toBe(200);
  expect(download.body.equals(pdf)).toBe(true);
  expectLengthOnTheWire(download, pdf.length);
});

test("pdf.js's font files carry their Content-Length, and a HEAD answers it without the file", async ({ baseURL }) => {
  const font = fs.readFileSync(path.join(process.cwd(), "node_modules", "pdfjs-dist", "standard_fonts", "FoxitFixed.pfb"));
  const get = await rawRequest(`${baseURL}/pdfjs/standard_fonts/FoxitFixed.pfb`, "GET", { "accept-encoding": "gzip" });
  expect(get.status).toBe(200);
  expect(get.body.equals(font)).toBe(true);
  expectLengthOnTheWire(get, font.length);
  const head = await rawRequest(`${baseURL}/pdfjs/standard_fonts/FoxitFixed.pfb`, "HEAD", {});
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-length"]).toBe(String(font.length));
});
