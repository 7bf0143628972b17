/**
 * `npm run blobs:migrate-to-s3`: moves the documents of the database's store (the `blobs` table
 * with DATABASE_URL=postgres://…, and the files of DATA_DIR/blobs) into the S3 bucket of the
 * S3_* settings, verifying each before its source is deleted (lib/esign/storage/migrate-to-s3.ts).
 * Safe to run again, and to stop: the next run goes on. It may run while the service runs, once
 * every instance has the S3 settings. Exits 1 when a blob could not be moved.
 */
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { config } from "@/lib/config";
import * as schema from "@/lib/db/schema";
import { folderSource, migrateBlobsToS3, tableSource, type BlobSource } from "@/lib/esign/storage/migrate-to-s3";
import { s3BlobStore } from "@/lib/esign/storage/s3-blob-store";

async function main(): Promise<number> {
  const settings = config();
  if (!settings.s3) {
    console.error("Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to the bucket to move documents to.");
    return 2;
  }
  const target = s3BlobStore(settings.s3);
  await target.check();

  const sources: BlobSource[] = [];
  let pool: pg.Pool | undefined;
  if (/^postgres(ql)?:\/\//.test(settings.databaseUrl)) {
    // A pool of its own, not the application's database(): no migrations, no job queue.
    pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
    // An idle connection the server closes (a restart, an idle timeout) is replaced by the next
    // query; without a listener the pool's "error" event would end the move half way.
    pool.on("error", (error) => console.error(`An idle database connection was closed: ${error.message}`));
    sources.push(tableSource(drizzle(pool, { schema, casing: "snake_case" })));
  }
  // The embedded database's file store (and any left from before a move to PostgreSQL); PGlite is not opened.
  sources.push(folderSource(path.join(settings.dataDir, "blobs")));

  console.log(`Moving documents to S3 bucket "${settings.s3.bucket}" (${settings.s3.endpoint || settings.s3.region}) from: ${sources.map((source) => source.name).join(", ")}`);
  try {
    const report = await migrateBlobsToS3({ target, sources, log: (line) => console.log(line) });
    console.log(`Done: ${report.moved} moved, ${report.alreadyInS3} were in S3 already, ${report.failed.length} left in place.`);
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    target.client.destroy();
    await pool?.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`blobs:migrate-to-s3: ${(error as Error).message}`);
    process.exit(1);
  },
);
