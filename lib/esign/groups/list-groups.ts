import { and, asc, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { groups } from "@/lib/db/schema";
import type { GroupListQuery, GroupListResponse } from "@/lib/api/groups";
import type { Caller } from "@/lib/esign/accounts/caller";
import { containsPattern, pageWindow } from "@/lib/esign/listing";
import { readMembers, wireGroup } from "./get-group";

/** `GET /api/groups`: one page of the account's groups by name, with their members, and the total count. */
export async function listGroups(db: Queryable, caller: Caller, query: GroupListQuery): Promise<GroupListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const conditions: SQL[] = [eq(groups.accountId, caller.account.id)];
  if (query.search) conditions.push(ilike(groups.name, containsPattern(query.search)));
  const where = and(...conditions);
  const [rows, [{ count }]] = await Promise.all([
    db
      .select()
      .from(groups)
      .where(where)
      .orderBy(query.dir === "desc" ? desc(groups.name) : asc(groups.name), asc(groups.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(groups).where(where),
  ]);
  const members = await readMembers(db, rows.map((row) => row.id));
  return { results: rows.map((row) => wireGroup(row, members.get(row.id)!)), count };
}
