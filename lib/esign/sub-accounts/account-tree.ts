import { eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { notFound } from "@/lib/esign/errors";

/** Spec 8: parent, child, grandchild. */
export const MAX_ACCOUNT_DEPTH = 3;

export type AccountRow = typeof accounts.$inferSelect;

export const accountNotFound = (id: string) => notFound("error.notFound.accountNotFound", `Account ${id} was not found.`);

/** The accounts below `accountId`, children first then grandchildren, each level in creation order. */
export async function descendantsOf(db: Queryable, accountId: string): Promise<AccountRow[]> {
  const found: AccountRow[] = [];
  // Bounded by the depth limit; the guard also stops a (never expected) cycle.
  let parents = [accountId];
  for (let level = 1; level < MAX_ACCOUNT_DEPTH * 2 && parents.length > 0; level++) {
    const children = await db.select().from(accounts).where(inArray(accounts.parentAccountId, parents)).orderBy(accounts.created, accounts.id);
    found.push(...children);
    parents = children.map((child) => child.id);
  }
  return found;
}

/** A sub account directly or indirectly below `ancestorId`, or 404 as if it did not exist. */
export async function findDescendant(db: Queryable, ancestorId: string, accountId: string): Promise<AccountRow> {
  const row = (await descendantsOf(db, ancestorId)).find((account) => account.id === accountId);
  if (!row) throw accountNotFound(accountId);
  return row;
}

/** 1 for a top-level account, 2 for its child, 3 for a grandchild. */
export async function depthOf(db: Queryable, account: AccountRow): Promise<number> {
  let depth = 1;
  for (let parentId = account.parentAccountId; parentId && depth <= MAX_ACCOUNT_DEPTH * 2; depth++) {
    const [parent] = await db.select({ parentAccountId: accounts.parentAccountId }).from(accounts).where(eq(accounts.id, parentId));
    parentId = parent?.parentAccountId ?? null;
  }
  return depth;
}

/** The top account of the tree `accountId` is in (itself when it has no parent). */
export async function topAccountIdOf(db: Queryable, accountId: string): Promise<string> {
  let topId = accountId;
  for (let level = 1; level < MAX_ACCOUNT_DEPTH * 2; level++) {
    const [row] = await db.select({ parentAccountId: accounts.parentAccountId }).from(accounts).where(eq(accounts.id, topId));
    if (!row?.parentAccountId) return topId;
    topId = row.parentAccountId;
  }
  return topId;
}
