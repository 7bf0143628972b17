import path from "node:path";
import v8 from "node:v8";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Config, config } from "@/lib/config";
import { installJobQueue } from "@/lib/jobs/install";
import type { Database } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { migrationsFolder } from "./migrations-folder";
import { PGliteWithNamedStatements } from "./pglite-named-statements";
import * as schema from "./schema";
import { pgliteExecute } from "./sql-executor";

/**
 * V8 reads --liftoff-only when it compiles a WebAssembly function (lazily, at its first call), so
 * setting it while PGlite starts keeps TurboFan away from what its start and migrations run, most
 * of what it ever runs. The flag is the process's: left set, the PDF workers' WebAssembly (PDFium
 * reading text, pdf.js's image decoders) ran on Liftoff too, and a create with text tags took a
 * quarter longer. So it is lifted once PGlite has started (a function PGlite first runs later may
 * then be optimized: about 8 MB more resident memory, measured in docs/benchmarks.md). Setting
 * --liftoff-only also turned tier-up off, which clearing it does not undo: those are named again.
 */
function chooseWasmCompiler(compiler: Config["pgliteWasmCompiler"]): () => void {
  const optimizing = "--no-liftoff-only --wasm-dynamic-tiering --wasm-tier-up";
  if (compiler === "optimizing") {
    v8.setFlagsFromString(optimizing);
    return () => {};
  }
  v8.setFlagsFromString("--liftoff-only");
  return () => v8.setFlagsFromString(optimizing);
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let release = () => {};
  if (dataDir) release = await lockDataDir(dataDir);
  const pgliteStarted = chooseWasmCompiler(config().pgliteWasmCompiler);
  const client = new PGliteWithNamedStatements(dataDir ? path.join(dataDir, "pgdata") : "memory://", {
    startParams: [...PGliteWithNamedStatements.defaultStartParams, "-c", `shared_buffers=${config().pgliteSharedBuffersMb}MB`],
  });
  const db = drizzle(client, { schema, casing: "snake_case" });
  try {
    await migrate(db, { migrationsFolder });
    await installJobQueue((text, values) => pgliteExecute(client, text, values));
  } finally {
    pgliteStarted();
  }
  return {
    db,
    kind: "pglite",
    url: "",
    executeSql: (text, values) => pgliteExecute(client, text, values),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
