/**
 * `npm run db:move-to-postgres`: moves the data of the embedded database (PGlite in DATA_DIR) to
 * the PostgreSQL server of DATABASE_URL, with the documents, and checks that every table has the
 * same rows on both sides (lib/operations/move-to-postgres.ts). Documents go where the service
 * reads them once DATABASE_URL is set: the `blobs` table, or the S3 bucket when S3_BUCKET is set.
 * The embedded database and DATA_DIR/blobs are only read, and left as they were.
 * Refuses to run while a server holds DATA_DIR. Safe to stop and run again: the next run goes on.
 * Exits 1 when the move is not complete and verified. `--batch-rows=N`: rows per transaction.
 */
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/open-pglite";
import { openPostgres } from "@/lib/db/open-postgres";
import { DataDirLockedError } from "@/lib/db/data-dir-lock";
import { type BlobStore, FallbackBlobStore, FileBlobStore, PostgresBlobStore } from "@/lib/esign/storage/blob-store";
import { s3BlobStore } from "@/lib/esign/storage/s3-blob-store";
import { moveToPostgres } from "@/lib/operations/move-to-postgres";
import { batchRowsArgument } from "@/lib/operations/arguments";
import { describeInstance } from "@/lib/operations/instance-store";

async function main(): Promise<number> {
  const settings = config();
  if (!/^postgres(ql)?:\/\//.test(settings.databaseUrl)) {
    console.error("Set DATABASE_URL to the PostgreSQL server to move to (postgres://user:password@host:5432/database), and DATA_DIR to the data folder of the embedded database.");
    return 2;
  }
  if (!fs.existsSync(path.join(settings.dataDir, "pgdata"))) {
    console.error(`There is no embedded database in ${settings.dataDir} (no pgdata folder): set DATA_DIR to the data folder of the instance to move.`);
    return 2;
  }
  const batchRows = batchRowsArgument(process.argv.slice(2));

  let source: Database | undefined;
  let target: Database | undefined;
  try {
    source = await openPglite(settings.dataDir); // takes DATA_DIR: refused while a server holds it
    target = await openPostgres(settings.databaseUrl);
    const files: BlobStore = new FallbackBlobStore(new FileBlobStore(path.join(settings.dataDir, "blobs")), new PostgresBlobStore(source.db));
    const bucket = settings.s3 ? s3BlobStore(settings.s3) : null;
    if (bucket) await bucket.check();
    console.log(`Moving ${settings.dataDir} to ${describeInstance(target)}, documents to ${bucket ? `S3 bucket "${settings.s3!.bucket}"` : "its blobs table"}`);

    const report = await moveToPostgres({
      source,
      target,
      documentsFrom: bucket ? new FallbackBlobStore(bucket, files) : files,
      documentsTo: bucket ?? new PostgresBlobStore(target.db),
      jobSchema: settings.jobSchema,
      batchRows,
      log: (line) => console.log(line),
    });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    if (report.mismatches.length > 0) {
      for (const mismatch of report.mismatches) console.error(`Not the same: ${mismatch}`);
      console.error("The move is not complete. Run it again once the cause is fixed; the target must be empty or hold only an earlier run of this move.");
      return 1;
    }
    console.log(
      `Done: ${rows} rows in ${report.tables.length} tables, ${report.documents.copied + report.documents.present} documents (${report.documents.copied} copied now), ` +
        `${report.jobs} jobs not done yet; every table has the same rows (count and SHA-256) on both sides.`,
    );
    console.log(nextSteps(settings.dataDir, settings.secret));
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message} Stop the server before moving its data.`);
      return 1;
    }
    throw error;
  } finally {
    await target?.close();
    await source?.close();
  }
}

/** The settings that keep API keys, sessions and the seal certificate working on the new database. */
function nextSteps(dataDir: string, secret: string): string {
  const secretFile = path.join(dataDir, "secret.key");
  const keepSecret = secret
    ? "with the same SIGNET_SECRET"
    : fs.existsSync(secretFile)
      ? `with SIGNET_SECRET=base64:$(cat ${secretFile}) (the secret the stored keys were made with)`
      : "with a SIGNET_SECRET";
  return `Start Signet with this DATABASE_URL, ${keepSecret}, and the same DATA_DIR (its seal certificate) or SEAL_P12_PATH.`;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`db:move-to-postgres: ${(error as Error).message}`);
    process.exit(1);
  },
);
