#!/usr/bin/env node
// Extracts from the original service's published OpenAPI document what the shape tests check
// our answers against: every component schema (without examples and descriptions) and, for each
// operation, the schema of its JSON 200 answer. Run when the reference document changes:
//   node scripts/extract-reference-schemas.mjs ../shared/reference/onespan-sign-openapi-11.51.json
import fs from "node:fs";

const [source = "../shared/reference/onespan-sign-openapi-11.51.json"] = process.argv.slice(2);
const document = JSON.parse(fs.readFileSync(source, "utf8"));

const strip = (value) => {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !["example", "examples", "description"].includes(key)).map(([key, member]) => [key, strip(member)]));
};

const operations = {};
for (const [path, methods] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(methods)) {
    // Media types carry parameters (application/json; esl-api-version=11); uploads are declared text/html.
    const content = operation?.responses?.["200"]?.content ?? {};
    const schema = Object.entries(content).find(([type, body]) => /json|html/.test(type) && body.schema?.$ref)?.[1]?.schema
      ?? Object.entries(content).find(([type]) => /json/.test(type))?.[1]?.schema;
    if (schema) operations[`${method.toUpperCase()} ${path}`] = strip(schema);
  }
}

const out = { source: `${document.info.title} ${document.info.version}`, schemas: strip(document.components.schemas), operations };
fs.writeFileSync(new URL("../tests/support/reference/onespan-openapi-schemas.json", import.meta.url), JSON.stringify(out, null, 1) + "\n");
console.log(`${Object.keys(out.schemas).length} schemas, ${Object.keys(operations).length} operations`);
