import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The service records what happened (its rows, the event and the outbox entries, in the change's
 * transaction); e-mail, callbacks and the job worker are consumers that depend on it, never the
 * reverse. These checks read the import specifiers of the source files, so a new import that turns
 * the dependency around fails here instead of growing an import circle again.
 */

const root = path.resolve(__dirname, "..");

/** Repository-relative paths (no extension) of every module a source file imports, re-exports or loads. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("@/")) return [specifier.slice(2)];
    if (specifier.startsWith(".")) return [path.posix.join(path.posix.dirname(file), specifier)];
    return [];
  });
}

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(folder, name.split(path.sep).join("/")));
}

/** `importer imports target` for each import of a file under `folder` into one of `forbidden` (folders or modules). */
function importsInto(folder: string, forbidden: string[]): string[] {
  return sourceFilesUnder(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)))
      .map((target) => `${file} imports ${target}`),
  );
}

/** The worker's side of lib/jobs: loading any of these loads every job's handler. */
const WORKER_MODULES = ["lib/jobs/queue", "lib/jobs/all-jobs", "lib/jobs/due-work-job"];

describe("dependency direction", () => {
  it("finds the imports it looks for (a check that reads nothing would pass)", () => {
    expect(sourceFilesUnder("lib/esign").length).toBeGreaterThan(100);
    expect(importsInto("lib/jobs", ["lib/callbacks"])).toContain("lib/jobs/all-jobs.ts imports lib/callbacks/deliver-callback-job");
  });

  it("the service (lib/esign) imports neither e-mail, callbacks nor the job worker", () => {
    expect(importsInto("lib/esign", ["lib/email", "lib/callbacks", ...WORKER_MODULES])).toEqual([]);
  });

  it("e-mail and callbacks queue jobs without loading the worker", () => {
    expect(importsInto("lib/email", WORKER_MODULES)).toEqual([]);
    expect(importsInto("lib/callbacks", WORKER_MODULES)).toEqual([]);
  });

  it("queueing a job imports nothing but the settings, the database, the request's id and the queue's own modules", () => {
    const queueing = ["lib/jobs/enqueue.ts", "lib/jobs/names.ts", "lib/jobs/registry.ts", "lib/jobs/install.ts"];
    const imports = queueing.flatMap((file) => importsOf(file));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((target) => !/^lib\/(config|db\/[\w-]+|observability\/request-log|jobs\/(enqueue|names|registry))$/.test(target))).toEqual([]);
  });

  it("only the worker loads every job's handler", () => {
    const importers = ["lib", "app"].flatMap((folder) => importsInto(folder, ["lib/jobs/all-jobs"]));
    expect(importers).toEqual(["lib/jobs/queue.ts imports lib/jobs/all-jobs"]);
  });
});
