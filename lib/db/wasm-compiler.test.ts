import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * PGlite runs on V8's baseline WebAssembly compiler (PGLITE_WASM_COMPILER=baseline) through a
 * process-wide flag. The WebAssembly compiled after its start (PDFium reading a document's text in
 * the PDF workers) must still reach the optimizing compiler: on Liftoff alone a create with text
 * tags took a quarter longer. Checked in a process of its own, as the flags are the process's.
 */
async function tierAfterPglite(compiler: "baseline" | "optimizing"): Promise<{ turbofan: boolean }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--allow-natives-syntax", "--import", "tsx", "tests/support/wasm-tier-after-pglite.ts"],
    { env: { ...process.env, PGLITE_WASM_COMPILER: compiler } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

describe("WebAssembly compiled after PGlite's start", () => {
  it.each(["baseline", "optimizing"] as const)("is optimized by TurboFan when hot (PGLITE_WASM_COMPILER=%s)", async (compiler) => {
    expect(await tierAfterPglite(compiler)).toEqual({ turbofan: true });
  }, 60_000);
});
