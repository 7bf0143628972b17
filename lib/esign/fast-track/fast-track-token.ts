import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/esign/security/server-secret";

/**
 * A fast track link's token: the template's id, whether it leads to signing, and a MAC over both
 * with a key derived from the server secret. Nothing is stored: the link works for as long as the
 * template exists, and the same template always has the same link. No `=` in it, as the SDKs take
 * the token from the link's address after the last `=`.
 */
export function fastTrackToken(templateId: string, signing: boolean): string {
  const flag = signing ? "s" : "d";
  return `${templateId}.${flag}.${macOf(templateId, flag)}`;
}

export function readFastTrackToken(token: string | null): { templateId: string; signing: boolean } | null {
  const match = token ? /^([A-Za-z0-9_-]{1,64})\.([sd])\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  const [, templateId, flag, mac] = match;
  const expected = Buffer.from(macOf(templateId, flag));
  if (!timingSafeEqual(Buffer.from(mac), expected)) return null;
  return { templateId, signing: flag === "s" };
}

function macOf(templateId: string, flag: string): string {
  return createHmac("sha256", derivedKey("fast-track")).update(`${templateId}:${flag}`).digest("base64url");
}
