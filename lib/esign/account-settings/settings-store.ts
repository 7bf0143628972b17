import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountSettings } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";

/** The account_settings rows: one JSON value per account and name. */

/** Several of the account's stored values in one query, by name (a name never written is absent). */
export async function readStoredSettings(db: Queryable, accountId: string, names: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ name: accountSettings.name, value: accountSettings.value })
    .from(accountSettings)
    .where(and(eq(accountSettings.accountId, accountId), inArray(accountSettings.name, names)));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** One of the account's stored values (undefined when never written). */
export async function readStoredSetting(db: Queryable, accountId: string, name: string): Promise<unknown> {
  return (await readStoredSettings(db, accountId, [name])).get(name);
}

export async function storeSetting(tx: Queryable, accountId: string, name: string, value: unknown): Promise<void> {
  const updated = now();
  await tx
    .insert(accountSettings)
    .values({ accountId, name, value, updated })
    .onConflictDoUpdate({ target: [accountSettings.accountId, accountSettings.name], set: { value, updated } });
}

/** Answers whether there was a value to remove. */
export async function removeSetting(tx: Queryable, accountId: string, name: string): Promise<boolean> {
  const removed = await tx
    .delete(accountSettings)
    .where(and(eq(accountSettings.accountId, accountId), eq(accountSettings.name, name)))
    .returning({ name: accountSettings.name });
  return removed.length > 0;
}
