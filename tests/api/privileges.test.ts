import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountMemberships, accountRoles, userAccountRoles, users } from "@/lib/db/schema";
import { predefinedRoleId } from "@/lib/esign/accounts/account-setup";
import { newId } from "@/lib/esign/ids";
import { PREDEFINED_ROLES, type Permission, type PredefinedRole } from "@/lib/esign/permissions";
import { call, callJson, type CallOptions } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * The privilege escalations of account administration: someone who administers part of an
 * account (roles, senders, keys) never acts on a member holding more than they do, never changes
 * their own roles, and never grants or takes away a permission they do not hold. The account owner
 * may do all of it.
 */

type Json = Record<string, unknown>;
interface WireRole {
  id: string;
  name: string;
  permissions: string[];
  enabled: boolean;
  predefined: boolean;
}
interface UserAccountRole {
  accountId: string;
  userId: string;
  accountRoles: WireRole[];
}
interface WireSender extends Json {
  id: string;
  status: string;
  activationUrl?: string;
}

const REASONS: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict" };
const SENDER_PERMISSIONS = [...PREDEFINED_ROLES.find((role) => role.predefined === "SENDER")!.permissions] as Permission[];

async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey: string): Promise<Json> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const body = JSON.parse(text) as Json;
  expect(body).toMatchObject({ code: status, name: REASONS[status], messageKey });
  expect(body.message).toBeTruthy();
  return body;
}

/** A custom role of the account with exactly these permissions, written directly. */
async function customRole(account: { accountId: string }, permissions: Permission[], name = `Custom ${newId(6)}`): Promise<string> {
  const db = await getDb();
  const roleId = newId(9);
  await db.insert(accountRoles).values({ id: roleId, accountId: account.accountId, name, permissions });
  return roleId;
}

/** A member of the account holding one custom role with exactly these permissions (instead of the SENDER role). */
async function memberWith(account: SeededAccount, permissions: Permission[]): Promise<SeededAccount & { roleId: string }> {
  const member = await seedSender(account);
  const roleId = await customRole(account, permissions);
  const db = await getDb();
  await db.delete(userAccountRoles).where(eq(userAccountRoles.userId, member.userId));
  await db.insert(userAccountRoles).values({ accountId: account.accountId, userId: member.userId, roleId });
  return { ...member, roleId };
}

async function predefined(account: { accountId: string }, role: PredefinedRole): Promise<string> {
  return predefinedRoleId(await getDb(), account.accountId, role);
}

async function heldRoleIds(account: { accountId: string }, userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ roleId: userAccountRoles.roleId })
    .from(userAccountRoles)
    .where(and(eq(userAccountRoles.accountId, account.accountId), eq(userAccountRoles.userId, userId)));
  return rows.map((row) => row.roleId).sort();
}

async function userRow(userId: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe("assigning roles (POST /api/account/senders/{id}/roles)", () => {
  it("a roles.manage holder cannot give themselves the predefined Account owner role, nor change their own roles at all", async () => {
    const account = await seedAccount();
    const manager = await memberWith(account, ["roles.view", "roles.manage"]);
    const ownerRole = await predefined(account, "OWNER");
    const path = `/api/account/senders/${manager.userId}/roles`;

    const body = await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [manager.roleId, ownerRole] } }, 403, "error.forbidden.selfAdministration");
    expect(body.message).toContain("your own roles");
    await expectError("POST", path, { key: manager.apiKey, json: { accountId: account.accountId, accountRoles: [{ id: ownerRole }] } }, 403, "error.forbidden.selfAdministration");
    // Not even dropping a role of their own.
    await expectError("POST", path, { key: manager.apiKey, json: [] }, 403, "error.forbidden.selfAdministration");
    expect(await heldRoleIds(account, manager.userId)).toEqual([manager.roleId]);
    await expectError("POST", "/api/account/senders", { key: manager.apiKey, json: { email: `x-${newId(6)}@example.test`, firstName: "A", lastName: "B" } }, 403, "error.forbidden.noPermission");

    // Another member: the owner role holds permissions the manager lacks, so they cannot hand it out either.
    const colleague = await memberWith(account, []);
    const refused = await expectError(
      "POST",
      `/api/account/senders/${colleague.userId}/roles`,
      { key: manager.apiKey, json: { roleIds: [colleague.roleId, ownerRole] } },
      403,
      "error.forbidden.permissionNotHeld",
    );
    expect(refused.message).toContain("users.manage");
    expect(refused.message).not.toContain("roles.view");
    expect(await heldRoleIds(account, colleague.userId)).toEqual([colleague.roleId]);

    // The account owner may do all of it.
    const given = await callJson<UserAccountRole[]>("POST", path, { key: account.apiKey, json: { roleIds: [manager.roleId, ownerRole] } });
    expect(given[0].accountRoles.map((role) => role.id).sort()).toEqual([manager.roleId, ownerRole].sort());
  });

  it("a roles.manage holder cannot strip an administrator who holds more than they do", async () => {
    const account = await seedAccount();
    const manager = await memberWith(account, ["roles.view", "roles.manage"]);
    const admin = await memberWith(account, ["roles.view", "roles.manage", "users.view", "users.manage"]);
    const path = `/api/account/senders/${admin.userId}/roles`;

    const body = await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [] } }, 403, "error.forbidden.targetHasMorePermissions");
    expect(body.message).toContain("users.manage");
    await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [admin.roleId, manager.roleId] } }, 403, "error.forbidden.targetHasMorePermissions");
    expect(await heldRoleIds(account, admin.userId)).toEqual([admin.roleId]);
    // Reading is not administering: roles.view shows them.
    expect((await callJson<UserAccountRole[]>("GET", path, { key: manager.apiKey }))[0].accountRoles.map((role) => role.id)).toEqual([admin.roleId]);

    // Nor the account owner, who holds everything.
    await expectError("POST", `/api/account/senders/${account.userId}/roles`, { key: manager.apiKey, json: { roleIds: [] } }, 403, "error.forbidden.targetHasMorePermissions");

    // The owner may.
    expect(await callJson<UserAccountRole[]>("POST", path, { key: account.apiKey, json: { roleIds: [] } })).toMatchObject([{ accountRoles: [] }]);
  });

  it("within what they hold, a role manager adds and removes roles of members holding no more than they do", async () => {
    const account = await seedAccount();
    const manager = await memberWith(account, ["roles.view", "roles.manage", ...SENDER_PERMISSIONS]);
    const sender = await seedSender(account);
    const senderRole = await predefined(account, "SENDER");
    const managerRole = await predefined(account, "MANAGER");
    const helper = await customRole(account, ["groups.view"]);
    const viewer = await customRole(account, ["reports.view"]);
    const path = `/api/account/senders/${sender.userId}/roles`;

    // Adding a role they hold all of, removing the SENDER role they hold all of.
    const changed = await callJson<UserAccountRole[]>("POST", path, { key: manager.apiKey, json: { roleIds: [helper] } });
    expect(changed[0].accountRoles.map((role) => role.id)).toEqual([helper]);
    const back = await callJson<UserAccountRole[]>("POST", path, { key: manager.apiKey, json: { roleIds: [helper, senderRole] } });
    expect(back[0].accountRoles.map((role) => role.id).sort()).toEqual([helper, senderRole].sort());
    // Sending the roles held already changes nothing and needs nothing.
    await callJson("POST", path, { key: manager.apiKey, json: { roleIds: [senderRole, helper] } });

    // Adding a role with a permission they do not hold: the MANAGER role, or a custom one.
    const refused = await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [helper, senderRole, managerRole] } }, 403, "error.forbidden.permissionNotHeld");
    expect(refused.message).toContain("users.view");
    await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [helper, senderRole, viewer] } }, 403, "error.forbidden.permissionNotHeld");
    expect(await heldRoleIds(account, sender.userId)).toEqual([helper, senderRole].sort());

    // A disabled role they do not hold all of can be neither given nor taken away.
    const db = await getDb();
    await db.update(accountRoles).set({ enabled: false }).where(eq(accountRoles.id, viewer));
    await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [helper, senderRole, viewer] } }, 403, "error.forbidden.permissionNotHeld");
    await callJson("POST", path, { key: account.apiKey, json: { roleIds: [helper, senderRole, viewer] } });
    await expectError("POST", path, { key: manager.apiKey, json: { roleIds: [helper, senderRole] } }, 403, "error.forbidden.permissionNotHeld");
  });
});

describe("changing and deleting account roles (PUT, DELETE /api/account/roles/{id})", () => {
  it("a role manager cannot strip a role whose current permissions they do not all hold, even down to ones they hold", async () => {
    const account = await seedAccount();
    const manager = await memberWith(account, ["roles.view", "roles.manage"]);
    const above = await customRole(account, ["roles.view", "users.manage"], "Above");

    const body = await expectError("PUT", `/api/account/roles/${above}`, { key: manager.apiKey, json: { permissions: ["roles.view"] } }, 403, "error.forbidden.permissionNotHeld");
    expect(body.message).toContain("users.manage");
    await expectError("PUT", `/api/account/roles/${above}`, { key: manager.apiKey, json: { permissions: [] } }, 403, "error.forbidden.permissionNotHeld");
    await expectError("DELETE", `/api/account/roles/${above}`, { key: manager.apiKey }, 403, "error.forbidden.permissionNotHeld");
    const role = await callJson<WireRole>("GET", `/api/account/roles/${above}`, { key: manager.apiKey });
    expect(role.permissions).toEqual(["roles.view", "users.manage"]);

    // A role within their own permissions they may change and delete.
    const mine = await customRole(account, ["roles.view"], "Mine");
    expect((await callJson<WireRole>("PUT", `/api/account/roles/${mine}`, { key: manager.apiKey, json: { permissions: ["roles.view", "roles.manage"] } })).permissions).toEqual([
      "roles.view",
      "roles.manage",
    ]);
    expect((await call("DELETE", `/api/account/roles/${mine}`, { key: manager.apiKey })).status).toBe(204);
    // The owner may change any role.
    expect((await callJson<WireRole>("PUT", `/api/account/roles/${above}`, { key: account.apiKey, json: { permissions: ["roles.view"] } })).permissions).toEqual(["roles.view"]);
  });
});

describe("changing a role held by someone who holds more", () => {
  it("a role manager cannot change or delete a role within their permissions when a more powerful member holds it", async () => {
    const account = await seedAccount();
    const manager = await memberWith(account, ["roles.view", "roles.manage"]);
    const admin = await memberWith(account, ["roles.view", "users.manage", "users.api_keys"]);
    // A small role the manager could edit on its own, also held by the admin.
    const shared = await customRole(account, ["roles.view"], "Shared");
    const db = await getDb();
    await db.insert(userAccountRoles).values({ accountId: account.accountId, userId: admin.userId, roleId: shared });

    await expectError("PUT", `/api/account/roles/${shared}`, { key: manager.apiKey, json: { enabled: false } }, 403, "error.forbidden.targetHasMorePermissions");
    await expectError("DELETE", `/api/account/roles/${shared}`, { key: manager.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    expect(await heldRoleIds(account, admin.userId)).toContain(shared);
    // Once nobody above the manager holds it, it is theirs to change.
    await db.delete(userAccountRoles).where(and(eq(userAccountRoles.userId, admin.userId), eq(userAccountRoles.roleId, shared)));
    expect((await callJson<WireRole>("PUT", `/api/account/roles/${shared}`, { key: manager.apiKey, json: { enabled: false } })).enabled).toBe(false);
  });
});

describe("reading API keys (GET /api/account/senders/{id}/apiKey)", () => {
  it("a users.api_keys holder reads only the keys of members holding no more than they do", async () => {
    const account = await seedAccount();
    const reader = await memberWith(account, ["users.api_keys", ...SENDER_PERMISSIONS]);
    const admin = await memberWith(account, ["users.api_keys", "users.manage", ...SENDER_PERMISSIONS]);
    const sender = await seedSender(account);

    const body = await expectError("GET", `/api/account/senders/${admin.userId}/apiKey`, { key: reader.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    expect(body.message).toContain("users.manage");
    await expectError("GET", `/api/account/senders/${account.userId}/apiKey`, { key: reader.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    // A reader without the sender's own permissions cannot take the sender's key either.
    const narrow = await memberWith(account, ["users.api_keys"]);
    await expectError("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: narrow.apiKey }, 403, "error.forbidden.targetHasMorePermissions");

    expect(await callJson("GET", `/api/account/senders/${sender.userId}/apiKey`, { key: reader.apiKey })).toEqual({ apiKey: sender.apiKey });
    expect(await callJson("GET", `/api/account/senders/${reader.userId}/apiKey`, { key: reader.apiKey })).toEqual({ apiKey: reader.apiKey });
    expect(await callJson("GET", `/api/account/senders/${reader.userId}/apiKey`, { key: admin.apiKey })).toEqual({ apiKey: reader.apiKey });
    expect(await callJson("GET", `/api/account/senders/${admin.userId}/apiKey`, { key: account.apiKey })).toEqual({ apiKey: admin.apiKey });
  });

  it("refuses callers authenticated with an access token, the owner's included (403 apiKeysNeedApiKey)", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const app = await callJson<{ clientId: string; secret: string }>("POST", "/api/account/clientApps", { key: account.apiKey, json: { name: "Bridge" }, expect: 201 });
    const { accessToken } = await callJson<{ accessToken: string }>("POST", "/apitoken/clientApp/accessToken", {
      json: { clientId: app.clientId, secret: app.secret, type: "OWNER" },
    });
    const bearer = { headers: { authorization: `Bearer ${accessToken}` } };
    // The token works for other things.
    await callJson("GET", `/api/account/senders/${sender.userId}`, bearer);
    const body = await expectError("GET", `/api/account/senders/${sender.userId}/apiKey`, bearer, 403, "error.forbidden.apiKeysNeedApiKey");
    expect(body.message).toContain("API key");
    await expectError("GET", `/api/account/senders/${account.userId}/apiKey`, bearer, 403, "error.forbidden.apiKeysNeedApiKey");
  });
});

describe("deleting and updating senders (DELETE, POST /api/account/senders/{id})", () => {
  it("a users.manage holder cannot delete an administrator who holds more, nor rename the owner", async () => {
    const account = await seedAccount();
    const userManager = await memberWith(account, ["users.view", "users.manage", ...SENDER_PERMISSIONS]);
    const admin = await memberWith(account, ["users.view", "users.manage", "roles.manage", ...SENDER_PERMISSIONS]);
    const sender = await seedSender(account);

    const deletion = await expectError("DELETE", `/api/account/senders/${admin.userId}`, { key: userManager.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    expect(deletion.message).toContain("roles.manage");
    expect((await userRow(admin.userId)).status).toBe("ACTIVE");
    await expectError("POST", `/api/account/senders/${admin.userId}`, { key: userManager.apiKey, json: { firstName: "Mallory" } }, 403, "error.forbidden.targetHasMorePermissions");
    const rename = await expectError("POST", `/api/account/senders/${account.userId}`, { key: userManager.apiKey, json: { firstName: "Mallory" } }, 403, "error.forbidden.targetHasMorePermissions");
    expect(rename.message).toContain("account owner");
    expect((await userRow(account.userId)).firstName).toBe("Olive");
    expect((await userRow(admin.userId)).firstName).toBe("Sam");

    // Their own profile and members holding no more than they do are theirs to manage.
    expect((await callJson<WireSender>("POST", `/api/account/senders/${userManager.userId}`, { key: userManager.apiKey, json: { title: "Ops" } })).title).toBe("Ops");
    expect((await callJson<WireSender>("POST", `/api/account/senders/${sender.userId}`, { key: userManager.apiKey, json: { firstName: "Sue" } })).firstName).toBe("Sue");
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: userManager.apiKey })).status).toBe(204);
    // The admin, holding more, may act on the user manager; the owner on anyone.
    expect((await callJson<WireSender>("POST", `/api/account/senders/${userManager.userId}`, { key: admin.apiKey, json: { title: "Clerk" } })).title).toBe("Clerk");
    expect((await call("DELETE", `/api/account/senders/${admin.userId}`, { key: account.apiKey })).status).toBe(204);
  });

  it("a users.manage holder reads the activation link only of invitees holding no more than they do", async () => {
    const account = await seedAccount();
    const userManager = await memberWith(account, ["users.view", "users.manage", ...SENDER_PERMISSIONS]);
    const invitee = await callJson<WireSender>("POST", "/api/account/senders", {
      key: account.apiKey,
      json: { email: `invitee-${newId(6).toLowerCase()}@example.test`, firstName: "Ada", lastName: "Admin" },
    });
    expect(invitee.activationUrl).toBeTruthy();
    // A plain invitee (the SENDER role): the user manager holds all of it.
    expect((await callJson<WireSender>("GET", `/api/account/senders/${invitee.id}`, { key: userManager.apiKey })).activationUrl).toBe(invitee.activationUrl);

    // Made an administrator before activating: following the link would make whoever holds it one.
    await callJson("POST", `/api/account/senders/${invitee.id}/roles`, { key: account.apiKey, json: { roleIds: [await predefined(account, "OWNER")] } });
    const seen = await callJson<WireSender>("GET", `/api/account/senders/${invitee.id}`, { key: userManager.apiKey });
    expect(seen.status).toBe("INVITED");
    expect(seen).not.toHaveProperty("activationUrl");
    // Nor through a new invitation, which they may not send for them.
    await expectError("POST", `/api/account/senders/${invitee.id}/invite`, { key: userManager.apiKey }, 403, "error.forbidden.targetHasMorePermissions");
    // The owner still reads it.
    expect((await callJson<WireSender>("GET", `/api/account/senders/${invitee.id}`, { key: account.apiKey })).activationUrl).toBe(invitee.activationUrl);
  });
});

describe("LOCKED is per account", () => {
  it("a sender deleted in P with a draft is locked in P only: their key of the sub account they own still creates packages", async () => {
    const parent = await seedAccount("Parent");
    const bob = await memberWith(parent, ["sub_accounts.view", "sub_accounts.manage", ...SENDER_PERMISSIONS]);
    const child = await callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: bob.apiKey, json: { name: "Bob's child" } });
    const keys = await callJson<{ accountUid: string; apiKey: string }[]>("GET", "/api/account/subaccountApiKeys", { key: bob.apiKey });
    const childKey = keys.find((key) => key.accountUid === child.id)!.apiKey;
    const draft = await createPackageWithFiles(bob.apiKey, packagePayload({ name: "Bob's draft in P" }));

    const locked = await callJson<WireSender>("DELETE", `/api/account/senders/${bob.userId}`, { key: parent.apiKey });
    expect(locked).toMatchObject({ id: bob.userId, status: "LOCKED" });
    expect((await callJson<WireSender>("GET", `/api/account/senders/${bob.userId}`, { key: parent.apiKey })).status).toBe("LOCKED");
    const listed = await callJson<{ results: WireSender[] }>("GET", "/api/account/senders", { key: parent.apiKey });
    expect(listed.results.find((sender) => sender.id === bob.userId)?.status).toBe("LOCKED");
    const db = await getDb();
    const memberships = await db.select().from(accountMemberships).where(eq(accountMemberships.userId, bob.userId));
    expect(memberships.map((m) => [m.accountId, m.locked]).sort()).toEqual([[child.id, false], [parent.accountId, true]].sort());
    // The user as a whole is not locked.
    expect((await userRow(bob.userId)).status).toBe("ACTIVE");

    // In P: reads work, writes do not.
    await callJson("GET", `/api/packages/${draft}`, { key: bob.apiKey });
    await expectError("POST", "/api/packages", { key: bob.apiKey, json: { name: "New in P" } }, 403, "error.forbidden.senderLocked");
    // In C, where Bob is the owner: everything works.
    const created = await callJson<{ id: string }>("POST", "/api/packages", { key: childKey, json: { name: "New in C" } });
    expect(created.id).toBeTruthy();
    expect((await callJson<WireSender>("GET", `/api/account/senders/${bob.userId}`, { key: childKey })).status).toBe("ACTIVE");
    expect((await callJson<{ user: Json }>("GET", "/api/session", { key: childKey })).user).toMatchObject({ id: bob.userId });

    // Deleted again in P once the draft is gone: removed from P, still the owner of C.
    expect((await call("DELETE", `/api/packages/${draft}`, { key: parent.apiKey })).status).toBeLessThan(300);
    expect((await call("DELETE", `/api/account/senders/${bob.userId}`, { key: parent.apiKey })).status).toBe(204);
    await expectError("GET", "/api/session", { key: bob.apiKey }, 401, "error.unauthorised.noUser");
    await callJson("POST", "/api/packages", { key: childKey, json: { name: "Still in C" } });
  });
});
