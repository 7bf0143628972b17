import type { Db } from "@/lib/db/client";
import { callbackRegistrations } from "@/lib/db/schema";
import type { CallbackRequest, CallbackResponse } from "@/lib/api/callbacks";
import { config } from "@/lib/config";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent, SPEC_EVENTS } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest } from "@/lib/esign/errors";
import { encryptSecret } from "@/lib/esign/security/secret-crypto";
import { cancelPendingDeliveries } from "./deliveries";
import { readCallback } from "./get-callback";

/** https anywhere; plain http only to the hosts CALLBACK_HTTP_HOSTS names (local receivers in development and tests). */
export function assertAllowedUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("error.validation.callbackUrl", `The callback url "${url}" is not a valid absolute URL.`);
  }
  if (parsed.protocol === "https:") return;
  if (parsed.protocol === "http:") {
    const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
    if (config().callbackHttpHosts.includes(host)) return;
    throw badRequest(
      "error.validation.callbackUrl",
      `The callback url must use https; plain http is allowed only to the hosts this service is configured with (CALLBACK_HTTP_HOSTS), and ${host} is not one of them.`,
    );
  }
  throw badRequest("error.validation.callbackUrl", `The callback url must use https, not ${parsed.protocol.replace(/:$/, "")}.`);
}

/**
 * The url as the audit trail shows it: without query, fragment or user:password, which may carry
 * a token of the receiver.
 */
export function auditedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** The subscribed events without repeats, refusing names that are not events of spec section 6. */
export function subscribedEvents(events: string[]): string[] {
  const known = new Set<string>(SPEC_EVENTS);
  const unknown = [...new Set(events.filter((event) => !known.has(event)))];
  if (unknown.length > 0) {
    throw badRequest(
      "error.validation.unknownCallbackEvents",
      `Unknown event name${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Valid names: ${SPEC_EVENTS.join(", ")}.`,
    );
  }
  return [...new Set(events)];
}

/** `POST /api/callback`: registers the account's destination, replacing the one it had. */
export async function registerCallback(db: Db, caller: Caller, input: CallbackRequest): Promise<CallbackResponse> {
  assertAllowedUrl(input.url);
  const values = {
    url: input.url,
    encryptedKey: input.key ? encryptSecret(input.key) : null,
    events: subscribedEvents(input.events),
    updated: now(),
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(callbackRegistrations)
      .values({ accountId: caller.account.id, created: values.updated, ...values })
      .onConflictDoUpdate({ target: callbackRegistrations.accountId, set: values });
    await cancelPendingDeliveries(tx, caller.account.id, { url: values.url, events: values.events });
    const key = values.encryptedKey ? "with a key" : "without a key";
    await recordAccountEvent(tx, caller, "CALLBACK_REGISTER", `${auditedUrl(input.url)} ${key}, events: ${values.events.join(", ")}`);
    return (await readCallback(tx, caller.account.id))!;
  });
}
