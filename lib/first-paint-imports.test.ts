import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The console's pages and the signing ceremony do not load zod or the wire schemas before they
 * paint: about 40 kB (gzip) the first paint does not need (the First Load JS lines of `npm run
 * bench`). Their browser code takes them through `import()`, on first use (lib/console/contracts.ts,
 * lib/ceremony/ceremony-contracts.ts). This check follows the static value imports of every client
 * module, as the bundler does, and fails when one of them reaches zod.
 */

const root = path.resolve(__dirname, "..");

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.join(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The specifiers a module loads before it runs: its imports and re-exports that bring a value (not `import type`, not `import()`). */
function staticValueImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const statements = source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^import\s+["']([^"']+)["']/gms);
  const specifiers: string[] = [];
  for (const [, , typeOnly, clause, from, bare] of statements) {
    if (bare) specifiers.push(bare);
    else if (!typeOnly && !/^\{[^}]*\}$/s.test(clause!.trim())) specifiers.push(from!);
    else if (!typeOnly && clause!.replace(/[{}]/g, "").split(",").some((name) => name.trim() && !name.trim().startsWith("type "))) specifiers.push(from!);
  }
  return specifiers;
}

/** For each module reached from `entry`, the chain of imports that reaches it. */
function reachedFrom(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[entry, [entry]]]);
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    for (const specifier of staticValueImports(file)) {
      const target = resolveModule(file, specifier) ?? specifier;
      if (reached.has(target)) continue;
      reached.set(target, [...reached.get(file)!, target]);
      // A server action's module stays on the server: the browser gets a reference to call it by.
      if (/\.tsx?$/.test(target) && !/^["']use server["']/m.test(readFileSync(target, "utf8"))) pending.push(target);
    }
  }
  return reached;
}

function clientModules(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(root, folder, name))
    .filter((file) => /^["']use client["']/m.test(readFileSync(file, "utf8")));
}

const relative = (file: string) => path.relative(root, file);

describe("the first paint of the console and the ceremony", () => {
  it("follows imports (a check that reads nothing would pass)", () => {
    const reached = reachedFrom(path.join(root, "lib/console/load-contracts.ts"));
    expect(reached.has("zod")).toBe(false); // a type-only import of the contracts
    const contracts = reachedFrom(path.join(root, "lib/console/contracts.ts"));
    expect(contracts.get("zod")?.map(relative)).toEqual(["lib/console/contracts.ts", "zod"]);
    expect(contracts.has(path.join(root, "lib/api/packages.ts"))).toBe(true);
    const ceremony = reachedFrom(path.join(root, "components/signing/ceremony-app.tsx"));
    expect(ceremony.has(path.join(root, "lib/ceremony/ceremony-requests.ts"))).toBe(true);
    expect(ceremony.has(path.join(root, "lib/ceremony/ceremony-contracts.ts"))).toBe(false); // through import() only
  });

  it("loads no zod in any client module (the schemas come through import())", () => {
    const entries = [...clientModules("components"), ...clientModules("lib/console"), ...clientModules("lib/ceremony"), ...clientModules("app")].filter(
      // The API reference is a page of its own, outside the console.
      (file) => !relative(file).startsWith("components/api-reference/"),
    );
    expect(entries.length).toBeGreaterThan(100);
    const chains = entries.flatMap((entry) => {
      const chain = reachedFrom(entry).get("zod");
      return chain ? [chain.map(relative).join(" → ")] : [];
    });
    expect(chains).toEqual([]);
  });
});
