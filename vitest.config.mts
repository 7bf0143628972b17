import { defineConfig } from "vitest/config";

const integration = ["tests/api/**/*.test.ts"];

/**
 * Three projects: unit tests of lib/ (no database), and the API integration tests twice, once on
 * an in-memory PGlite per test file and once on a throwaway database of the PostgreSQL server.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          globalSetup: ["tests/support/global-setup-postgres.ts"],
          setupFiles: ["tests/support/setup-postgres.ts"],
        },
      },
    ],
  },
});
