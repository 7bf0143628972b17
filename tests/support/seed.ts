import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { groupMembers, groups, users } from "@/lib/db/schema";
import { addMember, issueApiKey } from "@/lib/esign/accounts/account-setup";
import { newId } from "@/lib/esign/ids";
import { callJson } from "./api-client";

export interface SeededAccount {
  accountId: string;
  userId: string;
  apiKey: string;
  email: string;
}

/** A new account with its owner, through the public sign-up API; unique per call. */
export async function seedAccount(name = "Test account"): Promise<SeededAccount> {
  const email = `owner-${randomBytes(6).toString("hex")}@example.test`;
  const created = await callJson<{ accountId: string; userId: string; apiKey: string }>("POST", "/api/signup", {
    json: { accountName: name, email, firstName: "Olive", lastName: "Owner", password: "correct-horse-42" },
    expect: 201,
  });
  return { ...created, email };
}

/** An active sender (not the owner) of the account, holding the predefined SENDER role, with an API key. */
export async function seedSender(account: { accountId: string }, status = "ACTIVE"): Promise<SeededAccount> {
  const db = await getDb();
  const userId = newId();
  const email = `sender-${randomBytes(6).toString("hex")}@example.test`;
  const apiKey = await db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, accountId: account.accountId, email, firstName: "Sam", lastName: "Sender", status });
    await addMember(tx, account.accountId, userId, { isOwner: false, role: "SENDER" });
    return issueApiKey(tx, userId, account.accountId);
  });
  return { accountId: account.accountId, userId, apiKey, email };
}

/** A manager of the account: may read every sender's packages (users.transactions), owns none of them. */
export async function seedManager(account: { accountId: string }): Promise<SeededAccount> {
  const db = await getDb();
  const userId = newId();
  const email = `manager-${randomBytes(6).toString("hex")}@example.test`;
  const apiKey = await db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, accountId: account.accountId, email, firstName: "Mia", lastName: "Manager" });
    await addMember(tx, account.accountId, userId, { isOwner: false, role: "MANAGER" });
    return issueApiKey(tx, userId, account.accountId);
  });
  return { accountId: account.accountId, userId, apiKey, email };
}

/**
 * A group of the account, written directly (members must be senders of the account), for tests
 * that need a group signer; answers the group's id (`id` when given, else a new one).
 */
export async function seedGroup(
  account: { accountId: string },
  group: { name: string; email: string; id?: string },
  memberUserIds: string[] = [],
): Promise<string> {
  const db = await getDb();
  const groupId = group.id ?? newId();
  await db.transaction(async (tx) => {
    await tx.insert(groups).values({ id: groupId, accountId: account.accountId, name: group.name, email: group.email.toLowerCase() });
    if (memberUserIds.length) await tx.insert(groupMembers).values(memberUserIds.map((userId) => ({ groupId, userId })));
  });
  return groupId;
}
