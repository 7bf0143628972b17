import { defineConfig } from "vitest/config";

const integration = ["tests/api/**/*.test.ts"];
/**
 * The API tests of what works differently on the embedded database: the job queue and its wake-ups
 * on one in-process connection, transactions of the use cases that write the most, documents
 * stored as files, the console calling the embedded service in process, PGlite's error shapes,
 * the data folder, the plans of the sweep's and the start's searches, named prepared statements
 * (which PGlite's own driver does not have). Every API test runs on PostgreSQL; these run on PGlite
 * as well, and every Playwright journey runs against a server on PGlite.
 */
const onPglite = [
  "blob-migration",
  "blob-storage",
  "console-proxy-embedded",
  "download-memory",
  "downloads",
  "email",
  "embedded-vacuum",
  "error-mapping",
  "health",
  "jobs",
  "list-texts-cost",
  "packages",
  "prepared-statements",
  "package-list-buckets",
  "package-list-texts",
  "sealing",
  "signer-copies",
  "signing-ceremony",
  "signing-document-ranges",
  "signup-and-session",
  "signup-confirmation",
  "sweep-cost",
  "time-based",
].map((name) => `tests/api/${name}.test.ts`);
/** The API tests of every feature that stores or reads documents: run once more with documents in S3. */
const storingDocuments = ["download-memory", "downloads", "sealing", "signing-attachments", "signing-document-ranges", "time-based"].map((name) => `tests/api/${name}.test.ts`);

/**
 * Four projects: unit tests of lib/ (no database server; lib/db's PGlite wrapper opens an
 * in-memory PGlite of its own); every API integration test on a throwaway
 * database of the PostgreSQL server (one per test file, so two workers never share one); those of
 * `onPglite` again on an in-memory PGlite per test file; and those of the features that store
 * documents again on PGlite with the documents in S3 (a real S3 server on loopback,
 * tests/support/setup-s3.ts). A PGlite test file costs about 1.7 times its PostgreSQL run (the
 * database is WebAssembly in the test's own process), which is why not every file runs on both.
 *
 * Two workers: vitest's default on two cores is one, which leaves a core idle while a test waits
 * on the database, a job or a loopback peer.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server's log lines (one per request, job and start-up step) would bury the test report.
    env: { LOG_LEVEL: process.env.LOG_LEVEL || "silent" },
    // next-auth imports "next/server" without the ".js" Node's ESM resolution needs: let Vite resolve it.
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "pglite", include: onPglite, setupFiles: ["tests/support/setup-pglite.ts"] },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: integration,
          setupFiles: ["tests/support/setup-postgres.ts"],
        },
      },
      {
        extends: true,
        test: { name: "s3", include: storingDocuments, setupFiles: ["tests/support/setup-s3.ts"] },
      },
    ],
  },
});
