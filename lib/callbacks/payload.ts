import { createHmac } from "node:crypto";
import type { auditEvents } from "@/lib/db/schema";
import { wireDate } from "@/lib/api/wire";

/** What of an audit event its callback carries. */
export type CallbackEvent = Pick<typeof auditEvents.$inferSelect, "name" | "sessionUser" | "packageId" | "message" | "documentId" | "created" | "newRoleId">;

/** The body the original service posts (compat notes "Callbacks"); absent members are left out, never null. */
export function callbackBody(event: CallbackEvent): string {
  const body: Record<string, string> = {
    "@class": "com.silanis.esl.packages.event.ESLProcessEvent",
    name: event.name,
    sessionUser: event.sessionUser,
  };
  if (event.packageId) body.packageId = event.packageId;
  if (event.message) body.message = event.message;
  if (event.documentId) body.documentId = event.documentId;
  body.createdDate = wireDate(event.created);
  if (event.name === "ROLE_REASSIGN" && event.newRoleId) body.newRoleId = event.newRoleId;
  return JSON.stringify(body);
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the key>`: the receiver checks integrity and freshness. */
export function signatureHeader(key: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", key).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/**
 * Headers of one attempt. Signet-Delivery-Id is the same on every attempt of a delivery: delivery
 * is at least once (an instance that dies mid-send leaves the receiver unsure), so receivers
 * drop an id they have seen. Without a key there is neither Authorization nor Signet-Signature: a
 * signature with no shared secret would prove nothing.
 */
export function callbackHeaders(deliveryId: string, key: string | null, body: string, at: Date): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "Signet-Callbacks/1", "Signet-Delivery-Id": deliveryId };
  if (key) {
    headers.Authorization = `Basic ${key}`;
    headers["Signet-Signature"] = signatureHeader(key, body, at);
  }
  return headers;
}
