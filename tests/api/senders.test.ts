import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountMemberships, accountRoles, apiKeys, auditEvents, senderInvitations, userAccountRoles, users } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { describeInvitation } from "@/lib/esign/senders/activate-sender";
import { newId } from "@/lib/esign/ids";
import type { Permission } from "@/lib/esign/permissions";
import { verifyPassword } from "@/lib/esign/security/passwords";
import { call, callJson, type CallOptions } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

type Json = Record<string, unknown>;
interface WireSender extends Json {
  id: string;
  email: string;
  status: string;
  activationUrl?: string;
}
interface SenderList {
  results: WireSender[];
  count: number;
}
/** The real service's answer: a bare array of UserAccountRole, one element for the caller's account. */
type UserAccountRoles = { accountId: string; userId: string; accountRoles: { id: string; name: string; predefined: boolean; permissions: string[] }[] }[];

const roleIdsOf = (answer: UserAccountRoles) => answer[0].accountRoles.map((role) => role.id);

const REASONS: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict" };
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = "http://localhost:3000";

afterEach(() => {
  resetClock();
  delete process.env.PUBLIC_URL;
});

/** Calls and checks the wire's error body. */
async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey?: string): Promise<Json> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const body = JSON.parse(text) as Json;
  expect(body).toMatchObject({ code: status, name: REASONS[status] });
  if (messageKey) expect(body.messageKey).toBe(messageKey);
  expect(body.message).toBeTruthy();
  return body;
}

/** Every value of the wire: no nulls anywhere, dates in UTC ending in Z. */
function assertWireRules(value: unknown, where = "body") {
  expect(value, where).not.toBeNull();
  if (Array.isArray(value)) value.forEach((item, i) => assertWireRules(item, `${where}[${i}]`));
  else if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === "string" && /^\d{4}-\d\d-\d\dT/.test(member)) expect(member, `${where}.${key}`).toMatch(/Z$/);
      assertWireRules(member, `${where}.${key}`);
    }
  }
}

let counter = 0;
function uniqueEmail(prefix = "invitee"): string {
  counter += 1;
  return `${prefix}-${counter}-${newId(6)}@example.test`.toLowerCase();
}

async function invite(owner: SeededAccount, body: Json = {}): Promise<WireSender> {
  return callJson<WireSender>("POST", "/api/account/senders", {
    key: owner.apiKey,
    json: { email: uniqueEmail(), firstName: "Ivy", lastName: "Invitee", ...body },
  });
}

function tokenOf(activationUrl: string | undefined): string {
  expect(activationUrl).toMatch(new RegExp(`^${PUBLIC_URL}/activate/[A-Za-z0-9_-]+$`));
  return decodeURIComponent(activationUrl!.split("/").pop()!);
}

async function activate(token: string, password = "a-good-passw0rd", expect = 200) {
  return callJson<Json>("POST", "/api/account/activation", { json: { token, password }, expect });
}

async function apiKeyOf(userId: string, accountId: string): Promise<string> {
  const { decryptSecret } = await import("@/lib/esign/security/secret-crypto");
  const db = await getDb();
  const [key] = await db.select().from(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.accountId, accountId)));
  return decryptSecret(key.encryptedKey);
}

async function predefinedRole(accountId: string, predefined: "OWNER" | "MANAGER" | "SENDER"): Promise<string> {
  const db = await getDb();
  const [role] = await db
    .select({ id: accountRoles.id })
    .from(accountRoles)
    .where(and(eq(accountRoles.accountId, accountId), eq(accountRoles.predefined, predefined)));
  return role.id;
}

/** A sender holding one custom role with exactly these permissions (instead of the SENDER role). */
async function seedSenderWith(account: SeededAccount, permissions: Permission[]): Promise<SeededAccount> {
  const sender = await seedSender(account);
  const db = await getDb();
  const roleId = newId(9);
  await db.insert(accountRoles).values({ id: roleId, accountId: account.accountId, name: `Custom ${roleId}`, permissions });
  await db.delete(userAccountRoles).where(eq(userAccountRoles.userId, sender.userId));
  await db.insert(userAccountRoles).values({ accountId: account.accountId, userId: sender.userId, roleId });
  return sender;
}

async function userRow(userId: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe("POST /api/account/senders (invite)", () => {
  it("invites a user: INVITED in the caller's account with the SENDER role, a key and a 7-day activation link", async () => {
    const owner = await seedAccount();
    const email = uniqueEmail();
    const sender = await callJson<WireSender>("POST", "/api/account/senders", {
      key: owner.apiKey,
      json: { email: email.toUpperCase(), firstName: "Ivy", lastName: "Invitee", company: "Acme", title: "Buyer", status: null, unknown: 1, phone: null },
    });
    assertWireRules(sender);
    expect(sender).toMatchObject({
      email,
      firstName: "Ivy",
      lastName: "Invitee",
      name: "Ivy Invitee",
      company: "Acme",
      title: "Buyer",
      phone: "",
      status: "INVITED",
      type: "REGULAR",
      timezoneId: "GMT",
      language: "en",
      memberships: [],
      hasDelegates: false,
    });
    expect(sender.created).toMatch(/Z$/);
    const token = tokenOf(sender.activationUrl);

    const db = await getDb();
    const row = await userRow(sender.id);
    expect(row).toMatchObject({ accountId: owner.accountId, status: "INVITED", passwordHash: null });
    const [membership] = await db.select().from(accountMemberships).where(eq(accountMemberships.userId, sender.id));
    expect(membership).toMatchObject({ accountId: owner.accountId, isOwner: false });
    const heldRoles = await db.select().from(userAccountRoles).where(eq(userAccountRoles.userId, sender.id));
    expect(heldRoles.map((r) => r.roleId)).toEqual([await predefinedRole(owner.accountId, "SENDER")]);
    const [invitation] = await db.select().from(senderInvitations).where(eq(senderInvitations.userId, sender.id));
    expect(invitation.encryptedToken).not.toContain(token);
    expect(invitation.expires.getTime() - now().getTime()).toBeGreaterThan(7 * DAY - 60_000);
    expect(invitation.expires.getTime() - now().getTime()).toBeLessThanOrEqual(7 * DAY);

    // The owner reads the link back while the sender is INVITED.
    const read = await callJson<WireSender>("GET", `/api/account/senders/${sender.id}`, { key: owner.apiKey });
    expect(read.activationUrl).toBe(sender.activationUrl);
  });

  it("creates a sender ACTIVE at once when asked (the original's way to skip activation): the key works, the link still sets a password", async () => {
    const owner = await seedAccount();
    const sender = await invite(owner, { status: "ACTIVE" });
    expect(sender.status).toBe("ACTIVE");
    const key = await apiKeyOf(sender.id, owner.accountId);
    expect(await callJson<Json>("GET", "/api/session", { key })).toMatchObject({ user: { id: sender.id } });
    expect(await activate(tokenOf(sender.activationUrl))).toMatchObject({ id: sender.id, status: "ACTIVE" });
    // Used once: the password is set.
    await activate(tokenOf(sender.activationUrl), "another-passw0rd", 400);
  });

  it("uses PUBLIC_URL for the activation link", async () => {
    process.env.PUBLIC_URL = "https://sign.example.test/";
    const owner = await seedAccount();
    const sender = await invite(owner);
    expect(sender.activationUrl).toMatch(/^https:\/\/sign\.example\.test\/activate\/[A-Za-z0-9_-]+$/);
  });

  it("answers a sender of this account invited again as they are (idempotent, whatever the case), and refuses another account's e-mail (409)", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const email = uniqueEmail();
    const first = await invite(owner, { email });
    const again = await callJson<Json>("POST", "/api/account/senders", { key: owner.apiKey, json: { email: email.toUpperCase(), firstName: "A", lastName: "B" } });
    // Nothing changed: the same sender, names and all; no second invitation.
    expect(again).toEqual(first);
    const sameAsOwner = await callJson<Json>("POST", "/api/account/senders", { key: owner.apiKey, json: { email: owner.email, firstName: "A", lastName: "B" } });
    expect(sameAsOwner).toMatchObject({ id: owner.userId, email: owner.email, status: "ACTIVE" });
    const taken = await expectError("POST", "/api/account/senders", { key: other.apiKey, json: { email, firstName: "A", lastName: "B" } }, 409, "error.conflict.emailExists");
    expect(taken.message).toContain("unique across the whole service");
    await expectError("POST", "/api/account/senders", { key: owner.apiKey, json: { email: other.email, firstName: "A", lastName: "B" } }, 409);
  });

  it("refuses bad input with 400", async () => {
    const owner = await seedAccount();
    const post = (options: CallOptions) => expectError("POST", "/api/account/senders", { key: owner.apiKey, ...options }, 400);
    const missingEmail = await post({ json: { firstName: "A", lastName: "B" } });
    expect(missingEmail.message).toContain("email");
    expect((await post({ json: { email: "not-an-address", firstName: "A", lastName: "B" } })).message).toContain("e-mail");
    expect((await post({ json: { email: uniqueEmail() } })).message).toContain("firstName");
    await post({ json: { email: uniqueEmail(), firstName: "", lastName: "B" } });
    await post({ json: { email: uniqueEmail(), firstName: 3, lastName: "B" } });
    await post({ json: { email: uniqueEmail(), firstName: "A", lastName: "B", type: "BOSS" } });
    await post({ json: ["not", "an", "object"] });
    await post({ body: "{not json", headers: { "content-type": "application/json" } });
    await post({ body: "" });
  });

  it("needs a key (401) and users.manage (403)", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const body = { email: uniqueEmail(), firstName: "A", lastName: "B" };
    await expectError("POST", "/api/account/senders", { json: body }, 401);
    await expectError("POST", "/api/account/senders", { key: sender.apiKey, json: body }, 403, "error.forbidden.noPermission");
    const viewer = await seedSenderWith(owner, ["users.view"]);
    await expectError("POST", "/api/account/senders", { key: viewer.apiKey, json: body }, 403, "error.forbidden.noPermission");
    const manager = await seedSenderWith(owner, ["users.manage"]);
    const invited = await callJson<WireSender>("POST", "/api/account/senders", { key: manager.apiKey, json: body });
    expect(invited.status).toBe("INVITED");
    // The invitee holds the SENDER role's permissions, which this inviter does not: the link (which makes its holder the invitee) is not theirs to see.
    expect(invited).not.toHaveProperty("activationUrl");
    const fuller = await seedSenderWith(owner, ["users.manage", "transaction.transaction", "transaction.in_person", "groups.view"]);
    const second = await callJson<WireSender>("POST", "/api/account/senders", { key: fuller.apiKey, json: { ...body, email: uniqueEmail() } });
    tokenOf(second.activationUrl);
  });
});

describe("POST /api/account/activation", () => {
  it("activates with the link's token: the key works afterwards, the invitation is gone", async () => {
    const owner = await seedAccount();
    const sender = await invite(owner);
    const key = await apiKeyOf(sender.id, owner.accountId);
    await expectError("GET", "/api/session", { key }, 403, "error.forbidden.senderNotActivated");
    await expectError("GET", "/api/packages", { key }, 403, "error.forbidden.senderNotActivated");

    const activated = await activate(tokenOf(sender.activationUrl), "fresh-passw0rd");
    expect(activated).toEqual({ id: sender.id, email: sender.email, status: "ACTIVE" });

    const session = await callJson<{ user: Json }>("GET", "/api/session", { key });
    expect(session.user).toMatchObject({ id: sender.id, email: sender.email });
    await callJson("GET", "/api/packages", { key });
    const row = await userRow(sender.id);
    expect(row.status).toBe("ACTIVE");
    expect(await verifyPassword("fresh-passw0rd", row.passwordHash!)).toBe(true);
    const db = await getDb();
    expect(await db.select().from(senderInvitations).where(eq(senderInvitations.userId, sender.id))).toEqual([]);
    const read = await callJson<WireSender>("GET", `/api/account/senders/${sender.id}`, { key: owner.apiKey });
    expect(read.status).toBe("ACTIVE");
    expect(read).not.toHaveProperty("activationUrl");
  });

  it("refuses unknown, used and expired links (400), weak passwords (400) and bad bodies (400)", async () => {
    const owner = await seedAccount();
    const first = await invite(owner);
    const token = tokenOf(first.activationUrl);

    await expectError("POST", "/api/account/activation", { json: { token: "no-such-token", password: "a-good-passw0rd" } }, 400, "error.validation.invalidActivationToken");
    const weak = await expectError("POST", "/api/account/activation", { json: { token, password: "short1" } }, 400, "error.validation.weakPassword");
    expect(weak.message).toContain("8 characters");
    await expectError("POST", "/api/account/activation", { json: { token, password: "lettersonly" } }, 400, "error.validation.weakPassword");
    await expectError("POST", "/api/account/activation", { json: { token } }, 400, "error.validation.invalidBody");
    await expectError("POST", "/api/account/activation", { json: { password: "a-good-passw0rd" } }, 400, "error.validation.invalidBody");
    await expectError("POST", "/api/account/activation", { json: { token: 42, password: "a-good-passw0rd" } }, 400, "error.validation.invalidBody");
    await expectError("POST", "/api/account/activation", { body: "{", headers: { "content-type": "application/json" } }, 400, "error.validation.invalidJson");
    expect((await userRow(first.id)).status).toBe("INVITED");

    await activate(token);
    const used = await expectError("POST", "/api/account/activation", { json: { token, password: "a-good-passw0rd" } }, 400, "error.validation.invalidActivationToken");
    expect(used.message).toContain("used already");

    const second = await invite(owner);
    advanceClock(7 * DAY + 1000);
    const expired = await expectError(
      "POST",
      "/api/account/activation",
      { json: { token: tokenOf(second.activationUrl), password: "a-good-passw0rd" } },
      400,
      "error.validation.expiredActivationToken",
    );
    expect(expired.message).toContain("expired");
    // An expired link is no longer shown to the owner.
    expect(await callJson<WireSender>("GET", `/api/account/senders/${second.id}`, { key: owner.apiKey })).not.toHaveProperty("activationUrl");
    expect((await userRow(second.id)).status).toBe("INVITED");
  });

  it("answers 409 when the invited user is no longer INVITED", async () => {
    const owner = await seedAccount();
    const sender = await invite(owner);
    const db = await getDb();
    // Activated: active with a password.
    await db.update(users).set({ status: "ACTIVE", passwordHash: "scrypt$activated" }).where(eq(users.id, sender.id));
    await expectError("POST", "/api/account/activation", { json: { token: tokenOf(sender.activationUrl), password: "a-good-passw0rd" } }, 409, "error.conflict.alreadyActivated");
    // Locked in the account that invited them (deleted there while work was pending).
    await db.update(users).set({ status: "INVITED" }).where(eq(users.id, sender.id));
    await db
      .update(accountMemberships)
      .set({ locked: true })
      .where(and(eq(accountMemberships.userId, sender.id), eq(accountMemberships.accountId, owner.accountId)));
    await expectError("POST", "/api/account/activation", { json: { token: tokenOf(sender.activationUrl), password: "a-good-passw0rd" } }, 409, "error.conflict.senderLocked");
    expect((await userRow(sender.id)).status).toBe("INVITED");
  });
});

describe("the activation page's view of a link", () => {
  it("tells a valid link (with e-mail and account name) from an unknown, used or expired one", async () => {
    const owner = await seedAccount("Acme Holdings");
    const db = await getDb();
    const sender = await invite(owner, { firstName: "Vera" });
    const token = tokenOf(sender.activationUrl);
    expect(await describeInvitation(db, token)).toEqual({ state: "valid", email: sender.email, firstName: "Vera", accountName: "Acme Holdings" });
    expect(await describeInvitation(db, "unknown")).toMatchObject({ state: "invalid" });
    advanceClock(8 * DAY);
    expect(await describeInvitation(db, token)).toMatchObject({ state: "expired", message: expect.stringContaining("expired") });
    resetClock();
    await db.update(users).set({ status: "ACTIVE", passwordHash: "scrypt$activated" }).where(eq(users.id, sender.id));
    expect(await describeInvitation(db, token)).toMatchObject({ state: "used" });
  });
});

describe("POST /api/account/senders/{id}/invite", () => {
  it("replaces the link of an INVITED sender; 409 once active; 404 for another account's sender", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await invite(owner);
    const renewed = await callJson<WireSender>("POST", `/api/account/senders/${sender.id}/invite`, { key: owner.apiKey });
    expect(renewed.activationUrl).not.toBe(sender.activationUrl);
    await activate(tokenOf(sender.activationUrl), undefined, 400);
    await activate(tokenOf(renewed.activationUrl));
    await expectError("POST", `/api/account/senders/${sender.id}/invite`, { key: owner.apiKey }, 409, "error.conflict.senderNotInvited");
    await expectError("POST", `/api/account/senders/${sender.id}/invite`, { key: other.apiKey }, 404, "error.notFound.senderNotFound");
    const plain = await seedSender(owner);
    await expectError("POST", `/api/account/senders/${sender.id}/invite`, { key: plain.apiKey }, 403, "error.forbidden.noPermission");
  });
});

describe("GET /api/account/senders", () => {
  it("lists the account's members with 1-based inclusive paging, a total count and search", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    await invite(other, { firstName: "Zed", company: "Acme" });
    const invited = [];
    for (let i = 1; i <= 4; i += 1) invited.push(await invite(owner, { firstName: `Person${i}`, company: i % 2 ? "Acme" : "Globex" }));

    const all = await callJson<SenderList>("GET", "/api/account/senders", { key: owner.apiKey });
    assertWireRules(all);
    expect(all.count).toBe(5);
    expect(all.results.map((s) => s.id)).toEqual([owner.userId, ...invited.map((s) => s.id)]);
    expect(all.results.every((s) => !("activationUrl" in s))).toBe(true);

    const page = await callJson<SenderList>("GET", "/api/account/senders?from=2&to=3", { key: owner.apiKey });
    expect(page).toMatchObject({ count: 5 });
    expect(page.results.map((s) => s.id)).toEqual([invited[0].id, invited[1].id]);
    const last = await callJson<SenderList>("GET", "/api/account/senders?from=5&to=10", { key: owner.apiKey });
    expect(last.results.map((s) => s.id)).toEqual([invited[3].id]);

    const acme = await callJson<SenderList>("GET", "/api/account/senders?search=acme", { key: owner.apiKey });
    expect(acme.count).toBe(2);
    expect(acme.results.map((s) => s.firstName)).toEqual(["Person1", "Person3"]);
    const byName = await callJson<SenderList>("GET", "/api/account/senders?search=person4", { key: owner.apiKey });
    expect(byName.results.map((s) => s.id)).toEqual([invited[3].id]);
    const byLastName = await callJson<SenderList>("GET", "/api/account/senders?search=OWNER", { key: owner.apiKey });
    expect(byLastName.results.map((s) => s.id)).toEqual([owner.userId]);
    const byEmail = await callJson<SenderList>("GET", `/api/account/senders?search=${encodeURIComponent(invited[2].email)}`, { key: owner.apiKey });
    expect(byEmail.results.map((s) => s.id)).toEqual([invited[2].id]);
    const wildcard = await callJson<SenderList>("GET", "/api/account/senders?search=%25", { key: owner.apiKey });
    expect(wildcard.count).toBe(0);
  });

  it("refuses bad paging (400), needs a key (401) and users.view (403)", async () => {
    const owner = await seedAccount();
    await expectError("GET", "/api/account/senders?from=-1", { key: owner.apiKey }, 400);
    await expectError("GET", "/api/account/senders?from=abc", { key: owner.apiKey }, 400);
    await expectError("GET", "/api/account/senders?from=5&to=2", { key: owner.apiKey }, 400, "error.validation.paging");
    await expectError("GET", "/api/account/senders", {}, 401);
    const sender = await seedSender(owner);
    await expectError("GET", "/api/account/senders", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    const viewer = await seedSenderWith(owner, ["users.view"]);
    const list = await callJson<SenderList>("GET", "/api/account/senders", { key: viewer.apiKey });
    expect(list.count).toBe(3);
  });
});

describe("GET and POST /api/account/senders/{id}", () => {
  it("reads one sender; another account's or an unknown one is 404; the link only for users.manage", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await invite(owner);
    const read = await callJson<WireSender>("GET", `/api/account/senders/${sender.id}`, { key: owner.apiKey });
    assertWireRules(read);
    expect(read).toMatchObject({ id: sender.id, email: sender.email, status: "INVITED", type: "REGULAR", timezoneId: "GMT" });
    const viewer = await seedSenderWith(owner, ["users.view"]);
    expect(await callJson<WireSender>("GET", `/api/account/senders/${sender.id}`, { key: viewer.apiKey })).not.toHaveProperty("activationUrl");

    await expectError("GET", `/api/account/senders/${sender.id}`, { key: other.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", `/api/account/senders/${other.userId}`, { key: owner.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", "/api/account/senders/nope", { key: owner.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", `/api/account/senders/${sender.id}`, {}, 401);
    const plain = await seedSender(owner);
    await expectError("GET", `/api/account/senders/${sender.id}`, { key: plain.apiKey }, 403, "error.forbidden.noPermission");
  });

  it("updates names, company and title; never the e-mail", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const before = await userRow(sender.userId);
    advanceClock(1000);
    const updated = await callJson<WireSender>("POST", `/api/account/senders/${sender.userId}`, {
      key: owner.apiKey,
      json: { firstName: "Samantha", lastName: "Smith", company: "Initech", title: "CFO", phone: "+1 555", timezoneId: "Europe/Paris", email: "changed@example.test" },
    });
    assertWireRules(updated);
    expect(updated).toMatchObject({ firstName: "Samantha", lastName: "Smith", company: "Initech", title: "CFO", phone: "+1 555", timezoneId: "Europe/Paris", email: sender.email });
    expect(Date.parse(updated.updated as string)).toBeGreaterThan(before.updated.getTime());
    expect((await userRow(sender.userId)).email).toBe(sender.email);

    // A partial body changes only what it names; explicit nulls mean "not set".
    const partial = await callJson<WireSender>("POST", `/api/account/senders/${sender.userId}`, { key: owner.apiKey, json: { title: "CEO", company: null } });
    expect(partial).toMatchObject({ firstName: "Samantha", company: "Initech", title: "CEO" });
    // The sender's key still works: the e-mail did not change under it.
    await callJson("GET", "/api/session", { key: sender.apiKey });
  });

  it("refuses bad updates (400), other accounts' senders (404), no key (401), no users.manage (403)", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(owner);
    const path = `/api/account/senders/${sender.userId}`;
    await expectError("POST", path, { key: owner.apiKey, json: { firstName: "" } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: { lastName: 7 } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: { title: "x".repeat(201) } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, body: "nope", headers: { "content-type": "application/json" } }, 400, "error.validation.invalidJson");
    await expectError("POST", path, { key: other.apiKey, json: { firstName: "X" } }, 404, "error.notFound.senderNotFound");
    await expectError("POST", path, { json: { firstName: "X" } }, 401);
    const viewer = await seedSenderWith(owner, ["users.view"]);
    await expectError("POST", path, { key: viewer.apiKey, json: { firstName: "X" } }, 403, "error.forbidden.noPermission");
    expect((await userRow(sender.userId)).firstName).toBe("Sam");
  });
});

describe("DELETE /api/account/senders/{id}", () => {
  it("deletes a sender with nothing pending (204): gone from the account, the key refused, the row removed", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const response = await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey });
    expect(response.status).toBe(204);
    await expectError("GET", `/api/account/senders/${sender.userId}`, { key: owner.apiKey }, 404);
    await expectError("GET", "/api/session", { key: sender.apiKey }, 401);
    expect(await userRow(sender.userId)).toBeUndefined();
    const list = await callJson<SenderList>("GET", "/api/account/senders", { key: owner.apiKey });
    expect(list.results.map((s) => s.id)).toEqual([owner.userId]);
    // The e-mail can be invited again.
    const again = await invite(owner, { email: sender.email });
    expect(again.status).toBe("INVITED");
  });

  it("deletes an invited sender", async () => {
    const owner = await seedAccount();
    const sender = await invite(owner);
    expect((await call("DELETE", `/api/account/senders/${sender.id}`, { key: owner.apiKey })).status).toBe(204);
    await activate(tokenOf(sender.activationUrl), undefined, 400);
  });

  it("locks a sender who owns a draft (200 LOCKED): they read but cannot create or send (403 senderLocked)", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const draft = await createPackageWithFiles(sender.apiKey, packagePayload({ name: "Sender draft" }));
    const locked = await callJson<WireSender>("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey });
    assertWireRules(locked);
    expect(locked).toMatchObject({ id: sender.userId, status: "LOCKED" });
    expect((await callJson<WireSender>("GET", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe("LOCKED");

    // Reads still work.
    const mine = await callJson<{ results: Json[]; count: number }>("GET", "/api/packages?query=drafts", { key: sender.apiKey });
    expect(mine.results.map((p) => p.id)).toEqual([draft]);
    await callJson("GET", `/api/packages/${draft}`, { key: sender.apiKey });
    // Writes do not.
    const create = await expectError("POST", "/api/packages", { key: sender.apiKey, json: { name: "New" } }, 403, "error.forbidden.senderLocked");
    expect(create.message).toContain("locked");
    await expectError("POST", `/api/packages/${draft}`, { key: sender.apiKey, json: { status: "SENT" } }, 403, "error.forbidden.senderLocked");
    await expectError("PUT", `/api/packages/${draft}`, { key: sender.apiKey, json: { name: "Renamed" } }, 403, "error.forbidden.senderLocked");
    await expectError("DELETE", `/api/packages/${draft}`, { key: sender.apiKey }, 403, "error.forbidden.senderLocked");
    expect((await callJson<Json>("GET", `/api/packages/${draft}`, { key: owner.apiKey })).status).toBe("DRAFT");

    // Once the draft is gone, deleting again deletes; the user row stays (they owned a package), status DELETED.
    expect((await call("DELETE", `/api/packages/${draft}`, { key: owner.apiKey })).status).toBeLessThan(300);
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe(204);
    expect(await userRow(sender.userId)).toMatchObject({ status: "DELETED", passwordHash: null });
    await expectError("GET", "/api/session", { key: sender.apiKey }, 401);
  });

  it("locks a sender with a package waiting for their signature in the account's inbox", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const payload = packagePayload({ status: "SENT", signers: 1 });
    payload.roles[0].signers[0].email = sender.email.toUpperCase();
    await createPackageWithFiles(owner.apiKey, payload);
    const locked = await callJson<WireSender>("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey });
    expect(locked.status).toBe("LOCKED");
  });

  it("locks an invited sender with an inbox: LOCKED on the wire, the link refused (409), no new link (409), the key still not activated (403)", async () => {
    const owner = await seedAccount();
    const sender = await invite(owner);
    const payload = packagePayload({ status: "SENT", signers: 1 });
    payload.roles[0].signers[0].email = sender.email;
    await createPackageWithFiles(owner.apiKey, payload);
    const locked = await callJson<WireSender>("DELETE", `/api/account/senders/${sender.id}`, { key: owner.apiKey });
    expect(locked.status).toBe("LOCKED");
    expect(locked).not.toHaveProperty("activationUrl");
    expect(await callJson<WireSender>("GET", `/api/account/senders/${sender.id}`, { key: owner.apiKey })).not.toHaveProperty("activationUrl");
    await expectError("POST", `/api/account/senders/${sender.id}/invite`, { key: owner.apiKey }, 409, "error.conflict.senderNotInvited");
    await expectError("POST", "/api/account/activation", { json: { token: tokenOf(sender.activationUrl), password: "a-good-passw0rd" } }, 409, "error.conflict.senderLocked");
    // Never activated: their key reads nothing either (not activated refuses more than locked).
    await expectError("GET", "/api/packages", { key: await apiKeyOf(sender.id, owner.accountId) }, 403, "error.forbidden.senderNotActivated");
    // Deleting again while the inbox is pending changes nothing and records nothing more.
    expect((await callJson<WireSender>("DELETE", `/api/account/senders/${sender.id}`, { key: owner.apiKey })).status).toBe("LOCKED");
    const db = await getDb();
    const locks = await db.select().from(auditEvents).where(and(eq(auditEvents.accountId, owner.accountId), eq(auditEvents.name, "SENDER_LOCK")));
    expect(locks).toHaveLength(1);
  });

  it("keeps a deleted sender's sent packages listable by the owner and invites the e-mail again under the same id", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const sent = await createPackageWithFiles(sender.apiKey, packagePayload({ status: "SENT" }));
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe(204);
    expect((await userRow(sender.userId)).status).toBe("DELETED");
    const db = await getDb();
    expect(await db.select().from(accountMemberships).where(eq(accountMemberships.userId, sender.userId))).toEqual([]);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, sender.userId))).toEqual([]);

    const theirs = await callJson<{ results: Json[] }>("GET", `/api/packages?query=sent&ownerUserId=${sender.userId}`, { key: owner.apiKey });
    expect(theirs.results.map((p) => p.id)).toEqual([sent]);
    expect((await callJson<Json>("GET", `/api/packages/${sent}`, { key: owner.apiKey })).sender).toMatchObject({ email: sender.email });
    expect((await callJson<SenderList>("GET", "/api/account/senders", { key: owner.apiKey })).count).toBe(1);

    const again = await invite(owner, { email: sender.email, firstName: "Back" });
    expect(again).toMatchObject({ id: sender.userId, status: "INVITED", firstName: "Back" });
    await activate(tokenOf(again.activationUrl));
    const key = await apiKeyOf(sender.userId, owner.accountId);
    const drafts = await callJson<{ results: Json[] }>("GET", "/api/packages?query=sent", { key });
    expect(drafts.results.map((p) => p.id)).toEqual([sent]);
  });

  it("keeps the audit trail of a deleted sender", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const draft = await createPackageWithFiles(sender.apiKey, packagePayload());
    await call("DELETE", `/api/packages/${draft}`, { key: sender.apiKey });
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe(204);
    const db = await getDb();
    const events = await db.select().from(auditEvents).where(eq(auditEvents.sessionUser, sender.userId));
    expect(events.length).toBeGreaterThan(0);
  });

  it("refuses to delete the account owner or oneself (409), or the owner by anyone else (403); 404 across accounts; 401; 403 without users.manage", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(owner);
    await expectError("DELETE", `/api/account/senders/${owner.userId}`, { key: owner.apiKey }, 409, "error.conflict.accountOwner");
    const admin = await seedSenderWith(owner, ["users.manage", "transaction.transaction", "transaction.in_person", "groups.view"]);
    await expectError("DELETE", `/api/account/senders/${owner.userId}`, { key: admin.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    await expectError("DELETE", `/api/account/senders/${admin.userId}`, { key: admin.apiKey }, 409, "error.conflict.deleteSelf");
    await expectError("DELETE", `/api/account/senders/${sender.userId}`, { key: other.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("DELETE", `/api/account/senders/${sender.userId}`, {}, 401);
    const viewer = await seedSenderWith(owner, ["users.view"]);
    await expectError("DELETE", `/api/account/senders/${sender.userId}`, { key: viewer.apiKey }, 403, "error.forbidden.noPermission");
    expect((await userRow(sender.userId)).status).toBe("ACTIVE");
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: admin.apiKey })).status).toBe(204);
  });
});

describe("GET /api/account/senders/{id}/apiKey", () => {
  it("answers the sender's key to the owner; a plain sender only their own; the owner's key only to the owner", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(owner);
    expect(await callJson("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: owner.apiKey })).toEqual({ apiKey: sender.apiKey });
    expect(await callJson("GET", `/api/account/senders/${owner.userId}/apiKey`, { key: owner.apiKey })).toEqual({ apiKey: owner.apiKey });

    const plain = await seedSender(owner);
    await expectError("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: plain.apiKey }, 403, "error.forbidden.noPermission");
    // Their own key needs no permission: they act with it already (the console's integrations page shows it).
    expect(await callJson("GET", `/api/account/senders/${plain.userId}/apiKey`, { key: plain.apiKey })).toEqual({ apiKey: plain.apiKey });
    await expectError("GET", `/api/account/senders/${owner.userId}/apiKey`, { key: plain.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("GET", "/api/account/senders/unknown/apiKey", { key: plain.apiKey }, 403, "error.forbidden.noPermission");
    // A key reader holding the sender's permissions (their role's) reads the sender's key, never the owner's.
    const keyReader = await seedSenderWith(owner, ["users.api_keys", "transaction.transaction", "transaction.in_person", "groups.view"]);
    expect(await callJson("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: keyReader.apiKey })).toEqual({ apiKey: sender.apiKey });
    await expectError("GET", `/api/account/senders/${owner.userId}/apiKey`, { key: keyReader.apiKey }, 403, "error.forbidden.targetHasMorePermissions");

    await expectError("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: other.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", "/api/account/senders/unknown/apiKey", { key: owner.apiKey }, 404);
    await expectError("GET", `/api/account/senders/${sender.userId}/apiKey`, {}, 401);
  });
});

describe("/api/account/senders/{id}/roles", () => {
  it("lists the roles the user holds and replaces them in every accepted body shape", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const path = `/api/account/senders/${sender.userId}/roles`;
    const senderRole = await predefinedRole(owner.accountId, "SENDER");
    const managerRole = await predefinedRole(owner.accountId, "MANAGER");

    const held = await callJson<UserAccountRoles>("GET", path, { key: owner.apiKey });
    assertWireRules(held);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ accountId: owner.accountId, userId: sender.userId, accountRoles: [{ id: senderRole, predefined: true, enabled: true }] });
    expect(Object.keys(held[0]).sort()).toEqual(["accountId", "accountRoles", "userId"]);
    expect(Object.keys(held[0].accountRoles[0]).sort()).toEqual(["description", "enabled", "id", "name", "permissions", "predefined"]);
    expect(held[0].accountRoles[0].permissions).toContain("transaction.transaction");
    expect(await callJson<UserAccountRoles>("GET", `${path}?accountId=${owner.accountId}`, { key: owner.apiKey })).toEqual(held);

    // Without users.view the sender cannot list senders; with the MANAGER role they can.
    await expectError("GET", "/api/account/senders", { key: sender.apiKey }, 403);
    const replaced = await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: { roleIds: [managerRole] } });
    expect(replaced).toMatchObject([{ accountId: owner.accountId, userId: sender.userId }]);
    expect(roleIdsOf(replaced)).toEqual([managerRole]);
    await callJson("GET", "/api/account/senders", { key: sender.apiKey });

    // The real service's body: a UserAccountRole, the roles as full AccountRole objects (only the ids count).
    const asReference = await callJson<UserAccountRoles>("POST", path, {
      key: owner.apiKey,
      json: { accountId: owner.accountId, userId: "ignored", accountRoles: [{ id: senderRole, name: "ignored", permissions: ["ignored"] }, { id: managerRole }] },
    });
    expect(roleIdsOf(asReference).sort()).toEqual([senderRole, managerRole].sort());
    // What GET answered, element by element, is accepted back as is.
    const readBack = await callJson<UserAccountRoles>("GET", path, { key: owner.apiKey });
    expect(await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: readBack[0] })).toEqual(readBack);
    expect(roleIdsOf(await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: { accountRoles: [{ id: managerRole }], accountId: null } }))).toEqual([managerRole]);

    // The simpler forms.
    expect(roleIdsOf(await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: [senderRole, managerRole, senderRole] }))).toHaveLength(2);
    expect(roleIdsOf(await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: [{ id: senderRole }] }))).toEqual([senderRole]);
    expect(await callJson<UserAccountRoles>("POST", path, { key: owner.apiKey, json: { roleIds: [] } })).toEqual([
      { accountId: owner.accountId, userId: sender.userId, accountRoles: [] },
    ]);
    await expectError("GET", "/api/packages", { key: sender.apiKey }, 403, "error.forbidden.noPermission");

    const custom = await seedSenderWith(owner, ["roles.view"]);
    const customRoles = await callJson<UserAccountRoles>("GET", `/api/account/senders/${custom.userId}/roles`, { key: custom.apiKey });
    expect(customRoles[0].accountRoles).toMatchObject([{ predefined: false, permissions: ["roles.view"] }]);
  });

  it("refuses another account's accountId (400), unknown roles (400 naming them), the owner's roles (409), bad bodies (400), other accounts (404), 401 and 403", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(owner);
    const path = `/api/account/senders/${sender.userId}/roles`;
    const senderRole = await predefinedRole(owner.accountId, "SENDER");
    const managerRole = await predefinedRole(owner.accountId, "MANAGER");
    const foreignRole = await predefinedRole(other.accountId, "MANAGER");

    const elsewhere = await expectError(
      "POST",
      path,
      { key: owner.apiKey, json: { accountId: other.accountId, accountRoles: [{ id: managerRole }] } },
      400,
      "error.validation.otherAccount",
    );
    expect(elsewhere.message).toContain(other.accountId);
    await expectError("GET", `${path}?accountId=${other.accountId}`, { key: owner.apiKey }, 400, "error.validation.otherAccount");
    await expectError("GET", `${path}?accountId=`, { key: owner.apiKey }, 400, "error.validation.invalidBody");

    const unknown = await expectError("POST", path, { key: owner.apiKey, json: { roleIds: [senderRole, "ghost", foreignRole] } }, 400, "error.validation.unknownRole");
    expect(unknown.message).toContain("ghost");
    expect(unknown.message).toContain(foreignRole);
    expect(unknown.message).not.toContain(senderRole);
    expect(roleIdsOf(await callJson<UserAccountRoles>("GET", path, { key: owner.apiKey }))).toEqual([senderRole]);

    await expectError("POST", `/api/account/senders/${owner.userId}/roles`, { key: owner.apiKey, json: { roleIds: [senderRole] } }, 409, "error.conflict.accountOwner");
    await expectError("POST", path, { key: owner.apiKey, json: { roleIds: "x" } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: [1, 2] }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: {} }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: { accountId: owner.accountId } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: { accountId: owner.accountId, accountRoles: [{ name: "no id" }] } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, json: { accountId: 7, accountRoles: [] } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key: owner.apiKey, body: "[", headers: { "content-type": "application/json" } }, 400, "error.validation.invalidJson");
    expect(roleIdsOf(await callJson<UserAccountRoles>("GET", path, { key: owner.apiKey }))).toEqual([senderRole]);
    await expectError("GET", path, { key: other.apiKey }, 404, "error.notFound.userNotFound");
    await expectError("POST", path, { key: other.apiKey, json: { roleIds: [] } }, 404, "error.notFound.userNotFound");
    await expectError("GET", path, {}, 401);
    await expectError("POST", path, { json: { roleIds: [] } }, 401);
    await expectError("GET", path, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    const viewer = await seedSenderWith(owner, ["roles.view"]);
    await callJson("GET", path, { key: viewer.apiKey });
    await expectError("POST", path, { key: viewer.apiKey, json: { roleIds: [] } }, 403, "error.forbidden.noPermission");
  });
});

describe("GET /api/packages?ownerUserId= / ownerEmail=", () => {
  it("lets the owner (users.transactions) list a sender's folders, by id or e-mail", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const draft = await createPackageWithFiles(sender.apiKey, packagePayload({ name: "Theirs" }));
    await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Mine" }));
    const inboxPayload = packagePayload({ name: "For Sam", status: "SENT", signers: 1 });
    inboxPayload.roles[0].signers[0].email = sender.email;
    const forSam = await createPackageWithFiles(owner.apiKey, inboxPayload);

    const byId = await callJson<{ results: Json[]; count: number }>("GET", `/api/packages?ownerUserId=${sender.userId}`, { key: owner.apiKey });
    expect(byId).toMatchObject({ count: 1, results: [{ id: draft, name: "Theirs" }] });
    const byEmail = await callJson<{ results: Json[] }>("GET", `/api/packages?query=drafts&ownerEmail=${encodeURIComponent(sender.email.toUpperCase())}`, { key: owner.apiKey });
    expect(byEmail.results.map((p) => p.id)).toEqual([draft]);
    const inbox = await callJson<{ results: Json[] }>("GET", `/api/packages?query=inbox&ownerUserId=${sender.userId}`, { key: owner.apiKey });
    expect(inbox.results.map((p) => p.id)).toEqual([forSam]);
    const both = await callJson<{ results: Json[] }>("GET", `/api/packages?ownerUserId=${sender.userId}&ownerEmail=${encodeURIComponent(sender.email)}`, { key: owner.apiKey });
    expect(both.results.map((p) => p.id)).toEqual([draft]);
    await expectError("GET", `/api/packages?ownerUserId=${sender.userId}&ownerEmail=${encodeURIComponent(owner.email)}`, { key: owner.apiKey }, 404);
    await callJson("GET", `/api/packages/${draft}`, { key: owner.apiKey });

    // A manager holds users.transactions too.
    const manager = await seedSenderWith(owner, ["transaction.transaction", "users.transactions"]);
    expect((await callJson<{ results: Json[] }>("GET", `/api/packages?ownerEmail=${encodeURIComponent(sender.email)}`, { key: manager.apiKey })).results.map((p) => p.id)).toEqual([draft]);
  });

  it("needs users.transactions (403) except for oneself; unknown or foreign senders are 404", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(owner);
    const colleague = await seedSender(owner);
    const draft = await createPackageWithFiles(sender.apiKey, packagePayload());
    await expectError("GET", `/api/packages?ownerUserId=${colleague.userId}`, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("GET", `/api/packages?ownerEmail=${encodeURIComponent(owner.email)}`, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    const self = await callJson<{ results: Json[] }>("GET", `/api/packages?ownerUserId=${sender.userId}`, { key: sender.apiKey });
    expect(self.results.map((p) => p.id)).toEqual([draft]);
    await expectError("GET", "/api/packages?ownerUserId=nobody", { key: owner.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", `/api/packages?ownerUserId=${other.userId}`, { key: owner.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", `/api/packages?ownerEmail=${encodeURIComponent(sender.email)}`, { key: other.apiKey }, 404, "error.notFound.senderNotFound");
    await expectError("GET", "/api/packages?ownerUserId=", { key: owner.apiKey }, 400);
  });
});
