import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a server's start loads, read from the source: every module the start's own imports load
 * statically (server-start.ts imports its parts with `import()`, read from it below), and the packages they
 * load. Work that may never come to an instance loads its libraries at first use (operations.md,
 * "Running"); a static import of one of them into this graph puts its loading back on the thread
 * the first requests wait on, as a constant imported from the module that makes the consent PDF
 * once did with pdf-lib.
 */
const root = path.resolve(__dirname, "..");
/** server-start.ts and the modules it loads with `import()`, read from it. */
const START_MODULES = [
  "lib/server-start.ts",
  ...[...readFileSync(path.join(root, "lib/server-start.ts"), "utf8").matchAll(/import\(\s*["']@\/([^"']+)["']\s*\)/g)].map(([, module]) => `${module}.ts`),
];
const LOADED_AT_FIRST_USE = ["pdf-lib", "pdfjs-dist", "@embedpdf/pdfium", "@libpdf/core", "@pdf-lib/fontkit", "subset-font", "archiver", "@aws-sdk/client-s3", "nodemailer", "undici"];

/** The specifiers a file imports for their values when it loads (not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  return [...source.matchAll(/^(?:import|export)\s+(type\s+)?(?:([^"';]*?)\s+from\s+)?["']([^"']+)["']/gm)]
    .filter(([, typeOnly, clause]) => !typeOnly && !(clause && /^\{[^}]*\}$/.test(clause.trim()) && clause.slice(1, -1).split(",").every((name) => !name.trim() || name.trim().startsWith("type "))))
    .map(([, , , specifier]) => specifier);
}

function moduleFile(specifier: string, importer: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : path.posix.join(path.posix.dirname(importer), specifier);
  return [".ts", ".tsx", "/index.ts"].map((extension) => base + extension).find((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile()) ?? null;
}

/** Each module and each package that `roots` load statically, with the chain of modules that loads it. */
function loadedBy(roots: string[]): { modules: Map<string, string>; packages: Map<string, string> } {
  const chainOf = new Map<string, string>(roots.map((file) => [file, file]));
  const packages = new Map<string, string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith("@/") || specifier.startsWith(".")) {
        const imported = moduleFile(specifier, file);
        // JSON (the e-mail messages) imports nothing; any other module not found would leave its imports unread.
        if (!imported && !specifier.endsWith(".json")) throw new Error(`${file} imports ${specifier}, which this test cannot find`);
        if (imported && !chainOf.has(imported)) {
          chainOf.set(imported, `${chainOf.get(file)} > ${imported}`);
          queue.push(imported);
        }
      } else if (!specifier.startsWith("node:")) {
        const names = [specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/")];
        // drizzle-orm's drivers count as themselves too (drizzle-orm/pglite, drizzle-orm/node-postgres; their migrators with them).
        if (specifier.startsWith("drizzle-orm/")) names.push(specifier.split("/").slice(0, 2).join("/"));
        for (const name of names) if (!packages.has(name)) packages.set(name, chainOf.get(file)!);
      }
    }
  }
  return { modules: chainOf, packages };
}

const packagesLoadedAtStart = () => loadedBy(START_MODULES).packages;

describe("a server's start", () => {
  it("reads the start's import graph (a check that reads nothing would pass)", () => {
    const packages = packagesLoadedAtStart();
    expect(START_MODULES).toEqual(expect.arrayContaining(["lib/db/client.ts", "lib/jobs/queue.ts", "lib/esign/sealing/service-certificate.ts"]));
    expect([...packages.keys()]).toEqual(expect.arrayContaining(["drizzle-orm", "pg-boss", "piscina", "node-forge"]));
  });

  // pg itself loads with the job queue (pg-boss) on either database; this graph reads the app's modules, not the packages' own imports.
  it("loads neither database's driver statically: each opens with import(), PGlite only where it is the database", () => {
    const postgres = loadedBy(["lib/db/open-postgres.ts"]).packages;
    const pglite = loadedBy(["lib/db/open-pglite.ts"]).packages;
    expect([postgres.has("pg"), postgres.has("drizzle-orm/node-postgres")]).toEqual([true, true]);
    expect([pglite.has("@electric-sql/pglite"), pglite.has("drizzle-orm/pglite")]).toEqual([true, true]);
    const atStart = packagesLoadedAtStart();
    expect(["pg", "@electric-sql/pglite", "drizzle-orm/pglite", "drizzle-orm/node-postgres"].filter((name) => atStart.has(name))).toEqual([]);
    expect(postgres.has("@electric-sql/pglite") || postgres.has("drizzle-orm/pglite")).toBe(false);
  });

  it("loads no library of work that may never come: PDFs, S3, e-mail, callbacks load at first use", () => {
    const packages = packagesLoadedAtStart();
    expect(LOADED_AT_FIRST_USE.filter((name) => packages.has(name)).map((name) => `${name}: ${packages.get(name)}`)).toEqual([]);
  });
});

/**
 * Next.js loads the request proxy (proxy.ts) on a server's first request of any kind, an API call
 * too, though it runs for pages only: what a page alone may need (the database, a session's cookie
 * decrypted) loads there with `import()`, not on an integration's first call.
 */
describe("the request proxy", () => {
  it("reads the proxy's import graph (a check that reads nothing would pass)", () => {
    const { modules, packages } = loadedBy(["proxy.ts"]);
    expect([...modules.keys()]).toEqual(expect.arrayContaining(["lib/http/security-headers.ts", "lib/console/designer-scope.ts"]));
    expect([...packages.keys()]).toContain("next");
  });

  it("loads neither the database layer nor next-auth", () => {
    const { modules, packages } = loadedBy(["proxy.ts"]);
    const loaded = [...modules].filter(([file]) => file === "lib/db/client.ts" || file === "lib/db/schema.ts").map(([, chain]) => chain);
    for (const name of ["drizzle-orm", "pg", "@electric-sql/pglite", "next-auth"]) if (packages.has(name)) loaded.push(`${name}: ${packages.get(name)}`);
    expect(loaded).toEqual([]);
  });
});

/**
 * Next.js loads a route's module, with everything it imports, on the route's first call of any
 * method: a library only some calls of a route need (pdf-lib to make the consent PDF on a create,
 * archiver for a zip) loads at first use, not on a list's or a read's first call. Every route
 * handler under app/ counts: the API's, and those beside it (sign-in, access links, OAuth, API
 * tokens, the console's proxy, pdf.js's assets).
 */
describe("the routes", () => {
  const routeFiles = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.posix.join("app", file.split(path.sep).join("/")));

  it("reads every route's import graph (a check that reads nothing would pass)", () => {
    expect(routeFiles.length).toBeGreaterThan(100);
    expect(routeFiles.filter((file) => !file.startsWith("app/api/")).length).toBeGreaterThan(3);
    const { modules, packages } = loadedBy(["app/api/packages/route.ts"]);
    expect([...modules.keys()]).toEqual(expect.arrayContaining(["lib/esign/packages/create-package.ts", "lib/esign/documents/consent-document.ts", "lib/db/client.ts"]));
    expect([...packages.keys()]).toEqual(expect.arrayContaining(["zod", "drizzle-orm", "busboy"]));
  });

  it("load no library of work only some of their calls do: PDFs, zips, S3, e-mail, callbacks load at first use", () => {
    const loaded = routeFiles.flatMap((file) => {
      const { packages } = loadedBy([file]);
      return LOADED_AT_FIRST_USE.filter((name) => packages.has(name)).map((name) => `${name}: ${packages.get(name)}`);
    });
    expect(loaded).toEqual([]);
  });
});
