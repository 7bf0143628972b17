import { generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";

/**
 * The random tokens of signing links and ceremony sessions: 32 random bytes, base64url, given out
 * once (in a link, an API answer or a cookie) and kept only as their keyed SHA-256 (HMAC, hex),
 * as every other secret the service hands out. Every lookup of a presented token goes through
 * `signingTokenHash`.
 */
export function newSigningToken(): { token: string; tokenHash: string } {
  const token = generateSecret();
  return { token, tokenHash: signingTokenHash(token) };
}

export function signingTokenHash(token: string): string {
  return lookupHash(token);
}

/** A presented token worth a lookup: base64url of about the right length, never anything longer. */
export function isPlausibleSigningToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(token);
}
