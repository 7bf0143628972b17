import { randomBytes, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { groupMembers, groups, outboxMessages, users } from "@/lib/db/schema";
import { addMember, issueApiKey } from "@/lib/esign/accounts/account-setup";
import { newId } from "@/lib/esign/ids";
import { callJson } from "./api-client";

export interface SeededAccount {
  accountId: string;
  userId: string;
  apiKey: string;
  email: string;
}

/**
 * A new account with its owner, through the public sign-up API; unique per call. Where the service
 * e-mails (SMTP_URL), sign-up answers 202 and e-mails a link: the account then comes from that
 * link's token, read from the outbox, as its owner would follow it.
 */
export async function seedAccount(name = "Test account"): Promise<SeededAccount> {
  const email = `owner-${randomBytes(6).toString("hex")}@example.test`;
  const json = { accountName: name, email, firstName: "Olive", lastName: "Owner", password: "correct-horse-42" };
  if (!process.env.SMTP_URL) {
    return { ...(await callJson<{ accountId: string; userId: string; apiKey: string }>("POST", "/api/signup", { json, expect: 201 })), email };
  }
  // An address of its own, so that a file's many seeds stay under the sign-ups per address.
  await callJson("POST", "/api/signup", { json, headers: { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` }, expect: 202 });
  const [message] = await (await getDb()).select().from(outboxMessages).where(and(eq(outboxMessages.to, email), eq(outboxMessages.kind, "SIGN_UP_CONFIRMATION")));
  const token = /\/signup\/confirm\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1];
  return { ...(await callJson<{ accountId: string; userId: string; apiKey: string }>("POST", "/api/signup/confirm", { json: { token, password: json.password }, expect: 201 })), email };
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
