import { defineConfig } from "vitest/config";

const integration = ["tests/api/**/*.test.ts"];
/**
 * API tests whose subject is not the database (request validation, wire shapes, the OpenAPI
 * document, languages, PDF limits and pixels): they run on PGlite only, as the database cannot
 * change what they check.
 */
const notAboutTheDatabase = [
  "bad-input",
  "ceremony-language",
  "email-languages",
  "openapi",
  "passwords",
  "pdf-limits",
  "reference-shapes",
  "signature-choices",
  "signing-request-forgery",
  "text-tag-sealing",
].map((name) => `tests/api/${name}.test.ts`);
/** The API tests of every feature that stores or reads documents: run once more with documents in S3. */
const storingDocuments = ["downloads", "sealing", "signing-attachments", "signing-document-ranges", "time-based"].map((name) => `tests/api/${name}.test.ts`);

/**
 * Four projects: unit tests of lib/ (no database); the API integration tests twice, once on an
 * in-memory PGlite per test file and once on a throwaway database of the PostgreSQL server (one per
 * test file, so two workers never share one); and those of the features that store documents
 * again on PGlite with the documents in S3 (a real S3 server on loopback, tests/support/setup-s3.ts).
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
        test: { name: "pglite", include: integration, setupFiles: ["tests/support/setup-pglite.ts"] },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: integration,
          exclude: notAboutTheDatabase,
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
