import { randomBytes } from "node:crypto";

/** Opaque, URL-safe identifiers for packages, documents, approvals, fields and accounts. */
export function newId(bytes = 18): string {
  return randomBytes(bytes).toString("base64url").replace(/[-_]/g, (c) => (c === "-" ? "A" : "B"));
}
