import type { Database, Queryable } from "@/lib/db/client";
import type { BlobStore } from "@/lib/esign/storage/blob-store";
import { allReferencedBlobs } from "@/lib/esign/storage/blob-references";
import { copyDocuments, type DocumentCopyReport } from "./documents";
import {
  countJobsPresent,
  describeTables,
  type Digest,
  lastKeyOf,
  packageCountsDigest,
  readBatch,
  readPendingJobs,
  readSequences,
  scanTable,
  type Table,
  useCanonicalText,
  writeJobs,
  writeRows,
  writeSequences,
} from "./tables";

/**
 * Moves an instance's data from the embedded database (PGlite in DATA_DIR) to a PostgreSQL server:
 * documents first (to where the target reads them), then every table in foreign-key order, a batch
 * per transaction, then the sequences and the jobs not done yet; then checks that each table has
 * the same rows on both sides (count and SHA-256 of its rows in key order). The source is only
 * read. A run stopped anywhere is run again: each table goes on after the last row the target has
 * (rows arrive in key order, so the target holds a prefix of each table), documents already in the
 * target are skipped, and sequences and jobs are written idempotently.
 */
export interface MoveOptions {
  source: Database;
  target: Database;
  /** Where the source's documents are read (its files, its `blobs` table, its bucket). */
  documentsFrom: BlobStore;
  /** Where the target will read them (its `blobs` table, or the bucket with S3 settings). */
  documentsTo: BlobStore;
  jobSchema: string;
  batchRows?: number;
  log?: (line: string) => void;
}

export interface MoveReport {
  tables: ({ name: string } & Digest)[];
  documents: DocumentCopyReport;
  jobs: number;
  /** What differs between the two sides after the copy; empty when the move is complete and verified. */
  mismatches: string[];
}

function inTransaction<T>(database: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await useCanonicalText(tx);
    return work(tx);
  });
}

export async function moveToPostgres({ source, target, documentsFrom, documentsTo, jobSchema, batchRows = 1000, log = () => {} }: MoveOptions): Promise<MoveReport> {
  const tables = await inTransaction(source, (tx) => describeTables(tx));
  await checkSameTables(tables, await inTransaction(target, (tx) => describeTables(tx)));

  // Documents before the rows that refer to them: the target never points to a document it lacks.
  const documents = await copyDocuments(await allReferencedBlobs(source.db), documentsFrom, documentsTo, log);

  for (const table of tables) await copyTable(source, target, table, batchRows, log);
  await inTransaction(target, async (tx) => writeSequences(tx, await inTransaction(source, readSequences)));
  const jobs = await inTransaction(source, (tx) => readPendingJobs(tx, jobSchema));
  await inTransaction(target, (tx) => writeJobs(tx, jobSchema, jobs));
  log(`jobs: ${jobs.length} not done yet, queued on the target`);

  const { digests, mismatches } = await compare(source, target, tables, batchRows, log);
  if ((await inTransaction(target, (tx) => countJobsPresent(tx, jobSchema, jobs))) !== jobs.length) mismatches.push("jobs: not every job of the source is queued on the target");
  for (const sha256 of await allReferencedBlobs(target.db)) {
    if ((await documentsTo.size(sha256)) === null) mismatches.push(`document ${sha256}: referred to but not readable where the target reads documents`);
  }
  for (const failure of documents.failed) mismatches.push(`document ${failure.sha256}: ${failure.reason}`);
  return { tables: digests, documents, jobs: jobs.length, mismatches };
}

async function checkSameTables(source: Table[], target: Table[]): Promise<void> {
  const shape = (tables: Table[]) => JSON.stringify(tables.map((table) => [table.name, [...table.columns].sort()]).sort());
  if (shape(source) !== shape(target)) {
    throw new Error("The two databases do not have the same tables and columns: run the move with the same version of Signet that last ran on the embedded database.");
  }
}

async function copyTable(source: Database, target: Database, table: Table, batchRows: number, log: (line: string) => void): Promise<void> {
  let after = await inTransaction(target, (tx) => lastKeyOf(tx, table));
  let copied = 0;
  for (;;) {
    const batch = await inTransaction(source, (tx) => readBatch(tx, table, after, batchRows));
    if (batch.rows.length === 0) break;
    await inTransaction(target, (tx) => writeRows(tx, table, batch.rows));
    copied += batch.rows.length;
    after = batch.lastKey;
    log(`${table.name}: ${copied} rows copied`);
  }
}

/** Every table's count and SHA-256 on each side, and the folders' counts and the sequences. */
async function compare(source: Database, target: Database, tables: Table[], batchRows: number, log: (line: string) => void) {
  const digests: ({ name: string } & Digest)[] = [];
  const mismatches: string[] = [];
  for (const table of tables) {
    const [mine, theirs] = [await inTransaction(source, (tx) => scanTable(tx, table, batchRows)), await inTransaction(target, (tx) => scanTable(tx, table, batchRows))];
    digests.push({ name: table.name, ...mine });
    if (mine.rows !== theirs.rows || mine.sha256 !== theirs.sha256) {
      mismatches.push(`${table.name}: ${mine.rows} rows (SHA-256 ${mine.sha256}) in the source, ${theirs.rows} rows (SHA-256 ${theirs.sha256}) in the target`);
    }
  }
  if ((await inTransaction(source, packageCountsDigest)) !== (await inTransaction(target, packageCountsDigest))) mismatches.push("package_counts: the folders' counts differ");
  const [sourceSequences, targetSequences] = [await inTransaction(source, readSequences), await inTransaction(target, readSequences)];
  if (JSON.stringify(sourceSequences) !== JSON.stringify(targetSequences)) mismatches.push("sequences: the target's positions differ from the source's");
  log(`verified ${tables.length} tables: ${mismatches.length === 0 ? "the same rows on both sides" : `${mismatches.length} differences`}`);
  return { digests, mismatches };
}
