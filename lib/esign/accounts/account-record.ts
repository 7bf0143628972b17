import { and, asc, eq, inArray } from "drizzle-orm";
import type { WireAccount } from "@/lib/api/sub-accounts";
import { wireDate } from "@/lib/api/wire";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, accounts, customFields } from "@/lib/db/schema";
import { wireCustomField } from "@/lib/esign/custom-fields/custom-fields";

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Accounts as the original's Account: the account is its own company (Signet has no companies
 * apart), its custom fields, its owner's user id, and no licences (Signet sells none).
 */
export async function readAccounts(db: Queryable, rows: AccountRow[]): Promise<WireAccount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: `db` may be a transaction (a sub account just created), one connection running one statement at a time.
  const owners = await db
    .select({ accountId: accountMemberships.accountId, userId: accountMemberships.userId })
    .from(accountMemberships)
    .where(and(inArray(accountMemberships.accountId, ids), eq(accountMemberships.isOwner, true)))
    .orderBy(asc(accountMemberships.created));
  const fields = await db.select().from(customFields).where(inArray(customFields.accountId, ids)).orderBy(asc(customFields.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ...(row.parentAccountId ? { parentAccountId: row.parentAccountId } : {}),
    timezoneId: row.timezoneId,
    language: row.language,
    company: { id: row.id, name: row.name },
    customFields: fields.filter((field) => field.accountId === row.id).map(wireCustomField),
    licenses: [],
    owner: owners.find((owner) => owner.accountId === row.id)?.userId ?? "",
    created: wireDate(row.created),
    updated: wireDate(row.updated),
  }));
}

export async function readAccount(db: Queryable, row: AccountRow): Promise<WireAccount> {
  const [account] = await readAccounts(db, [row]);
  return account;
}
