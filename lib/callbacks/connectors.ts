import { and, asc, count, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { callbackConnectors } from "@/lib/db/schema";
import type { CallbackConnectorResponse, CallbackConnectorListResponse, CallbackRequest, CallbackResponse } from "@/lib/api/callbacks";
import type { Caller } from "@/lib/esign/accounts/caller";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, notFound } from "@/lib/esign/errors";
import { decryptSecret, encryptSecret } from "@/lib/esign/security/secret-crypto";
import { cancelPendingDeliveries } from "./deliveries";
import { assertAllowedUrl, auditedUrl, subscribedEvents } from "./register-callback";

/**
 * Callback connectors (`/api/callback/connectors/{name}`): the original keys a callback of its own
 * by the integration that owns it (its "origin": dynamics2013, sharepoint2013, salesforceOauth2,
 * …). Here each is a callback like the main registration, with its own url, key and events, stored
 * per account and name and delivered through the same job, retries and log.
 */

/** At most this many connectors per account. */
export const MAX_CONNECTORS = 20;
const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

function assertName(name: string): void {
  if (!NAME.test(name)) {
    throw badRequest(
      "error.validation.callbackConnectorName",
      `"${name}" is not a connector name: it starts with a letter and has at most 64 letters, digits, "_", "." or "-" (e.g. dynamics2013).`,
    );
  }
}

const connectorNotFound = (name: string) => notFound("error.notFound.callbackConnectorNotFound", `The account has no callback connector ${name}.`);

function toWire(row: typeof callbackConnectors.$inferSelect): CallbackConnectorResponse {
  const connector: CallbackConnectorResponse = { name: row.name, url: row.url, events: row.events };
  if (row.encryptedKey) connector.key = decryptSecret(row.encryptedKey);
  return connector;
}

async function readConnector(db: Queryable, accountId: string, name: string): Promise<CallbackConnectorResponse | null> {
  const [row] = await db
    .select()
    .from(callbackConnectors)
    .where(and(eq(callbackConnectors.accountId, accountId), eq(callbackConnectors.name, name)));
  return row ? toWire(row) : null;
}

/** The wire's Callback of a connector: without our `name`. */
function asCallback({ url, key, events }: CallbackConnectorResponse): CallbackResponse {
  return key === undefined ? { url, events } : { url, key, events };
}

/** `GET /api/callback/connectors/{name}`: 404 when the account has none by that name. */
export async function getCallbackConnector(db: Queryable, caller: Caller, name: string): Promise<CallbackResponse> {
  const connector = await readConnector(db, caller.account.id, name);
  if (!connector) throw connectorNotFound(name);
  return asCallback(connector);
}

/** `GET /api/callback/connectors` (our extension): every connector of the account, by name. */
export async function listCallbackConnectors(db: Queryable, caller: Caller): Promise<CallbackConnectorListResponse> {
  const rows = await db.select().from(callbackConnectors).where(eq(callbackConnectors.accountId, caller.account.id)).orderBy(asc(callbackConnectors.name));
  return { results: rows.map(toWire), count: rows.length };
}

/** `POST` (or `PUT`) `/api/callback/connectors/{name}`: registers the connector, replacing the one of that name. */
export async function registerCallbackConnector(db: Db, caller: Caller, name: string, input: CallbackRequest): Promise<CallbackResponse> {
  assertName(name);
  assertAllowedUrl(input.url);
  const values = { url: input.url, encryptedKey: input.key ? encryptSecret(input.key) : null, events: subscribedEvents(input.events), updated: now() };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ name: callbackConnectors.name })
      .from(callbackConnectors)
      .where(and(eq(callbackConnectors.accountId, caller.account.id), eq(callbackConnectors.name, name)));
    if (!existing) {
      const [{ total }] = await tx.select({ total: count() }).from(callbackConnectors).where(eq(callbackConnectors.accountId, caller.account.id));
      if (total >= MAX_CONNECTORS) {
        throw badRequest("error.validation.tooManyCallbackConnectors", `An account has at most ${MAX_CONNECTORS} callback connectors; remove one first.`);
      }
    }
    await tx
      .insert(callbackConnectors)
      .values({ accountId: caller.account.id, name, created: values.updated, ...values })
      .onConflictDoUpdate({ target: [callbackConnectors.accountId, callbackConnectors.name], set: values });
    await cancelPendingDeliveries(tx, caller.account.id, { url: values.url, events: values.events }, name);
    const key = values.encryptedKey ? "with a key" : "without a key";
    await recordAccountEvent(tx, caller, "CALLBACK_REGISTER", `connector ${name}: ${auditedUrl(input.url)} ${key}, events: ${values.events.join(", ")}`);
    return asCallback((await readConnector(tx, caller.account.id, name))!);
  });
}

/** `DELETE /api/callback/connectors/{name}` (our extension): its pending deliveries are cancelled. Idempotent (204 either way). */
export async function deleteCallbackConnector(db: Db, caller: Caller, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(callbackConnectors)
      .where(and(eq(callbackConnectors.accountId, caller.account.id), eq(callbackConnectors.name, name)))
      .returning({ url: callbackConnectors.url });
    if (deleted.length === 0) return;
    await cancelPendingDeliveries(tx, caller.account.id, null, name);
    await recordAccountEvent(tx, caller, "CALLBACK_DELETE", `connector ${name}: removed ${auditedUrl(deleted[0].url)}`);
  });
}
