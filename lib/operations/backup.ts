import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import type { Database, Queryable } from "@/lib/db/client";
import { type BlobStore, FileBlobStore } from "@/lib/esign/storage/blob-store";
import { allReferencedBlobs } from "@/lib/esign/storage/blob-references";
import { copyDocuments } from "./documents";
import {
  batchRowsOf,
  describeTables,
  type Digest,
  packageCountsDigest,
  readPendingJobs,
  readSequences,
  rowsOf,
  scanTable,
  type SequenceValue,
  type Table,
  useCanonicalText,
  writeJobs,
  writeRows,
  writeSequences,
} from "./tables";

/**
 * A backup is a folder: every table's rows as JSON lines (tables/<name>.jsonl), the jobs not done
 * yet (jobs.jsonl), every document the rows refer to (documents/<ab>/<sha256>, whichever store
 * holds them: files, the `blobs` table or S3), and manifest.json, written last, with each file's
 * row count and SHA-256. All of it is read in one snapshot of the database (a repeatable-read
 * transaction: PostgreSQL keeps serving meanwhile), and documents are copied before the manifest
 * is written, so a backup with a manifest holds every document its rows refer to.
 */
export const BACKUP_FORMAT = "signet-backup";
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created: string;
  database: Database["kind"];
  /** Migrations applied to the database backed up: a restore needs the same. */
  migrations: number;
  /** In the order they are restored (foreign keys). */
  tables: ({ name: string } & Digest)[];
  /** The folders' counts (package_counts, kept by triggers): compared after a restore. */
  packageCounts: string;
  sequences: SequenceValue[];
  jobs: Digest;
  documents: Digest;
}

const MANIFEST = "manifest.json";
const tableFile = (folder: string, name: string) => path.join(folder, "tables", `${name}.jsonl`);

async function appliedMigrations(tx: Queryable): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(tx, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number(row.count);
}

export interface BackupOptions {
  database: Database;
  /** The instance's document store, reading through `tx` where it is the `blobs` table (the same snapshot). */
  documentStore: (tx: Queryable) => BlobStore;
  folder: string;
  jobSchema: string;
  batchRows?: number;
  log?: (line: string) => void;
}

/** Writes a backup into `folder` (new, empty, or left by a backup that stopped); answers its manifest. */
export async function backupDatabase({ database, documentStore, folder, jobSchema, batchRows = 1000, log = () => {} }: BackupOptions): Promise<BackupManifest> {
  if (fs.existsSync(path.join(folder, MANIFEST))) throw new Error(`${folder} holds a backup already: give a new folder`);
  // Rows of a backup that stopped are written again; its documents (whole files, by name) are kept.
  fs.rmSync(path.join(folder, "tables"), { recursive: true, force: true });
  fs.mkdirSync(path.join(folder, "tables"), { recursive: true });

  const manifest = await database.db.transaction(
    async (tx) => {
      await useCanonicalText(tx);
      const tables: BackupManifest["tables"] = [];
      for (const table of await describeTables(tx)) {
        const digest = await writeLines(tableFile(folder, table.name), (write) => scanTable(tx, table, batchRows, write));
        tables.push({ name: table.name, ...digest });
        log(`${table.name}: ${digest.rows} rows`);
      }
      const jobs = await readPendingJobs(tx, jobSchema);
      const shas = await allReferencedBlobs(tx);
      const documents = await copyDocuments(shas, documentStore(tx), new FileBlobStore(path.join(folder, "documents")), log);
      if (documents.failed.length > 0) {
        throw new Error(`${documents.failed.length} documents the rows refer to could not be copied (first: ${documents.failed[0].sha256}: ${documents.failed[0].reason})`);
      }
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created: new Date().toISOString(),
        database: database.kind,
        migrations: await appliedMigrations(tx),
        tables,
        packageCounts: await packageCountsDigest(tx),
        sequences: await readSequences(tx),
        jobs: await writeLines(path.join(folder, "jobs.jsonl"), (write) => write(jobs).then(() => digestOf(jobs))),
        documents: await writeLines(path.join(folder, "documents.txt"), (write) => write(shas).then(() => digestOf(shas))),
      } satisfies BackupManifest;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  fs.writeFileSync(path.join(folder, `${MANIFEST}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(path.join(folder, `${MANIFEST}.tmp`), path.join(folder, MANIFEST));
  return manifest;
}

function digestOf(lines: string[]): Digest {
  const hash = createHash("sha256");
  for (const line of lines) hash.update(`${line}\n`);
  return { rows: lines.length, sha256: hash.digest("hex") };
}

async function writeLines(file: string, produce: (write: (lines: string[]) => Promise<void>) => Promise<Digest>): Promise<Digest> {
  const handle = await fs.promises.open(file, "w");
  try {
    const digest = await produce(async (lines) => {
      if (lines.length > 0) await handle.write(`${lines.join("\n")}\n`);
    });
    await handle.sync();
    return digest;
  } finally {
    await handle.close();
  }
}

/** The lines of a backup file, `batchRows` at a time. */
async function* linesOf(file: string, batchRows: number): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    batch.push(line);
    if (batch.length === batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function fileDigest(file: string): Promise<Digest> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const batch of linesOf(file, 1000)) {
    for (const line of batch) hash.update(`${line}\n`);
    rows += batch.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

export function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} holds no complete backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) throw new Error(`${file} is not a Signet backup of version ${BACKUP_VERSION}`);
  return manifest;
}

export interface RestoreOptions {
  database: Database;
  /** Where the restored instance reads documents (its files, its `blobs` table, or S3). */
  documentStore: BlobStore;
  folder: string;
  jobSchema: string;
  batchRows?: number;
  log?: (line: string) => void;
}

/**
 * Restores a backup into an empty instance: checks every file against the manifest, copies the
 * documents into the instance's store, then writes every row, the sequences and the jobs in one
 * transaction that commits only if each table then has the backup's count and SHA-256. A restore
 * that stops leaves the database empty (documents copied so far are kept, and skipped next time).
 */
export async function restoreDatabase({ database, documentStore, folder, jobSchema, batchRows = 1000, log = () => {} }: RestoreOptions): Promise<BackupManifest> {
  const manifest = readManifest(folder);
  const migrations = await appliedMigrations(database.db);
  if (migrations !== manifest.migrations) {
    throw new Error(`The backup was made at migration ${manifest.migrations} and this database is at ${migrations}: restore it with the version of Signet that made it, then upgrade`);
  }
  const tables = await tablesOf(database, manifest);
  for (const table of tables) {
    const [row] = await rowsOf<{ found: boolean }>(database.db, sql`select exists (select 1 from ${sql.identifier("public")}.${sql.identifier(table.name)}) as found`);
    if (row.found === true || String(row.found) === "true") throw new Error(`The database is not empty (table ${table.name} has rows): restore into a new, empty instance`);
  }

  for (const [file, expected] of [
    ...manifest.tables.map((table) => [tableFile(folder, table.name), table] as const),
    [path.join(folder, "jobs.jsonl"), manifest.jobs] as const,
    [path.join(folder, "documents.txt"), manifest.documents] as const,
  ]) {
    const found = await fileDigest(file);
    if (found.rows !== expected.rows || found.sha256 !== expected.sha256) throw new Error(`${file} is not the file the backup wrote (${found.rows} lines, SHA-256 ${found.sha256})`);
  }
  log(`checked the ${manifest.tables.length + 2} files of the backup against its manifest`);

  const shas: string[] = [];
  for await (const batch of linesOf(path.join(folder, "documents.txt"), batchRows)) shas.push(...batch);
  const documents = await copyDocuments(shas, new FileBlobStore(path.join(folder, "documents")), documentStore, log);
  if (documents.failed.length > 0) throw new Error(`${documents.failed.length} documents could not be restored (first: ${documents.failed[0].sha256}: ${documents.failed[0].reason})`);

  await database.db.transaction(async (tx) => {
    await useCanonicalText(tx);
    for (const table of tables) {
      for await (const batch of linesOf(tableFile(folder, table.name), batchRowsOf(table, batchRows))) await writeRows(tx, table, batch);
      log(`${table.name}: restored`);
    }
    await writeSequences(tx, manifest.sequences);
    for await (const batch of linesOf(path.join(folder, "jobs.jsonl"), batchRows)) await writeJobs(tx, jobSchema, batch);
    for (const [i, table] of tables.entries()) {
      const digest = await scanTable(tx, table, batchRows);
      const expected = manifest.tables[i];
      if (digest.rows !== expected.rows || digest.sha256 !== expected.sha256) throw new Error(`${table.name}: ${digest.rows} rows restored of the backup's ${expected.rows}, or not the same rows; nothing was written`);
    }
    if ((await packageCountsDigest(tx)) !== manifest.packageCounts) throw new Error("The folders' counts differ from the backup's; nothing was written");
  });
  log(`verified ${tables.length} tables: the same rows as the backup`);
  return manifest;
}

/** The database's tables, in the backup's order; the backup must name exactly these. */
async function tablesOf(database: Database, manifest: BackupManifest): Promise<Table[]> {
  const here = new Map((await describeTables(database.db)).map((table) => [table.name, table]));
  const missing = manifest.tables.filter((table) => !here.has(table.name)).map((table) => table.name);
  const extra = [...here.keys()].filter((name) => !manifest.tables.some((table) => table.name === name));
  if (missing.length > 0 || extra.length > 0) throw new Error(`The backup's tables are not this database's (missing here: ${missing.join(", ") || "none"}; not in the backup: ${extra.join(", ") || "none"})`);
  return manifest.tables.map((table) => here.get(table.name)!);
}
