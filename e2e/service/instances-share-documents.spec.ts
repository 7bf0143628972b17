import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import pg from "pg";
import { makePdf } from "../../tests/support/pdfs";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { createThrowawayDatabase, freePort, type Server, sharedStorage, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * A scale-out with documents in S3: two servers on one PostgreSQL database and one bucket (a real
 * S3 server on loopback). What one stores the other reads, through the bucket alone (the
 * database's `blobs` table stays empty): an upload, the signer's view of it, and the sealed PDF the
 * job queue wrote on whichever instance ran the seal.
 */

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const objectKey = (sha: string) => `blobs/${sha.slice(0, 2)}/${sha}`;

test("two servers on one PostgreSQL database and one S3 bucket see each other's documents, sealed ones included", async () => {
  test.setTimeout(240_000);
  const database = await createThrowawayDatabase();
  const storage = await sharedStorage("s3");
  const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-s3-")));
  const servers: Server[] = [];
  const sql = new pg.Client({ connectionString: database.url });
  try {
    const shared = { DATABASE_URL: database.url, SIGNET_SECRET: "e2e-shared-documents-secret", ...storage.environment };
    for (const folder of folders) servers.push(startServer(folder, await freePort(), shared));
    await Promise.all(servers.map((server) => waitUntilAnswering(server, 120_000)));
    // Logged once the database is open, while the server already answers (lib/server-start.ts).
    for (const server of servers) await expect.poll(() => server.output(), { timeout: 60_000 }).toContain("documents stored in S3 bucket signet-e2e ");
    await sql.connect();
    const rowsOfBlobs = async () => (await sql.query<{ n: number }>("select count(*)::int as n from blobs")).rows[0].n;

    const onA = await ServiceClient.signUp(servers[0].url, "Shared documents");
    const onB = ServiceClient.forKey(servers[1].url, onA.apiKey);
    const pdf = await makePdf({ pages: 2, padToBytes: 40_000 });
    const payload = {
      ...oneSignatureEachPackage({ name: "Across instances", document: { id: "doc1", name: "Agreement" }, roles: [{ id: "Client", index: 1, signers: [person("Casey", "Client")] }] }),
      autocomplete: true,
    };
    const packageId = await onA.createPackage(payload, [pdf]);

    // Stored by A, read by B: through the bucket, not the database.
    expect(storage.objectKeys()).toContain(objectKey(sha256(pdf)));
    expect(await rowsOfBlobs()).toBe(0);
    const original = await onB.call("GET", `/api/packages/${packageId}/documents/doc1/original`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(pdf)).toBe(true);

    // The signer: link from B, session on A, the document from B, signature on A.
    await onA.send(packageId);
    const link = new URL(await onB.signingUrl(packageId, "Client"));
    const entry = await fetch(`${servers[0].url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(entry.status).toBe(303);
    const cookie = entry.headers.getSetCookie()[0].split(";")[0];
    const asSigner = (server: Server, method: string, apiPath: string, body?: unknown) =>
      fetch(`${server.url}${apiPath}`, { method, headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const signerPdf = await asSigner(servers[1], "GET", `/api/signing/${packageId}/documents/doc1/pdf`);
    expect(signerPdf.status).toBe(200);
    expect(Buffer.from(await signerPdf.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await asSigner(servers[0], "POST", `/api/signing/${packageId}/consent`, {})).status).toBe(204);
    const view = (await (await asSigner(servers[1], "GET", `/api/signing/${packageId}`)).json()) as { documents: { id: string; approvals: { id: string; mine: boolean }[] }[] };
    const approval = view.documents.find((document) => document.id === "doc1")!.approvals.find((candidate) => candidate.mine)!;
    const signed = await asSigner(servers[0], "POST", `/api/signing/${packageId}/documents/doc1/sign`, { approvals: [{ id: approval.id }] });
    expect(signed.status, await signed.clone().text()).toBe(200);

    // Sealed by whichever instance's worker ran the job; both answer the sealed PDF from the bucket.
    let sealed = "";
    await expect
      .poll(
        async () => {
          const { rows } = await sql.query<{ sealed: string | null }>("select sealed_blob_sha256 as sealed from package_documents where package_id = $1 and id = 'doc1'", [packageId]);
          sealed = rows[0]?.sealed ?? "";
          return sealed;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toMatch(/^[0-9a-f]{64}$/);
    expect(storage.objectKeys()).toContain(objectKey(sealed));
    for (const client of [onA, onB]) {
      const download = await client.call("GET", `/api/packages/${packageId}/documents/doc1/pdf`);
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sealed);
      const zip = await client.call("GET", `/api/packages/${packageId}/documents/zip`);
      expect(zip.status).toBe(200);
      expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
    }
    expect(await rowsOfBlobs()).toBe(0);
  } finally {
    await sql.end().catch(() => {});
    await Promise.all(servers.map((server) => stopServer(server)));
    await database.drop();
    await storage.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
});
