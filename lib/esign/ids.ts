import { randomFillSync } from "node:crypto";

/**
 * Random bytes drawn a few kilobytes at a time, as uuid and nanoid do: a document's text tags ask
 * for thousands of ids at once, and each synchronous draw from the system's generator costs more
 * than the id itself. Bytes are handed out once and never again.
 */
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

/** Opaque, URL-safe identifiers for packages, documents, approvals, fields and accounts. */
export function newId(bytes = 18): string {
  let text: string;
  if (bytes > pool.length) text = randomFillSync(Buffer.allocUnsafe(bytes)).toString("base64url");
  else {
    if (poolOffset + bytes > pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    text = pool.toString("base64url", poolOffset, poolOffset + bytes);
    poolOffset += bytes;
  }
  return text.replace(/[-_]/g, (c) => (c === "-" ? "A" : "B"));
}
