import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountMemberships, users } from "@/lib/db/schema";
import type { GroupMemberInput } from "@/lib/api/groups";
import { badRequest, unprocessable } from "@/lib/esign/errors";

/** A member as stored: a sender of the account and their type in the group. */
export interface MemberRow {
  userId: string;
  memberType: "REGULAR" | "MANAGER";
}

/** The members of a group as the audit trail lists them: the first ten e-mails (a group holds up to 500). */
export function memberList(members: readonly { email: string }[]): string {
  if (members.length === 0) return "none";
  const shown = members.slice(0, 10).map((member) => member.email).join(", ");
  return members.length > 10 ? `${shown} and ${members.length - 10} more` : shown;
}

/** How a member input is named in messages and compared for duplicates: its e-mail, else its user id. */
function memberKey(input: GroupMemberInput): string {
  return input.email !== undefined ? input.email.toLowerCase() : input.userId!;
}

export const duplicateMember = (names: string[]) =>
  badRequest("error.validation.duplicateGroupMember", `A group holds each sender once; named more than once: ${names.join(", ")}.`);

function assertNoDuplicates(names: string[]): void {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  if (twice.size) throw duplicateMember([...twice]);
}

/**
 * The senders the member inputs name, by e-mail (or by user id when no e-mail is given). Spec 2.9
 * rule 1: every member must already be a sender (member) of the account; otherwise 422 naming every
 * e-mail that is not. A sender named twice is a 400.
 */
export async function resolveMembers(db: Queryable, accountId: string, inputs: GroupMemberInput[]): Promise<MemberRow[]> {
  if (inputs.length === 0) return [];
  assertNoDuplicates(inputs.map(memberKey));

  const emails = inputs.flatMap((input) => (input.email !== undefined ? [input.email.toLowerCase()] : []));
  const userIds = inputs.flatMap((input) => (input.email === undefined ? [input.userId!] : []));
  const named: SQL[] = [];
  if (emails.length) named.push(inArray(sql`lower(${users.email})`, emails));
  if (userIds.length) named.push(inArray(users.id, userIds));
  const senders = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(accountMemberships, and(eq(accountMemberships.userId, users.id), eq(accountMemberships.accountId, accountId)))
    .where(or(...named));
  const byEmail = new Map(senders.map((sender) => [sender.email.toLowerCase(), sender.id]));
  const byId = new Set(senders.map((sender) => sender.id));

  const notSenders: string[] = [];
  const rows: MemberRow[] = [];
  for (const input of inputs) {
    const userId = input.email !== undefined ? byEmail.get(input.email.toLowerCase()) : byId.has(input.userId!) ? input.userId : undefined;
    if (userId === undefined) notSenders.push(memberKey(input));
    else rows.push({ userId, memberType: input.memberType ?? "REGULAR" });
  }
  if (notSenders.length) {
    throw unprocessable(
      "error.validation.groupMembersNotSenders",
      `Group members must be senders of the account; not senders: ${notSenders.join(", ")}.`,
    );
  }
  // The same sender named once by e-mail and once by user id.
  const emailOf = new Map(senders.map((sender) => [sender.id, sender.email]));
  assertNoDuplicates(rows.map((row) => emailOf.get(row.userId)!));
  return rows;
}
