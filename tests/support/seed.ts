import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
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
