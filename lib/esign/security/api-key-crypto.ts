import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { derivedKey } from "./server-secret";

/** A new API key: 32 random bytes, base64url (what clients put after `Basic `). */
export function generateApiKey(): string {
  return randomBytes(32).toString("base64url");
}

/** The keyed hash a presented key is looked up by; never the key itself. */
export function apiKeyLookupHash(apiKey: string): string {
  return createHmac("sha256", derivedKey("api-key-lookup")).update(apiKey, "utf8").digest("hex");
}

/** AES-256-GCM, stored as base64 of iv (12) + tag (16) + ciphertext. */
export function encryptApiKey(apiKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("api-key-encryption"), iv);
  const encrypted = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64");
}

export function decryptApiKey(stored: string): string {
  const raw = Buffer.from(stored, "base64");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey("api-key-encryption"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
