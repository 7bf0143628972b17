import { asc, eq } from "drizzle-orm";
import type { GroupSummaryList } from "@/lib/api/groups";
import type { Queryable } from "@/lib/db/client";
import { groups } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";

/** `GET /api/groups/summary`: every group of the account by name, without its members (for pickers). */
export async function listGroupSummaries(db: Queryable, caller: Caller): Promise<GroupSummaryList> {
  const rows = await db.select({ id: groups.id, name: groups.name, email: groups.email }).from(groups).where(eq(groups.accountId, caller.account.id)).orderBy(asc(groups.name), asc(groups.id));
  return { results: rows.map((row) => ({ ...row, data: {} })), count: rows.length };
}
