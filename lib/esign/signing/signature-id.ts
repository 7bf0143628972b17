import { createHash } from "node:crypto";

/**
 * A signature's short id: the first 8 hex digits of the SHA-256 of where it was given (package,
 * document, approval), as "5D8A-1F3C". Printed in the signature's frame on the sealed page and
 * beside it in the certificate of completion, so one can be found from the other.
 */
export function signatureShortId(packageId: string, documentId: string, approvalId: string): string {
  const hex = createHash("sha256").update(`${packageId}\n${documentId}\n${approvalId}`).digest("hex").slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}
