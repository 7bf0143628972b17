/**
 * `npm run db:restore -- <folder>`: restores a backup made by `npm run db:backup` into the empty
 * instance of these settings (PGlite in DATA_DIR, or the PostgreSQL server of DATABASE_URL; the
 * documents into its store: DATA_DIR/blobs, the `blobs` table, or the S3 bucket of S3_*), with the
 * server stopped (lib/operations/backup.ts). The rows are written in one transaction and checked
 * against the backup before it commits. Exits 1 when nothing was restored.
 */
import { config } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db/client";
import { batchRowsArgument } from "@/lib/operations/arguments";
import { restoreDatabase } from "@/lib/operations/backup";
import { describeInstance, instanceDocumentStore } from "@/lib/operations/instance-store";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith("--"));
  if (!folder) {
    console.error("Usage: npm run db:restore -- <folder of a backup>");
    return 2;
  }
  const batchRows = batchRowsArgument(args);
  try {
    const instance = await database();
    console.log(`Restoring ${folder} into ${describeInstance(instance)}`);
    const manifest = await restoreDatabase({ database: instance, documentStore: instanceDocumentStore(instance), folder, jobSchema: config().jobSchema, batchRows, log: (line) => console.log(line) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Done: ${rows} rows in ${manifest.tables.length} tables, ${manifest.documents.rows} documents and ${manifest.jobs.rows} jobs restored from the backup of ${manifest.created}; every table has the backup's rows.`);
    return 0;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`db:restore: ${(error as Error).message}`);
    process.exit(1);
  },
);
