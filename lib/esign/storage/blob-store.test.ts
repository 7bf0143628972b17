import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FallbackBlobStore, FileBlobStore } from "./blob-store";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-blob-store-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("a store's health check", () => {
  it("passes for a blobs folder not made yet when the folder it will be made in is there", async () => {
    await expect(new FileBlobStore(path.join(folder, "blobs")).check()).resolves.toBeUndefined();
    fs.mkdirSync(path.join(folder, "blobs"));
    await expect(new FileBlobStore(path.join(folder, "blobs")).check()).resolves.toBeUndefined();
  });

  it("fails when neither the blobs folder nor its parent is there, or a file stands in its place", async () => {
    await expect(new FileBlobStore(path.join(folder, "gone", "blobs")).check()).rejects.toMatchObject({ code: "ENOENT" });
    fs.writeFileSync(path.join(folder, "a-file"), "");
    await expect(new FileBlobStore(path.join(folder, "a-file", "blobs")).check()).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("checks both stores behind a fallback: documents not moved yet are read from the previous one", async () => {
    const present = new FileBlobStore(path.join(folder, "blobs"));
    const missing = new FileBlobStore(path.join(folder, "gone", "blobs"));
    await expect(new FallbackBlobStore(present, present).check()).resolves.toBeUndefined();
    await expect(new FallbackBlobStore(present, missing).check()).rejects.toMatchObject({ code: "ENOENT" });
    await expect(new FallbackBlobStore(missing, present).check()).rejects.toMatchObject({ code: "ENOENT" });
  });
});
