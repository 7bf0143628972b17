/**
 * `npm run db:backup -- <folder>`: a backup of the instance of these settings (PGlite in DATA_DIR,
 * or the PostgreSQL server of DATABASE_URL) with every document its rows refer to, into a new
 * folder (lib/operations/backup.ts). On PostgreSQL it may run while the service runs (one
 * snapshot); on the embedded database the server must be stopped (it holds DATA_DIR).
 * Run again after a stop with the same folder. Exits 1 when no complete backup was written.
 */
import path from "node:path";
import { config } from "@/lib/config";
import { closeDatabase, database } from "@/lib/db/client";
import { batchRowsArgument } from "@/lib/operations/arguments";
import { backupDatabase } from "@/lib/operations/backup";
import { describeInstance, instanceDocumentStore } from "@/lib/operations/instance-store";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith("--"));
  if (!folder) {
    console.error("Usage: npm run db:backup -- <folder>   (a new folder, or the folder of a backup that stopped)");
    return 2;
  }
  const batchRows = batchRowsArgument(args);
  try {
    const instance = await database();
    console.log(`Backing up ${describeInstance(instance)} to ${path.resolve(folder)}`);
    const manifest = await backupDatabase({
      database: instance,
      documentStore: (tx) => instanceDocumentStore(instance, tx),
      folder,
      jobSchema: config().jobSchema,
      batchRows,
      log: (line) => console.log(line),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Done: ${rows} rows in ${manifest.tables.length} tables, ${manifest.documents.rows} documents, ${manifest.jobs.rows} jobs not done yet, in ${path.resolve(folder)}.`);
    return 0;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`db:backup: ${(error as Error).message}`);
    process.exit(1);
  },
);
