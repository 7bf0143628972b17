import { randomBytes } from "node:crypto";
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
