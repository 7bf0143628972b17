import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { customFields, userCustomFields, users } from "@/lib/db/schema";

/**
 * The values a signer's CUSTOMFIELD fields take: for each of the account's custom fields, the
 * signer's own value when the signer is a sender of the account who keeps one, else the field's
 * default. Keyed by custom field id (the field's `name`).
 */
export async function signerCustomFieldValues(db: Queryable, accountId: string, signerEmail: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: customFields.id, fallback: customFields.value, own: userCustomFields.value })
    .from(customFields)
    .leftJoin(users, sql`lower(${users.email}) = ${signerEmail.toLowerCase()}`)
    .leftJoin(userCustomFields, and(eq(userCustomFields.accountId, customFields.accountId), eq(userCustomFields.id, customFields.id), eq(userCustomFields.userId, users.id)))
    .where(eq(customFields.accountId, accountId));
  const values = new Map<string, string>();
  for (const row of rows) if (row.own !== null || !values.has(row.id)) values.set(row.id, row.own ?? row.fallback);
  return values;
}

/** The fields with an empty CUSTOMFIELD filled from `values` (by the field's name); the others as they are. */
export function withCustomFieldValues<T extends { subtype: string; name: string | null; value: string | null }>(fieldRows: T[], values: Map<string, string>): T[] {
  return fieldRows.map((field) => (field.subtype === "CUSTOMFIELD" && !field.value && field.name && values.has(field.name) ? { ...field, value: values.get(field.name)! } : field));
}
