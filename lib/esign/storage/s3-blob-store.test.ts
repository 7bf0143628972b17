import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "@/tests/support/s3-server";
import { sha256Hex } from "./blob-store";
import { s3Client, S3BlobStore } from "./s3-blob-store";

let server: S3TestServer;
let store: S3BlobStore;

beforeAll(async () => {
  server = await startS3Server();
  const client = s3Client({ ...server, prefix: "blobs/", endpoint: server.endpoint, forcePathStyle: true });
  store = new S3BlobStore(client, server.bucket);
});
afterAll(async () => {
  store.client.destroy();
  await server.stop();
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

describe("S3BlobStore against a real S3 server", () => {
  it("stores bytes under blobs/<2 hex>/<sha256> and answers them back exactly (no checksum framing stored)", async () => {
    const bytes = randomBytes(70_000);
    const sha256 = sha256Hex(bytes);
    expect(await store.put(bytes)).toEqual({ sha256, created: true });
    expect(server.objectKeys()).toContain(`blobs/${sha256.slice(0, 2)}/${sha256}`);
    expect(await store.get(sha256)).toEqual(bytes);
    expect(await store.size(sha256)).toBe(bytes.byteLength);
    expect((await readAll((await store.stream(sha256))!)).bytes).toEqual(bytes);
  });

  it("stores the same bytes once: a second put creates nothing", async () => {
    const bytes = randomBytes(1000);
    expect((await store.put(bytes)).created).toBe(true);
    expect(await store.put(bytes)).toEqual({ sha256: sha256Hex(bytes), created: false });
  });

  it("writes again an object whose length is wrong for its key (a truncated copy)", async () => {
    const bytes = randomBytes(5000);
    const sha256 = sha256Hex(bytes);
    await store.client.send(new PutObjectCommand({ Bucket: server.bucket, Key: store.key(sha256), Body: bytes.subarray(0, 10) }));
    expect(await store.put(bytes)).toEqual({ sha256, created: true });
    expect(await store.get(sha256)).toEqual(bytes);
  });

  it("answers null for a blob that is not stored, and deletes", async () => {
    const bytes = randomBytes(300);
    const { sha256 } = await store.put(bytes);
    await store.delete(sha256);
    expect(await store.get(sha256)).toBeNull();
    expect(await store.stream(sha256)).toBeNull();
    expect(await store.size(sha256)).toBeNull();
    await store.delete(sha256); // deleting what is gone is no error
    const never = sha256Hex(randomBytes(8));
    expect(await store.size(never)).toBeNull();
    expect(await store.stream(never)).toBeNull();
  });

  it("streams a large blob in many chunks, as the server sends it", async () => {
    const bytes = randomBytes(8 * 1024 * 1024);
    const { sha256 } = await store.put(bytes);
    const { bytes: read, chunks } = await readAll((await store.stream(sha256))!);
    expect(read.equals(bytes)).toBe(true);
    expect(chunks).toBeGreaterThan(1);
  });

  it("checks at start that the bucket can be read: a wrong bucket or secret is refused with its reason", async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const settings = { ...server, prefix: "blobs/", forcePathStyle: true };
    const wrongBucket = new S3BlobStore(s3Client(settings), "no-such-bucket");
    await expect(wrongBucket.check()).rejects.toThrow(/S3 bucket "no-such-bucket" cannot be read: NoSuchBucket/);
    const wrongSecret = new S3BlobStore(s3Client({ ...settings, secretAccessKey: "wrong" }), server.bucket);
    await expect(wrongSecret.check()).rejects.toThrow(/cannot be read: SignatureDoesNotMatch \(403\)/);
    wrongBucket.client.destroy();
    wrongSecret.client.destroy();
  });

  it("refuses a key that is not a SHA-256", async () => {
    await expect(store.get("../etc/passwd")).rejects.toThrow(/Not a SHA-256/);
  });
});

describe("S3BlobStore reading ranges", () => {
  it("answers exactly the range asked for", async () => {
    const bytes = randomBytes(20_000);
    const { sha256 } = await store.put(bytes);
    expect((await readAll((await store.stream(sha256, { start: 1000, end: 4999 }))!)).bytes).toEqual(bytes.subarray(1000, 5000));
  });

  it("cuts the range from an answer with more than it (a server that ignores Range, s3rver's bytes=0-0), and refuses one without all of it", async () => {
    const whole = randomBytes(3000);
    // An S3-compatible server that ignores Range (every GET answers 200 with the whole object),
    // or, for keys under short/, answers 206 with the first 10 bytes whatever was asked.
    const peer = http.createServer((request, response) => {
      request.resume();
      const short = request.url!.includes("/short/");
      const body = short ? whole.subarray(0, 10) : whole;
      response.writeHead(short ? 206 : 200, {
        "content-type": "application/octet-stream",
        "content-length": String(body.length),
        ...(short ? { "content-range": `bytes 0-9/${whole.length}` } : {}),
        etag: '"whole"',
      });
      response.end(body);
    });
    await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    const ignoring = new S3BlobStore(s3Client({ ...server, prefix: "blobs/", endpoint, forcePathStyle: true }), server.bucket);
    const short = new S3BlobStore(ignoring.client, server.bucket, "short/");
    try {
      const sha256 = sha256Hex(whole);
      expect((await readAll((await ignoring.stream(sha256, { start: 100, end: 199 }))!)).bytes).toEqual(whole.subarray(100, 200));
      expect((await readAll((await ignoring.stream(sha256, { start: 0, end: 0 }))!)).bytes).toEqual(whole.subarray(0, 1));
      expect((await readAll((await ignoring.stream(sha256))!)).bytes).toEqual(whole);
      await expect(short.stream(sha256, { start: 100, end: 199 })).rejects.toThrow(/answered bytes 0-9\/3000 for the range 100-199/);
    } finally {
      ignoring.client.destroy();
      await new Promise((resolve) => peer.close(resolve));
    }
  });
});
