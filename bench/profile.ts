/**
 * `npx tsx bench/profile.ts`: where the time of the create and list requests goes, step by step,
 * on both databases (medians and p95 of each step run alone). A diagnostic companion to run.ts.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { documents, packages, roles } from "@/lib/db/schema";
import { packageCreate } from "@/lib/api/packages";
import { findCallerByApiKey, type Caller } from "@/lib/esign/accounts/caller";
import { consentPdf } from "@/lib/esign/documents/consent-document";
import { CreatedBlobs } from "@/lib/esign/documents/store-documents";
import { createPackage } from "@/lib/esign/packages/create-package";
import { listedPageJson, listPackages } from "@/lib/esign/packages/list-packages";
import { readSenders } from "@/lib/esign/packages/read-package";
import { inspectPdf } from "@/lib/esign/pdf/inspect-pdf";
import { readPayloadAndFiles } from "@/lib/http/package-upload";
import { call } from "@/tests/support/api-client";
import { seedAccount } from "@/tests/support/seed";
import { ENVIRONMENTS, runMain, type DatabaseKind } from "./environments";
import { createPayload, multipart, paddedPdf, seedPackages, uniqueCopy } from "./fixtures";
import { percentile, round } from "./stats";

const rows: { database: DatabaseKind; step: string; p50: number; p95: number; n: number }[] = [];

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ["gc"] });

async function step(database: DatabaseKind, name: string, n: number, body: (i: number) => Promise<unknown>, prepare?: (i: number) => void) {
  for (let i = 0; i < 3; i++) {
    prepare?.(i);
    await body(i);
  }
  const samples: number[] = [];
  const gcBefore = gcMs;
  for (let i = 0; i < n; i++) {
    prepare?.(i);
    const started = performance.now();
    await body(i);
    samples.push(performance.now() - started);
  }
  rows.push({ database, step: `${name} [gc ${round((gcMs - gcBefore) / n, 1)} ms/iter]`, p50: round(percentile(samples, 50), 2), p95: round(percentile(samples, 95), 2), n });
}

async function profileCreate(kind: DatabaseKind, caller: Caller, apiKey: string) {
  const db = await getDb();
  const base = await paddedPdf();
  const n = 40;
  let body = multipart(createPayload("p"), uniqueCopy(base));
  let bytes = uniqueCopy(base);
  const fresh = () => {
    body = multipart(createPayload("p"), uniqueCopy(base));
    bytes = uniqueCopy(base);
  };
  const request = () => new Request("http://signet.test/api/packages", { method: "POST", headers: { "content-type": body.contentType }, body: body.body });
  await step(kind, "create: read multipart (1 MB)", n, () => readPayloadAndFiles(request()), fresh);
  const limits = { maxPages: config().maxPdfPages, maxStreamBytes: config().maxPdfStreamBytes, maxDecodedBytes: config().maxPdfDecodedBytes };
  await step(kind, "create: inspectPdf (1 MB upload, in process)", n, () => inspectPdf(bytes, "Agreement", limits), fresh);
  await step(kind, "create: consentPdf + inspectPdf (consent)", n, async () => inspectPdf(Buffer.from(await consentPdf()), "consent", limits));
  await step(kind, "create: blob put (new 1 MB blob, own tx)", n, () => db.transaction(async (tx) => (await CreatedBlobs.open()).put({ bytes }, tx)), fresh);
  await step(kind, "create: findCallerByApiKey", n, () => findCallerByApiKey(db, apiKey, "127.0.0.1"));
  const input = packageCreate.parse(createPayload("p"));
  await step(kind, "create: createPackage() (parse + tx, no HTTP)", n, () => createPackage(db, caller, input, [{ fileName: "a.pdf", bytes }]), fresh);
  await step(
    kind,
    "create: full route POST /api/packages",
    n,
    async () => {
      const response = await call("POST", "/api/packages", { key: apiKey, body: body.body, headers: { "content-type": body.contentType } });
      if (response.status !== 200) throw new Error(await response.text());
    },
    fresh,
  );
}

async function profileList(kind: DatabaseKind) {
  const db = await getDb();
  const lister = await seedAccount("Profile lister");
  await seedPackages(db, lister, 10_000);
  const caller = (await findCallerByApiKey(db, lister.apiKey, "127.0.0.1"))!;
  const where = and(eq(packages.type, "PACKAGE"), eq(packages.ownerUserId, caller.user.id), eq(packages.trashed, false), ne(packages.status, "DELETED"));
  const n = 60;
  const page = () => db.select().from(packages).where(where).orderBy(desc(packages.updated), asc(packages.id)).limit(50).offset(0);
  const ids = (await page()).map((row) => row.id);
  await step(kind, "list: findCallerByApiKey", n, () => findCallerByApiKey(db, lister.apiKey, "127.0.0.1"));
  await step(kind, "list: page query (50 rows)", n, page);
  await step(kind, "list: count(*) of 10,000", n, () => db.select({ count: sql<number>`count(*)::int` }).from(packages).where(where));
  await step(kind, "list: roles of 50 (150 rows)", n, () => db.select().from(roles).where(inArray(roles.packageId, ids)).orderBy(asc(roles.index), asc(roles.position)));
  await step(kind, "list: documents of 50 (100 rows)", n, () =>
    db.select().from(documents).where(inArray(documents.packageId, ids)).orderBy(asc(documents.index), asc(documents.position)),
  );
  await step(kind, "list: senders", n, () => readSenders(db, caller.account.id, [caller.user.id]));
  const query = { type: "PACKAGE" as const, sort: "updated" as const, dir: "desc" as const, from: 1, to: 50 };
  await step(kind, "list: listPackages() (no HTTP, no auth)", n, () => listPackages(db, caller, query));
  const listed = await listPackages(db, caller, query);
  await step(kind, "list: the answer's JSON text", n, async () => listedPageJson(listed));
  await step(kind, "list: full route GET /api/packages?from=1&to=50", n, async () => (await call("GET", "/api/packages?from=1&to=50", { key: lister.apiKey })).text());

  for (const [label, statement] of [
    ["page", sql`explain (analyze, buffers) select * from packages where type = 'PACKAGE' and owner_user_id = ${caller.user.id} and trashed = false and status <> 'DELETED' order by updated desc, id asc limit 50`],
    ["count", sql`explain (analyze, buffers) select count(*) from packages where type = 'PACKAGE' and owner_user_id = ${caller.user.id} and trashed = false and status <> 'DELETED'`],
  ] as const) {
    const result = (await db.execute(statement)) as unknown as { rows: Record<string, string>[] };
    process.stderr.write(`\n--- ${kind} EXPLAIN ${label}\n${result.rows.map((row) => Object.values(row)[0]).join("\n")}\n`);
  }
}

async function main() {
  process.env.SIGNET_SECRET ||= "bench-secret-not-for-production";
  const only = process.argv[2] as DatabaseKind | undefined;
  for (const [kind, environment] of ENVIRONMENTS) {
    if (only && only !== kind) continue;
    await environment(async () => {
      const owner = await seedAccount("Profile creator");
      const caller = (await findCallerByApiKey(await getDb(), owner.apiKey, "127.0.0.1"))!;
      await profileCreate(kind, caller, owner.apiKey);
      await profileList(kind);
    });
  }
  const width = Math.max(...rows.map((row) => row.step.length));
  console.log(`${"database".padEnd(9)} ${"step".padEnd(width)}  ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`);
  for (const row of rows) console.log(`${row.database.padEnd(9)} ${row.step.padEnd(width)}  ${String(row.p50).padStart(8)} ${String(row.p95).padStart(8)}`);
  return 0;
}

runMain(main);
