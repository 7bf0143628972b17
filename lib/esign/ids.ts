import { randomFillSync } from "node:crypto";

/**
 * Random bytes drawn a few kilobytes at a time, as uuid and nanoid do: a document's text tags ask
 * for thousands of ids at once, and each synchronous draw from the system's generator costs more
 * than the id itself. Bytes are handed out once and never again.
 */
const pool = Buffer.allocUnsafe(4096);
let poolOffset = pool.length;

function randomBytesFromPool(count: number): Buffer {
  if (count > pool.length) return randomFillSync(Buffer.allocUnsafe(count));
  if (poolOffset + count > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + count));
  poolOffset += count;
  return bytes;
}

/** Opaque, URL-safe identifiers for packages, documents, approvals, fields and accounts. */
export function newId(bytes = 18): string {
  return randomBytesFromPool(bytes).toString("base64url").replace(/[-_]/g, (c) => (c === "-" ? "A" : "B"));
}
