import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, users } from "@/lib/db/schema";
import type { SenderListQuery, SenderListResponse } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { containsPattern, pageWindow } from "@/lib/esign/listing";
import { sendersWithDelegates } from "./delegates";
import { groupMembershipsOf, wireSender } from "./sender-record";

/** `GET /api/account/senders`: one page of the members of the caller's account, oldest first, and the total count. */
export async function listSenders(db: Queryable, caller: Caller, query: SenderListQuery): Promise<SenderListResponse> {
  const { offset, limit } = pageWindow(query.from, query.to);
  const conditions = [eq(accountMemberships.accountId, caller.account.id)];
  if (query.search?.trim()) {
    const pattern = containsPattern(query.search.trim());
    conditions.push(
      or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.company, pattern))!,
    );
  }
  const where = and(...conditions);
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({ user: users, locked: accountMemberships.locked })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.userId))
      .where(where)
      .orderBy(asc(users.created), asc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(accountMemberships)
      .innerJoin(users, eq(users.id, accountMemberships.userId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.user.id);
  const [memberships, delegating] = await Promise.all([groupMembershipsOf(db, caller.account.id, ids), sendersWithDelegates(db, caller.account.id, ids)]);
  return { results: rows.map((member) => ({ ...wireSender(member, memberships.get(member.user.id) ?? []), hasDelegates: delegating.has(member.user.id) })), count };
}
