import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { derivedKey } from "./server-secret";

/**
 * Secrets the service hands out (API keys, invitation tokens, client app secrets, access tokens):
 * made random, found by a keyed hash (never by decrypting rows), and, where someone must be able
 * to read them back (an owner reading a sender's API key), stored encrypted.
 */

/** 32 random bytes, base64url: what clients put after `Basic ` or in a link. */
export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The keyed hash a presented secret is looked up by. */
export function lookupHash(secret: string): string {
  return createHmac("sha256", derivedKey("secret-lookup")).update(secret, "utf8").digest("hex");
}

/** AES-256-GCM, stored as base64 of iv (12) + tag (16) + ciphertext. */
export function encryptSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("secret-encryption"), iv);
  const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64");
}

export function decryptSecret(stored: string): string {
  const raw = Buffer.from(stored, "base64");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey("secret-encryption"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
