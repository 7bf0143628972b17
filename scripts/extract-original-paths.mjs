#!/usr/bin/env node
// Extracts the original service's API paths from its published OpenAPI document into
// lib/api/original-paths.generated.ts, written as this app's route folders are (`{packageId}` as
// `[packageId]`, no trailing slash): lib/http/unserved-paths.ts answers 404 for those of them a
// dynamic route of ours would otherwise take (documents/signed_documents as a documentId). Run
// when the reference document changes:
//   node scripts/extract-original-paths.mjs ../shared/reference/onespan-sign-openapi-11.51.json
import fs from "node:fs";

const [source = "../shared/reference/onespan-sign-openapi-11.51.json"] = process.argv.slice(2);
const document = JSON.parse(fs.readFileSync(source, "utf8"));

const patterns = [...new Set(Object.keys(document.paths).map((path) => path.replace(/\/+$/, "").replace(/\{([^}]+)\}/g, "[$1]")))].sort();
const out = [
  `// Generated from ${document.info.title} ${document.info.version} by scripts/extract-original-paths.mjs: do not edit.`,
  "",
  "/** Every path of the original service's API, as route folders write them (`/api/packages/[packageId]`). */",
  "export const ORIGINAL_API_PATHS: string[] = [",
  ...patterns.map((pattern) => `  ${JSON.stringify(pattern)},`),
  "];",
  "",
].join("\n");
fs.writeFileSync(new URL("../lib/api/original-paths.generated.ts", import.meta.url), out);
console.log(`${patterns.length} paths`);
