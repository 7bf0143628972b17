import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/open-pglite";
import { openPostgres } from "@/lib/db/open-postgres";
import { FileBlobStore, PostgresBlobStore } from "@/lib/esign/storage/blob-store";
import { moveToPostgres } from "@/lib/operations/move-to-postgres";
import { call, callJson } from "../support/api-client";
import { scribblePng } from "../support/images";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf, multipartBody } from "../support/pdfs";
import { startS3Server } from "../support/s3-server";
import { seedAccount, type SeededAccount } from "../support/seed";
import { createThrowawayDatabase } from "../support/throwaway-database";

/**
 * `npm run db:move-to-postgres`, `db:backup` and `db:restore`, run as the commands they are (child
 * processes) on a populated instance: the embedded database in a data folder of its own, moved to
 * a database of the PostgreSQL server, then served from there by the route handlers; a backup of
 * each restored into an empty instance of the other kind.
 */

// tsx as a loader of this process: its command line would run the script in a child of its own, which a kill would not reach.
const TSX = ["--import", "tsx"];
const SCRIPTS = { move: "scripts/move-database-to-postgres.ts", backup: "scripts/backup-database.ts", restore: "scripts/restore-database.ts" };

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCommand(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...TSX, script, ...args], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** Starts the command and kills it (SIGKILL, as a crash or a power cut would) once it has printed `lines` lines matching `pattern`. */
function killAfter(script: string, args: string[], env: Record<string, string>, pattern: RegExp, lines: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [...TSX, script, ...args], { env: { ...process.env, ...env } });
    let output = "";
    let seen = 0;
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      seen = output.split("\n").filter((line) => pattern.test(line)).length;
      if (seen >= lines) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => (signal === "SIGKILL" ? resolve(output) : reject(new Error(`ended by itself (${code}) before it was killed:\n${output}`))));
  });
}

async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  } finally {
    await client.end();
  }
}

/** Every table's rows on a PostgreSQL server, as the server writes them (row text, sorted): to compare two databases without the commands' own code. */
async function allRows(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'");
    const tables = (await client.query("select tablename from pg_tables where schemaname = 'public' and tablename <> 'package_counts' order by tablename")).rows.map((row) => row.tablename as string);
    const rows: Record<string, string> = {};
    for (const table of tables) {
      // A document's row is written when it is stored: its time is the restore's, its bytes the same.
      const from = table === "blobs" ? "(select sha256, size from blobs)" : `"${table}"`;
      const { rows: [row] } = await client.query(`select count(*) || ' rows, ' || md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as digest from ${from} t`);
      rows[table] = row.digest;
    }
    rows.package_counts = (
      await client.query(
        `select string_agg(concat_ws('|', account_id, owner_user_id, type, status, trashed, visibility, n), ',' order by concat_ws('|', account_id, owner_user_id, type, status, trashed, visibility, n) collate "C") as counts
         from (select account_id, owner_user_id, type, status, trashed, visibility, sum(packages) as n from package_counts group by 1, 2, 3, 4, 5, 6 having sum(packages) <> 0) c`,
      )
    ).rows[0].counts;
    return rows;
  } finally {
    await client.end();
  }
}

/** What a client sees of a package: the package, each document's original bytes, the audit trail. */
async function packageAsSeen(apiKey: string, packageId: string) {
  const pkg = await callJson<{ documents: { id: string }[] }>("GET", `/api/packages/${packageId}`, { key: apiKey });
  const originals: Record<string, string> = {};
  for (const document of pkg.documents) {
    if (document.id === "default-consent") continue;
    const response = await call("GET", `/api/packages/${packageId}/documents/${document.id}/original`, { key: apiKey });
    expect(response.status).toBe(200);
    originals[document.id] = Buffer.from(await response.arrayBuffer()).toString("base64");
  }
  const audit = await callJson("GET", `/api/packages/${packageId}/audit`, { key: apiKey });
  return { pkg, originals, audit };
}

/** A package the sender signs through the API with a drawn signature, then Ada with a signer session: COMPLETED, its seal job queued. */
async function signedPackage(account: SeededAccount): Promise<string> {
  const payload = {
    name: "Supply contract",
    status: "SENT",
    autocomplete: true,
    roles: [
      { id: "Seller", type: "SENDER", index: 1, signers: [{ email: account.email, firstName: "Olive", lastName: "Owner" }] },
      { id: "Ada", type: "SIGNER", index: 2, signers: [{ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" }] },
    ],
    documents: [
      {
        id: "contract",
        name: "Contract",
        approvals: [
          { id: "seller-sign", role: "Seller", fields: [{ id: "seller-capture", type: "SIGNATURE", subtype: "CAPTURE", page: 0, top: 100, left: 100, width: 200, height: 50 }] },
          { id: "ada-sign", role: "Ada", fields: [{ id: "ada-name", type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 300, left: 100, width: 200, height: 50 }] },
        ],
      },
    ],
  };
  const { body, contentType } = multipartBody(payload, [{ name: "contract.pdf", bytes: await makePdf({ texts: [{ page: 0, text: "Supply contract", x: 72, y: 740, size: 18 }] }) }]);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });
  const sign = (options: { key?: string; cookie?: string; json: unknown }) =>
    callJson("POST", `/api/packages/${id}/documents/signed_documents`, { key: options.key, json: options.json, headers: options.cookie ? { cookie: options.cookie } : {} });
  await sign({ key: account.apiKey, json: { documents: [{ id: "contract", approvals: [] }], handdrawn: Buffer.from(scribblePng()).toString("base64") } });
  const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: account.apiKey, json: { packageId: id, signerId: "Ada" } });
  const { sessionToken } = await callJson<{ sessionToken: string }>("GET", `/auth?signerAuthenticationToken=${encodeURIComponent(value)}`);
  await sign({ cookie: `ESIGNLIVE_SESSION_ID=${sessionToken}`, json: { handdrawn: "" } });
  return id;
}

/** Serves the route handlers of this process from another database (the singleton is opened again on the next call). */
async function serveFrom(settings: { DATABASE_URL: string; DATA_DIR: string; SIGNET_SECRET: string }) {
  await closeDatabase();
  Object.assign(process.env, settings);
}

describe("moving an embedded instance to PostgreSQL, and backups of either", () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(made);
    return made;
  };
  const databases: { url: string; drop: () => Promise<void> }[] = [];
  const throwaway = async (prefix: string) => {
    const made = await createThrowawayDatabase(prefix);
    databases.push(made);
    return made.url;
  };
  const saved = { DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: process.env.DATA_DIR!, SIGNET_SECRET: process.env.SIGNET_SECRET! };

  let embedded: { DATABASE_URL: string; DATA_DIR: string; SIGNET_SECRET: string };
  let account: SeededAccount;
  let packageIds: string[];
  let before: Awaited<ReturnType<typeof packageAsSeen>>[];

  beforeAll(async () => {
    // An embedded instance as `npm start` makes one: PGlite in its data folder, its secret generated into it.
    embedded = { DATABASE_URL: "", DATA_DIR: folder("signet-embedded-"), SIGNET_SECRET: "" };
    await serveFrom(embedded);
    account = await seedAccount();
    packageIds = [await signedPackage(account)];
    for (let i = 0; i < 3; i++) packageIds.push(await createPackageWithFiles(account.apiKey, packagePayload({ name: `Draft ${i}`, documents: ["Agreement", "Annex"] }), await makePdf({ pages: i + 1 })));
    before = [];
    for (const id of packageIds) before.push(await packageAsSeen(account.apiKey, id));
    expect(before[0].pkg).toMatchObject({ status: "COMPLETED" });
  }, 120_000);

  afterAll(async () => {
    await serveFrom(saved);
    for (const made of databases) await made.drop();
    for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
  });

  it("moves it to an empty database (refused while the server holds the folder; killed midway, run again), and the moved instance serves the same packages, documents, key and audit trail", { timeout: 300_000 }, async () => {
    const target = await throwaway("signet_moved");
    const moveEnv = { DATABASE_URL: target, DATA_DIR: embedded.DATA_DIR, SIGNET_SECRET: "" };

    // This process holds the data folder, as a running server does.
    await database();
    const refused = await runCommand(SCRIPTS.move, [], moveEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is in use by another Signet process");
    expect(refused.stderr).toContain("Stop the server before moving its data.");
    await closeDatabase();

    // Stopped in the middle of the rows: the target holds part of them.
    await killAfter(SCRIPTS.move, ["--batch-rows=1"], moveEnv, /rows copied$/, 3);
    expect(await countRows(target, "packages")).toBeLessThan(packageIds.length);

    const moved = await runCommand(SCRIPTS.move, [], moveEnv);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/Done: \d+ rows in \d+ tables, \d+ documents .*every table has the same rows \(count and SHA-256\) on both sides\./);
    expect(moved.stdout).toContain(`SIGNET_SECRET=base64:$(cat ${path.join(embedded.DATA_DIR, "secret.key")})`);
    // Run again on a complete move: nothing left to copy, verified again.
    const rerun = await runCommand(SCRIPTS.move, [], moveEnv);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain("(0 copied now)");
    // The completed package's seal, not done yet (no worker ran here), waits in the target's queue.
    expect(await countRows(target, "pgboss.job where name = 'seal-package' and state = 'created'")).toBe(1);

    // Served from PostgreSQL, with the embedded instance's secret as the move says.
    const secret = `base64:${fs.readFileSync(path.join(embedded.DATA_DIR, "secret.key"), "utf8")}`;
    await serveFrom({ DATABASE_URL: target, DATA_DIR: folder("signet-served-"), SIGNET_SECRET: secret });
    for (const [i, id] of packageIds.entries()) expect(await packageAsSeen(account.apiKey, id)).toEqual(before[i]);
    // Writes go on after the moved rows (the sequences moved too): a new package and its audit events.
    const newId = await createPackageWithFiles(account.apiKey, packagePayload({ name: "After the move" }));
    const list = await callJson<{ count: number }>("GET", "/api/packages?from=1&to=50", { key: account.apiKey });
    expect(list.count).toBe(packageIds.length + 1);
    expect(await countRows(target, `audit_events where package_id = '${newId}'`)).toBeGreaterThan(0);
    await closeDatabase();

    // A target that has been written to since is not the source any more: the check says where, and the command fails.
    const diverged = await runCommand(SCRIPTS.move, [], moveEnv);
    expect(diverged.code).toBe(1);
    expect(diverged.stderr).toMatch(/Not the same: packages: 4 rows \(SHA-256 [0-9a-f]{64}\) in the source, 5 rows \(SHA-256 [0-9a-f]{64}\) in the target/);
    expect(diverged.stderr).toContain("The move is not complete.");
  });

  it("with S3 settings, moves the documents to the bucket, where the moved instance reads them", { timeout: 300_000 }, async () => {
    await closeDatabase();
    const s3 = await startS3Server("signet-moved");
    try {
      const target = await throwaway("signet_moved_s3");
      const moved = await runCommand(SCRIPTS.move, [], { ...embedded, ...s3.environment, DATABASE_URL: target });
      expect(moved.code).toBe(0); // (its standard error has the AWS SDK's warning about Node 20)
      expect(moved.stdout).toContain('documents to S3 bucket "signet-moved"');
      expect(await countRows(target, "blobs")).toBe(0);

      const secret = `base64:${fs.readFileSync(path.join(embedded.DATA_DIR, "secret.key"), "utf8")}`;
      await serveFrom({ DATABASE_URL: target, DATA_DIR: folder("signet-served-s3-"), SIGNET_SECRET: secret });
      Object.assign(process.env, s3.environment);
      for (const [i, id] of packageIds.entries()) expect(await packageAsSeen(account.apiKey, id)).toEqual(before[i]);
      // The documents the rows refer to, and those only; the data folder's files stay where they were.
      expect(s3.objectKeys()).toHaveLength(6);
      expect(fs.readdirSync(path.join(embedded.DATA_DIR, "blobs")).length).toBeGreaterThan(0);
    } finally {
      await closeDatabase();
      for (const name of Object.keys(s3.environment)) delete process.env[name];
      await s3.stop();
    }
  });

  it("backs up the embedded instance and restores it into an empty PostgreSQL database, and backs that up and restores it into an empty data folder", { timeout: 300_000 }, async () => {
    await closeDatabase();
    const backup = path.join(folder("signet-backups-"), "embedded");
    // What a backup that stopped leaves: a folder without manifest, a table file half written.
    fs.mkdirSync(path.join(backup, "tables"), { recursive: true });
    fs.writeFileSync(path.join(backup, "tables", "accounts.jsonl"), '{"id": "half a li');
    const made = await runCommand(SCRIPTS.backup, [backup], embedded);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Done: \d+ rows in \d+ tables, 6 documents, 4 jobs not done yet/);
    // The documents travel with the rows: the PDFs (one per draft, the signed one, the consent) and the drawn signature.
    expect(fs.readFileSync(path.join(backup, "documents.txt"), "utf8").trim().split("\n")).toHaveLength(6);

    // A finished backup is never written over.
    const over = await runCommand(SCRIPTS.backup, [backup], embedded);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("holds a backup already");

    const restoredUrl = await throwaway("signet_restored");
    const secret = `base64:${fs.readFileSync(path.join(embedded.DATA_DIR, "secret.key"), "utf8")}`;
    const restoredEnv = { DATABASE_URL: restoredUrl, DATA_DIR: folder("signet-restored-"), SIGNET_SECRET: secret };
    const restored = await runCommand(SCRIPTS.restore, [backup], restoredEnv);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("every table has the backup's rows");
    // A second restore finds the database no longer empty, and changes nothing.
    const rowsAfterRestore = await allRows(restoredUrl);
    const again = await runCommand(SCRIPTS.restore, [backup], restoredEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The database is not empty");
    expect(await allRows(restoredUrl)).toEqual(rowsAfterRestore);

    await serveFrom(restoredEnv);
    for (const [i, id] of packageIds.entries()) expect(await packageAsSeen(account.apiKey, id)).toEqual(before[i]);
    await closeDatabase();

    // PostgreSQL to the embedded database: a backup of the restored database, into a new data folder.
    const second = path.join(folder("signet-backups-"), "postgres");
    const fromPostgres = await runCommand(SCRIPTS.backup, [second], restoredEnv);
    expect(fromPostgres.code).toBe(0);
    const emptyFolder = { DATABASE_URL: "", DATA_DIR: folder("signet-restored-embedded-"), SIGNET_SECRET: secret };
    const intoEmbedded = await runCommand(SCRIPTS.restore, [second], emptyFolder);
    expect(intoEmbedded.stderr).toBe("");
    expect(intoEmbedded.code).toBe(0);
    await serveFrom(emptyFolder);
    for (const [i, id] of packageIds.entries()) expect(await packageAsSeen(account.apiKey, id)).toEqual(before[i]);
    await closeDatabase();

    // The same rows on both PostgreSQL databases, compared by the server's own row text: restore it once more from the embedded copy.
    const roundTrip = await throwaway("signet_round_trip");
    const third = path.join(folder("signet-backups-"), "round-trip");
    expect((await runCommand(SCRIPTS.backup, [third], emptyFolder)).code).toBe(0);
    expect((await runCommand(SCRIPTS.restore, [third], { ...restoredEnv, DATABASE_URL: roundTrip })).code).toBe(0);
    expect(await allRows(roundTrip)).toEqual(rowsAfterRestore);
  });
});

describe("values on the way", () => {
  it("keep microseconds, every byte, jsonb and text keys in byte order, across a stop between two batches", { timeout: 120_000 }, async () => {
    const source = await openPglite(null);
    // A server whose collation orders "_under" before "B" and "b" before "B": the move orders keys by bytes on both sides.
    const made = await createThrowawayDatabase("signet_values", "template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'");
    const target = await openPostgres(made.url);
    try {
      // Keys that a server's collation would order otherwise than bytes do.
      const ids = ["Zeta", "alpha", "_under", "été", "Ä", "b", "B"];
      for (const [i, id] of ids.entries()) {
        await source.executeSql(`insert into accounts (id, name, created, updated) values ($1, $2, $3, $3)`, [id, `Account ${id}`, `2026-11-29 03:00:00.${String(123456 + i).padStart(6, "0")}+00`]);
        await source.executeSql(`insert into users (id, account_id, email) values ($1, $1, $2)`, [id, `user${i}@example.test`]);
      }
      const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await source.executeSql(`insert into sender_signature_images (user_id, file_name, media_type, content) values ('été', 'sig.png', 'image/png', $1)`, [everyByte]);
      await source.executeSql(`insert into custom_fields (account_id, id, value, translations) values ('alpha', 'f1', 'x', $1::jsonb)`, [JSON.stringify({ fr: 'Signé "ici"\n', emoji: "✍️", big: 1.5e300, nested: [1, { a: null }] })]);

      const options = { source, target, documentsFrom: new FileBlobStore(folderFor()), documentsTo: new PostgresBlobStore(target.db), jobSchema: config().jobSchema, batchRows: 2 };
      await expect(
        moveToPostgres({
          ...options,
          log: (line) => {
            if (line === "users: 4 rows copied") throw new Error("stopped");
          },
        }),
      ).rejects.toThrow("stopped");
      expect((await target.executeSql("select count(*)::int as n from users")).rows).toEqual([{ n: 4 }]);

      const report = await moveToPostgres(options);
      expect(report.mismatches).toEqual([]);
      expect(report.tables.find((table) => table.name === "users")?.rows).toBe(ids.length);

      const read = async (database: typeof source, text: string) => (await database.executeSql(text, [])).rows;
      const query = `select a.id, (a.created at time zone 'UTC')::text as created, u.email, encode(s.content, 'hex') as content, c.translations::text
        from accounts a join users u on u.id = a.id left join sender_signature_images s on s.user_id = u.id left join custom_fields c on c.account_id = a.id order by a.id collate "C"`;
      const moved = await read(target, query);
      expect(moved).toEqual(await read(source, query));
      expect(moved).toContainEqual(expect.objectContaining({ id: "été", created: "2026-11-29 03:00:00.123459", content: everyByte.toString("hex") }));
    } finally {
      await target.close();
      await source.close();
      await made.drop();
    }
  });
});

function folderFor(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "signet-values-"));
}
