import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accessTokens, accountMemberships, accountRoles, clientApps, userAccountRoles, users } from "@/lib/db/schema";
import { addMember, issueApiKey } from "@/lib/esign/accounts/account-setup";
import { revokeClientAppsOf } from "@/lib/esign/client-apps/revoke-client-apps-of";
import { newId } from "@/lib/esign/ids";
import type { Permission } from "@/lib/esign/permissions";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * Delegated permissions never become more than their holder has: a client application acts only
 * within what its creator may do today, and a credential leads only to keys below its account.
 */

type Json = Record<string, unknown>;
interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}
interface CreatedApp {
  clientId: string;
  secret: string;
}
interface Session {
  user: { id: string };
  account: { id: string };
}
interface KeyEntry {
  accountUid: string;
  accountName: string;
  apiKey: string;
}

const TOKEN = "/apitoken/clientApp/accessToken";

async function createApp(apiKey: string, name = "Integration"): Promise<CreatedApp> {
  return callJson<CreatedApp>("POST", "/api/account/clientApps", { key: apiKey, json: { name }, expect: 201 });
}

async function exchange(app: CreatedApp, type: "OWNER" | "SENDER", email?: string, expect = 200) {
  return callJson<Json & { accessToken: string }>("POST", TOKEN, { json: { clientId: app.clientId, secret: app.secret, type, email }, expect });
}

async function refusal(app: CreatedApp, type: "OWNER" | "SENDER", email: string | undefined, status: number) {
  return (await exchange(app, type, email, status)) as unknown as ErrorBody;
}

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function tokenRows(app: CreatedApp) {
  const db = await getDb();
  return db.select().from(accessTokens).where(eq(accessTokens.clientAppId, app.clientId));
}

/** A member of the account (not an owner) holding exactly one custom role with these permissions. */
async function seedMember(account: { accountId: string }, permissions: Permission[], status = "ACTIVE"): Promise<SeededAccount> {
  const db = await getDb();
  const userId = newId();
  const email = `member-${randomBytes(6).toString("hex")}@example.test`;
  const apiKey = await db.transaction(async (tx) => {
    const roleId = newId(9);
    await tx.insert(accountRoles).values({ id: roleId, accountId: account.accountId, name: `Role ${roleId}`, permissions });
    await tx.insert(users).values({ id: userId, accountId: account.accountId, email, firstName: "Mia", lastName: "Member", status });
    await tx.insert(accountMemberships).values({ accountId: account.accountId, userId, isOwner: false });
    await tx.insert(userAccountRoles).values({ accountId: account.accountId, userId, roleId });
    return issueApiKey(tx, userId, account.accountId);
  });
  return { accountId: account.accountId, userId, apiKey, email };
}

/** A second owner of the account, with an API key. */
async function seedOwner(account: { accountId: string }): Promise<SeededAccount> {
  const db = await getDb();
  const userId = newId();
  const email = `owner2-${randomBytes(6).toString("hex")}@example.test`;
  const apiKey = await db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, accountId: account.accountId, email, firstName: "Otto", lastName: "Owner" });
    await addMember(tx, account.accountId, userId, { isOwner: true, role: "OWNER" });
    return issueApiKey(tx, userId, account.accountId);
  });
  return { accountId: account.accountId, userId, apiKey, email };
}

async function removeMembership(member: SeededAccount) {
  const db = await getDb();
  await db.delete(userAccountRoles).where(and(eq(userAccountRoles.accountId, member.accountId), eq(userAccountRoles.userId, member.userId)));
  await db.delete(accountMemberships).where(and(eq(accountMemberships.accountId, member.accountId), eq(accountMemberships.userId, member.userId)));
}

const SENDER_ROLE: Permission[] = ["transaction.transaction", "transaction.in_person", "groups.view"];

describe("OWNER tokens need an app created by a current owner", () => {
  it("refuses an OWNER token to an app created by a non-owner holding api_keys.client_apps, and issues nothing", async () => {
    const account = await seedAccount();
    const delegate = await seedMember(account, ["api_keys.client_apps"]);
    const app = await createApp(delegate.apiKey);
    const refused = await refusal(app, "OWNER", undefined, 403);
    expect(refused).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.ownerTokenNeedsOwnerApp" });
    expect(refused.message).toContain("owner");
    expect(await tokenRows(app)).toEqual([]);
  });

  it("refuses it too to an app of an administrator holding every permission without being an owner", async () => {
    const account = await seedAccount();
    const administrator = await seedMember(account, ["api_keys.client_apps", "users.manage", "roles.manage", "users.api_keys"]);
    const app = await createApp(administrator.apiKey);
    expect((await refusal(app, "OWNER", undefined, 403)).messageKey).toBe("error.forbidden.ownerTokenNeedsOwnerApp");
  });

  it("acts as the creating owner, and stops once the creator is no longer an owner", async () => {
    const account = await seedAccount();
    const second = await seedOwner(account);
    const app = await createApp(second.apiKey);
    const token = await exchange(app, "OWNER");
    expect((await callJson<Session>("GET", "/api/session", bearer(token.accessToken))).user.id).toBe(second.userId);

    const db = await getDb();
    await db
      .update(accountMemberships)
      .set({ isOwner: false })
      .where(and(eq(accountMemberships.accountId, account.accountId), eq(accountMemberships.userId, second.userId)));
    expect((await refusal(app, "OWNER", undefined, 403)).messageKey).toBe("error.forbidden.ownerTokenNeedsOwnerApp");
  });
});

describe("SENDER tokens stay within the creator's current permissions", () => {
  it("issues a token for a sender whose permissions the creator holds, and for the creator themselves", async () => {
    const account = await seedAccount();
    const creator = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    const sender = await seedSender(account);
    const app = await createApp(creator.apiKey);
    const forSender = await exchange(app, "SENDER", sender.email);
    expect((await callJson<Session>("GET", "/api/session", bearer(forSender.accessToken))).user.id).toBe(sender.userId);
    const forCreator = await exchange(app, "SENDER", creator.email);
    expect((await callJson<Session>("GET", "/api/session", bearer(forCreator.accessToken))).user.id).toBe(creator.userId);
  });

  it("refuses a token for a sender who holds a permission the creator lacks, and issues nothing", async () => {
    const account = await seedAccount();
    const creator = await seedMember(account, ["api_keys.client_apps"]);
    const sender = await seedSender(account);
    const manager = await seedMember(account, ["users.manage", "transaction.transaction"]);
    const app = await createApp(creator.apiKey);
    for (const target of [sender, manager]) {
      const refused = await refusal(app, "SENDER", target.email, 403);
      expect(refused).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.senderTokenExceedsCreator" });
      expect(refused.message).toContain("transaction.transaction");
    }
    expect(await tokenRows(app)).toEqual([]);
  });

  it("refuses a token acting as an account owner unless the creator is an owner", async () => {
    const account = await seedAccount();
    const administrator = await seedMember(account, ["api_keys.client_apps", "users.manage"]);
    const app = await createApp(administrator.apiKey);
    const refused = await refusal(app, "SENDER", account.email, 403);
    expect(refused.messageKey).toBe("error.forbidden.ownerTokenNeedsOwnerApp");
    expect(await tokenRows(app)).toEqual([]);
  });

  it("lets an owner's app act as any active sender of the account, another owner included", async () => {
    const account = await seedAccount();
    const manager = await seedMember(account, ["users.manage", "roles.manage"]);
    const second = await seedOwner(account);
    const app = await createApp(account.apiKey);
    for (const target of [manager, second]) {
      const token = await exchange(app, "SENDER", target.email);
      expect((await callJson<Session>("GET", "/api/session", bearer(token.accessToken))).user.id).toBe(target.userId);
    }
  });

  it("compares with the creator's permissions at exchange time, not when the app was made", async () => {
    const account = await seedAccount();
    const creator = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    const sender = await seedSender(account);
    const app = await createApp(creator.apiKey);
    await exchange(app, "SENDER", sender.email);

    const db = await getDb();
    const [held] = await db.select().from(userAccountRoles).where(eq(userAccountRoles.userId, creator.userId));
    await db.update(accountRoles).set({ permissions: ["api_keys.client_apps"] }).where(eq(accountRoles.id, held.roleId));
    expect((await refusal(app, "SENDER", sender.email, 403)).messageKey).toBe("error.forbidden.senderTokenExceedsCreator");
    // A disabled role counts for nothing either.
    await db.update(accountRoles).set({ permissions: ["api_keys.client_apps", ...SENDER_ROLE], enabled: false }).where(eq(accountRoles.id, held.roleId));
    expect((await refusal(app, "SENDER", sender.email, 403)).messageKey).toBe("error.forbidden.senderTokenExceedsCreator");
  });
});

describe("apps whose creator left the account", () => {
  it("issue nothing once the creator is no longer a member, even before their apps are revoked", async () => {
    const account = await seedAccount();
    const second = await seedOwner(account);
    const creator = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    const sender = await seedSender(account);
    const ownerApp = await createApp(second.apiKey);
    const senderApp = await createApp(creator.apiKey, "Sender app");
    await exchange(ownerApp, "OWNER");
    await exchange(senderApp, "SENDER", sender.email);

    await removeMembership(second);
    await removeMembership(creator);
    for (const [app, type, email] of [
      [ownerApp, "OWNER", undefined],
      [ownerApp, "SENDER", sender.email],
      [senderApp, "SENDER", sender.email],
    ] as const) {
      const refused = await refusal(app, type, email, 401);
      expect(refused).toMatchObject({ code: 401, name: "Unauthorized", messageKey: "error.unauthorised.noUser" });
    }
  });

  it("issue nothing while the creator is locked", async () => {
    const account = await seedAccount();
    const creator = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    const sender = await seedSender(account);
    const app = await createApp(creator.apiKey);
    await exchange(app, "SENDER", sender.email);
    // Deleted while a draft of theirs is pending: locked in the account (spec 3.5).
    await createPackageWithFiles(creator.apiKey, packagePayload());
    const deleted = await callJson<{ status: string }>("DELETE", `/api/account/senders/${creator.userId}`, { key: account.apiKey });
    expect(deleted.status).toBe("LOCKED");
    expect((await refusal(app, "SENDER", sender.email, 401)).code).toBe(401);
  });

  it("revokeClientAppsOf revokes the user's apps in that account and ends their tokens, and nothing else", async () => {
    const account = await seedAccount();
    const creator = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    const mine = await createApp(creator.apiKey, "Mine");
    const ownersApp = await createApp(account.apiKey, "Owner's");
    const token = await exchange(mine, "SENDER", creator.email);
    const ownerToken = await exchange(ownersApp, "OWNER");
    // The same user's app in another account stays.
    const elsewhere = await seedAccount();
    const db = await getDb();
    await db.transaction(async (tx) => {
      const roleId = newId(9);
      await tx.insert(accountRoles).values({ id: roleId, accountId: elsewhere.accountId, name: "Apps", permissions: ["api_keys.client_apps"] });
      await tx.insert(accountMemberships).values({ accountId: elsewhere.accountId, userId: creator.userId, isOwner: false });
      await tx.insert(userAccountRoles).values({ accountId: elsewhere.accountId, userId: creator.userId, roleId });
    });
    const elsewhereKey = await db.transaction((tx) => issueApiKey(tx, creator.userId, elsewhere.accountId));
    const elsewhereApp = await createApp(elsewhereKey, "Elsewhere");

    await db.transaction((tx) => revokeClientAppsOf(tx, account.accountId, creator.userId));

    const [row] = await db.select().from(clientApps).where(eq(clientApps.id, mine.clientId));
    expect(row.revoked).toBeInstanceOf(Date);
    expect(await tokenRows(mine)).toEqual([]);
    expect((await call("GET", "/api/session", bearer(token.accessToken))).status).toBe(401);
    expect((await refusal(mine, "SENDER", creator.email, 401)).code).toBe(401);
    const list = await callJson<{ results: { clientId: string; revoked?: string }[] }>("GET", "/api/account/clientApps", { key: account.apiKey });
    expect(list.results.find((app) => app.clientId === mine.clientId)?.revoked).toMatch(/Z$/);
    expect(list.results.find((app) => app.clientId === ownersApp.clientId)?.revoked).toBeUndefined();

    expect((await call("GET", "/api/session", bearer(ownerToken.accessToken))).status).toBe(200);
    await exchange(ownersApp, "OWNER");
    const [other] = await db.select().from(clientApps).where(eq(clientApps.id, elsewhereApp.clientId));
    expect(other.revoked).toBeNull();
  });
});

describe("SENDER tokens for an invited sender", () => {
  it("are refused with 403 instead of a token every call would refuse", async () => {
    const account = await seedAccount();
    const invited = await seedSender(account, "INVITED");
    const app = await createApp(account.apiKey);
    const refused = await refusal(app, "SENDER", invited.email, 403);
    expect(refused).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.senderNotActivated" });
    expect(refused.message).toContain("activate");
    expect(await tokenRows(app)).toEqual([]);
  });
});

describe("GET /api/account/subaccountApiKeys", () => {
  async function createSubAccount(apiKey: string, body: Json): Promise<{ id: string }> {
    return callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: apiKey, json: body });
  }

  it("lists only the caller's keys in the accounts below the current one: never the parent or a sibling", async () => {
    const top = await seedAccount("Top");
    const child = await createSubAccount(top.apiKey, { name: "Child" });
    const sibling = await createSubAccount(top.apiKey, { name: "Sibling" });
    const grandchild = await createSubAccount(top.apiKey, { name: "Grandchild", parentAccountId: child.id });
    const fromTop = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: top.apiKey });
    expect(fromTop.map((entry) => entry.accountUid)).toEqual([child.id, sibling.id, grandchild.id]);
    const keyOf = (accountId: string) => fromTop.find((entry) => entry.accountUid === accountId)!.apiKey;

    const fromChild = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: keyOf(child.id) });
    expect(fromChild).toEqual([{ accountUid: grandchild.id, accountName: "Grandchild", apiKey: keyOf(grandchild.id) }]);
    expect(await callJson("GET", "/api/account/subaccountApiKeys", { key: keyOf(grandchild.id) })).toEqual([]);
    expect(await callJson("GET", "/api/account/subaccountApiKeys", { key: keyOf(sibling.id) })).toEqual([]);
  });

  it("is refused to an access token, even the owner's: keys are handed out only for a key", async () => {
    const top = await seedAccount("Top");
    await createSubAccount(top.apiKey, { name: "Child" });
    const token = await exchange(await createApp(top.apiKey), "OWNER");
    const refused = await callJson<ErrorBody>("GET", "/api/account/subaccountApiKeys", { ...bearer(token.accessToken), expect: 403 });
    expect(refused).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.apiKeysNeedApiKey" });
    expect(refused.message).toContain("API key");
  });
});

describe("deleting or locking a sender through the API revokes their client apps at once", () => {
  it.each([
    ["deleted", false],
    ["locked (a draft is pending)", true],
  ])("a token issued before the sender was %s stops working", async (_label, withDraft) => {
    const account = await seedAccount();
    const member = await seedMember(account, ["api_keys.client_apps", ...SENDER_ROLE]);
    if (withDraft) await callJson("POST", "/api/packages", { key: member.apiKey, json: { name: "Pending draft" } });
    const app = await createApp(member.apiKey);
    const { accessToken } = await exchange(app, "SENDER", member.email);
    expect((await call("GET", "/api/session", bearer(accessToken))).status).toBe(200);

    const answer = await call("DELETE", `/api/account/senders/${member.userId}`, { key: account.apiKey });
    expect(answer.status).toBe(withDraft ? 200 : 204);
    expect((await call("GET", "/api/session", bearer(accessToken))).status).toBe(401);
    expect(await tokenRows(app)).toHaveLength(0);
    await refusal(app, "SENDER", member.email, 401);
  });
});
