/**
 * Run by lib/db/wasm-compiler.test.ts as `node --allow-natives-syntax --import tsx <this file>`:
 * opens an in-memory PGlite the way the server does (openPglite), then compiles a WebAssembly
 * module of its own, as a PDF worker does with PDFium after the start, calls its function until
 * V8 has recompiled it with TurboFan or 20 s have passed, and prints {"turbofan": true|false}.
 */
import { openPglite } from "@/lib/db/open-pglite";

// (module (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add)): compiled
// after PGlite's start, in a process that has compiled no other module with these bytes.
function moduleFunction(): (value: number) => number {
  const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 9, 1, 7, 0, 32, 0, 65, 1, 106, 11]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f as (value: number) => number;
}

const isTurboFan = new Function("f", "return %IsTurboFanFunction(f)") as (f: unknown) => boolean;

async function main() {
  const database = await openPglite(null);
  await database.executeSql("select 1");
  const f = moduleFunction();
  const deadline = Date.now() + 20_000;
  while (!isTurboFan(f) && Date.now() < deadline) {
    for (let i = 0; i < 200_000; i++) f(i);
    // Tier-up compiles on a background thread: give it turns.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  console.log(JSON.stringify({ turbofan: isTurboFan(f) }));
  await database.close();
}

void main();
