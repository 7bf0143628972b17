import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountRoles, userAccountRoles } from "@/lib/db/schema";
import { PERMISSION_CATALOGUE, PREDEFINED_ROLES } from "@/lib/esign/permissions";
import { call, callJson, type CallOptions } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

interface WireRole {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  permissions: string[];
  predefined: boolean;
}
interface RoleList {
  results: WireRole[];
  count: number;
}
interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}

const REASONS: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict" };

async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey: string): Promise<ErrorBody> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({ code: status, name: REASONS[status], messageKey });
  expect(body.message).toBeTruthy();
  return body;
}

async function createRole(account: SeededAccount, body: Record<string, unknown> = {}): Promise<WireRole> {
  return callJson<WireRole>("POST", "/api/account/roles", {
    key: account.apiKey,
    json: { name: "Reviewer", description: "Reads things", permissions: ["users.view", "groups.view"], ...body },
  });
}

async function listRoles(account: SeededAccount): Promise<WireRole[]> {
  return (await callJson<RoleList>("GET", "/api/account/roles", { key: account.apiKey })).results;
}

/** Until the assignment endpoint lands: the user takes the role by a row inserted directly. */
async function assignRole(user: SeededAccount, roleId: string): Promise<void> {
  const db = await getDb();
  await db.insert(userAccountRoles).values({ accountId: user.accountId, userId: user.userId, roleId });
}

describe("GET /api/account/permissions", () => {
  it("answers the whole catalogue to any caller of the account, a plain sender included", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    for (const key of [account.apiKey, sender.apiKey]) {
      const body = await callJson<{ results: { id: string; area: string; description: string }[]; count: number }>(
        "GET",
        "/api/account/permissions",
        { key },
      );
      expect(body.count).toBe(PERMISSION_CATALOGUE.length);
      expect(body.results).toEqual(PERMISSION_CATALOGUE.map(({ id, area, description }) => ({ id, area, description })));
      expect(body.results.map((p) => p.id)).toEqual(expect.arrayContaining(["transaction.transaction", "roles.view", "roles.manage"]));
      for (const permission of body.results) expect(permission.id).toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
  });

  it("answers 401 without a key or with a wrong key", async () => {
    await expectError("GET", "/api/account/permissions", {}, 401, "error.unauthorised.noUser");
    await expectError("GET", "/api/account/permissions", { key: "not-a-key" }, 401, "error.unauthorised.noUser");
  });
});

describe("GET /api/account/roles", () => {
  it("lists the predefined roles of a new account, owner first, in the wire shape", async () => {
    const account = await seedAccount();
    const body = await callJson<RoleList>("GET", "/api/account/roles", { key: account.apiKey });
    expect(body.count).toBe(3);
    expect(body.results.map((role) => role.name)).toEqual(PREDEFINED_ROLES.map((role) => role.name));
    for (const [i, role] of body.results.entries()) {
      expect(Object.keys(role).sort()).toEqual(["description", "enabled", "id", "name", "permissions", "predefined"]);
      expect(role).toMatchObject({ predefined: true, enabled: true, permissions: [...PREDEFINED_ROLES[i].permissions] });
      expect(role.id).toMatch(/^[A-Za-z0-9]{12}$/);
    }
  });

  it("puts the account's own roles after the predefined ones, in the order they were made", async () => {
    const account = await seedAccount();
    const first = await createRole(account, { name: "Zeta" });
    const second = await createRole(account, { name: "Alpha" });
    const body = await callJson<RoleList>("GET", "/api/account/roles", { key: account.apiKey });
    expect(body.count).toBe(5);
    expect(body.results.map((role) => role.predefined)).toEqual([true, true, true, false, false]);
    expect(body.results.slice(3).map((role) => role.id)).toEqual([first.id, second.id]);
  });

  it("answers 403 to a sender without roles.view, and 401 without a key", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const body = await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    expect(body.message).toContain("roles.view");
    await expectError("GET", "/api/account/roles", {}, 401, "error.unauthorised.noUser");
  });

  it("never shows another account's roles", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const theirs = await createRole(other, { name: "Theirs" });
    const ids = (await listRoles(account)).map((role) => role.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).toHaveLength(3);
  });
});

describe("POST /api/account/roles", () => {
  it("creates an enabled role with 200 and answers it; GET reads it back", async () => {
    const account = await seedAccount();
    const created = await callJson<WireRole>("POST", "/api/account/roles", {
      key: account.apiKey,
      json: { name: "  Reviewer  ", permissions: ["users.view", "groups.view", "users.view"], id: "ignored", predefined: true, extra: 1 },
    });
    expect(created).toEqual({
      id: created.id,
      name: "Reviewer",
      description: "",
      enabled: true,
      permissions: ["users.view", "groups.view"],
      predefined: false,
    });
    expect(created.id).not.toBe("ignored");
    expect(await callJson<WireRole>("GET", `/api/account/roles/${created.id}`, { key: account.apiKey })).toEqual(created);
  });

  it("takes description and enabled, and reads nulls as not set", async () => {
    const account = await seedAccount();
    const disabled = await createRole(account, { name: "Off", enabled: false, permissions: [] });
    expect(disabled).toMatchObject({ enabled: false, permissions: [], description: "Reads things" });
    const nulls = await createRole(account, { name: "Nulls", description: null, enabled: null });
    expect(nulls).toMatchObject({ description: "", enabled: true });
  });

  it("refuses unknown permissions with 400 naming them, and stores nothing", async () => {
    const account = await seedAccount();
    const body = await expectError(
      "POST",
      "/api/account/roles",
      { key: account.apiKey, json: { name: "Bad", permissions: ["users.view", "users.fly", "admin.everything"] } },
      400,
      "error.validation.unknownPermission",
    );
    expect(body.message).toContain("users.fly");
    expect(body.message).toContain("admin.everything");
    expect(body.message).not.toContain("users.view");
    expect(await listRoles(account)).toHaveLength(3);
  });

  it("refuses a missing, empty or blank name, missing permissions and wrong types with 400", async () => {
    const account = await seedAccount();
    const cases: [unknown, string][] = [
      [{ permissions: [] }, "name: is required"],
      [{ name: null, permissions: [] }, "name: is required"],
      [{ name: "", permissions: [] }, "name: must not be empty"],
      [{ name: "   ", permissions: [] }, "name: must not be empty"],
      [{ name: 12, permissions: [] }, "name: must be a string"],
      [{ name: "x".repeat(201), permissions: [] }, "name: must be at most 200 characters"],
      [{ name: "No permissions" }, "permissions: is required"],
      [{ name: "String permissions", permissions: "users.view" }, "permissions: must be an array of permission names"],
      [{ name: "Number in permissions", permissions: [1] }, "permissions.0: must be a string"],
      [{ name: "Enabled text", enabled: "yes", permissions: [] }, "enabled: must be true or false"],
      [{ name: "Description number", description: 5, permissions: [] }, "description: must be a string"],
      [[], "body"],
    ];
    for (const [json, message] of cases) {
      const body = await expectError("POST", "/api/account/roles", { key: account.apiKey, json }, 400, "error.validation.invalidBody");
      expect(body.message).toContain(message);
    }
    await expectError(
      "POST",
      "/api/account/roles",
      { key: account.apiKey, body: "{not json", headers: { "content-type": "application/json" } },
      400,
      "error.validation.invalidJson",
    );
    await expectError("POST", "/api/account/roles", { key: account.apiKey }, 400, "error.validation.emptyBody");
    expect(await listRoles(account)).toHaveLength(3);
  });

  it("refuses a name the account already uses, whatever its case, predefined roles included (409)", async () => {
    const account = await seedAccount();
    await createRole(account, { name: "Reviewer" });
    for (const name of ["Reviewer", "reviewer", " REVIEWER ", "Manager"]) {
      await expectError(
        "POST",
        "/api/account/roles",
        { key: account.apiKey, json: { name, permissions: [] } },
        409,
        "error.conflict.accountRoleNameTaken",
      );
    }
    // Another account may use the same name.
    await createRole(await seedAccount(), { name: "Reviewer" });
    expect(await listRoles(account)).toHaveLength(4);
  });

  it("answers 403 to a sender without roles.manage, and 401 without a key", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const json = { name: "Mine", permissions: [] };
    const body = await expectError("POST", "/api/account/roles", { key: sender.apiKey, json }, 403, "error.forbidden.noPermission");
    expect(body.message).toContain("roles.manage");
    await expectError("POST", "/api/account/roles", { json }, 401, "error.unauthorised.noUser");
    expect(await listRoles(account)).toHaveLength(3);
  });
});

describe("GET /api/account/roles/{id}", () => {
  it("reads a predefined role and answers 404 for an unknown id or another account's role", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const owner = (await listRoles(account))[0];
    expect(await callJson<WireRole>("GET", `/api/account/roles/${owner.id}`, { key: account.apiKey })).toEqual(owner);
    await expectError("GET", "/api/account/roles/nosuchrole", { key: account.apiKey }, 404, "error.notFound.accountRoleNotFound");
    const theirs = await createRole(other);
    const theirOwner = (await listRoles(other))[0];
    for (const id of [theirs.id, theirOwner.id]) {
      await expectError("GET", `/api/account/roles/${id}`, { key: account.apiKey }, 404, "error.notFound.accountRoleNotFound");
    }
  });

  it("answers 403 without roles.view and 401 without a key", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const role = await createRole(account);
    await expectError("GET", `/api/account/roles/${role.id}`, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("GET", `/api/account/roles/${role.id}`, {}, 401, "error.unauthorised.noUser");
  });
});

describe("PUT /api/account/roles/{id}", () => {
  it("changes only what the body holds; nulls and unknown members leave things as they are", async () => {
    const account = await seedAccount();
    const role = await createRole(account);
    const renamed = await callJson<WireRole>("PUT", `/api/account/roles/${role.id}`, {
      key: account.apiKey,
      json: { name: "Auditor", description: null, permissions: null, id: "other", predefined: true },
    });
    expect(renamed).toEqual({ ...role, name: "Auditor" });
    const changed = await callJson<WireRole>("PUT", `/api/account/roles/${role.id}`, {
      key: account.apiKey,
      json: { description: "", enabled: false, permissions: ["reports.view"] },
    });
    expect(changed).toEqual({ ...role, name: "Auditor", description: "", enabled: false, permissions: ["reports.view"] });
    expect(await callJson<WireRole>("PUT", `/api/account/roles/${role.id}`, { key: account.apiKey, json: {} })).toEqual(changed);
    expect(await callJson<WireRole>("GET", `/api/account/roles/${role.id}`, { key: account.apiKey })).toEqual(changed);
  });

  it("accepts what GET answered, sent back as is, and keeps its own name (any case) without a conflict", async () => {
    const account = await seedAccount();
    const role = await createRole(account);
    const again = await callJson<WireRole>("PUT", `/api/account/roles/${role.id}`, { key: account.apiKey, json: role });
    expect(again).toEqual(role);
    const recased = await callJson<WireRole>("PUT", `/api/account/roles/${role.id}`, { key: account.apiKey, json: { name: "REVIEWER" } });
    expect(recased.name).toBe("REVIEWER");
  });

  it("refuses bad input (400), another role's name (409), unknown ids and other accounts' roles (404)", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const role = await createRole(account);
    await createRole(account, { name: "Taken" });
    const path = `/api/account/roles/${role.id}`;
    const key = account.apiKey;
    for (const [json, message] of [
      [{ name: "" }, "name: must not be empty"],
      [{ name: 3 }, "name: must be a string"],
      [{ enabled: "no" }, "enabled: must be true or false"],
      [{ permissions: "reports.view" }, "permissions: must be an array of permission names"],
    ] as const) {
      const body = await expectError("PUT", path, { key, json }, 400, "error.validation.invalidBody");
      expect(body.message).toContain(message);
    }
    const unknown = await expectError("PUT", path, { key, json: { permissions: ["reports.view", "reports.edit"] } }, 400, "error.validation.unknownPermission");
    expect(unknown.message).toContain("reports.edit");
    await expectError("PUT", path, { key, body: "{", headers: { "content-type": "application/json" } }, 400, "error.validation.invalidJson");
    await expectError("PUT", path, { key, json: { name: "taken" } }, 409, "error.conflict.accountRoleNameTaken");
    await expectError("PUT", path, { key, json: { name: "Sender" } }, 409, "error.conflict.accountRoleNameTaken");
    await expectError("PUT", "/api/account/roles/nosuchrole", { key, json: { name: "X" } }, 404, "error.notFound.accountRoleNotFound");
    const theirs = await createRole(other);
    await expectError("PUT", `/api/account/roles/${theirs.id}`, { key, json: { enabled: false } }, 404, "error.notFound.accountRoleNotFound");
    expect(await callJson<WireRole>("GET", `/api/account/roles/${theirs.id}`, { key: other.apiKey })).toEqual(theirs);
    expect(await callJson<WireRole>("GET", path, { key })).toEqual(role);
  });

  it("refuses to change any predefined role (409), even to the same values", async () => {
    const account = await seedAccount();
    for (const role of await listRoles(account)) {
      for (const json of [{ enabled: false }, { name: "Boss" }, { permissions: [] }, role]) {
        const body = await expectError("PUT", `/api/account/roles/${role.id}`, { key: account.apiKey, json }, 409, "error.conflict.predefinedRole");
        expect(body.message).toContain("predefined");
      }
    }
    expect((await listRoles(account)).map((role) => role.enabled)).toEqual([true, true, true]);
  });

  it("answers 403 without roles.manage and 401 without a key", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const role = await createRole(account);
    const json = { enabled: false };
    await expectError("PUT", `/api/account/roles/${role.id}`, { key: sender.apiKey, json }, 403, "error.forbidden.noPermission");
    await expectError("PUT", `/api/account/roles/${role.id}`, { json }, 401, "error.unauthorised.noUser");
    expect((await callJson<WireRole>("GET", `/api/account/roles/${role.id}`, { key: account.apiKey })).enabled).toBe(true);
  });
});

describe("DELETE /api/account/roles/{id}", () => {
  it("deletes the role with 204 and its assignments with it; a later GET answers 404", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const role = await createRole(account, { permissions: ["roles.view"] });
    await assignRole(sender, role.id);
    expect((await call("GET", "/api/account/roles", { key: sender.apiKey })).status).toBe(200);

    const response = await call("DELETE", `/api/account/roles/${role.id}`, { key: account.apiKey });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectError("GET", `/api/account/roles/${role.id}`, { key: account.apiKey }, 404, "error.notFound.accountRoleNotFound");
    await expectError("DELETE", `/api/account/roles/${role.id}`, { key: account.apiKey }, 404, "error.notFound.accountRoleNotFound");

    const db = await getDb();
    expect(await db.select().from(userAccountRoles).where(eq(userAccountRoles.roleId, role.id))).toEqual([]);
    expect(await db.select().from(accountRoles).where(eq(accountRoles.id, role.id))).toEqual([]);
    // The sender keeps their predefined SENDER role but no longer holds roles.view.
    await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    expect(await db.select().from(userAccountRoles).where(eq(userAccountRoles.userId, sender.userId))).toHaveLength(1);
  });

  it("refuses to delete a predefined role (409) and keeps it", async () => {
    const account = await seedAccount();
    for (const role of await listRoles(account)) {
      await expectError("DELETE", `/api/account/roles/${role.id}`, { key: account.apiKey }, 409, "error.conflict.predefinedRole");
    }
    expect(await listRoles(account)).toHaveLength(3);
  });

  it("answers 404 for another account's role and leaves it, 403 without roles.manage, 401 without a key", async () => {
    const account = await seedAccount();
    const other = await seedAccount();
    const sender = await seedSender(account);
    const theirs = await createRole(other);
    await expectError("DELETE", `/api/account/roles/${theirs.id}`, { key: account.apiKey }, 404, "error.notFound.accountRoleNotFound");
    expect(await callJson<WireRole>("GET", `/api/account/roles/${theirs.id}`, { key: other.apiKey })).toEqual(theirs);
    const mine = await createRole(account);
    await expectError("DELETE", `/api/account/roles/${mine.id}`, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("DELETE", `/api/account/roles/${mine.id}`, {}, 401, "error.unauthorised.noUser");
    expect(await callJson<WireRole>("GET", `/api/account/roles/${mine.id}`, { key: account.apiKey })).toEqual(mine);
  });
});

describe("roles take effect at once", () => {
  it("a sender given a custom role with roles.view may list roles; disabling the role takes it away, enabling gives it back", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");

    const viewer = await createRole(account, { name: "Role viewer", permissions: ["roles.view"] });
    await assignRole(sender, viewer.id);
    const seen = await callJson<RoleList>("GET", "/api/account/roles", { key: sender.apiKey });
    expect(seen.results.map((role) => role.id)).toContain(viewer.id);
    // roles.view does not give roles.manage.
    await expectError("POST", "/api/account/roles", { key: sender.apiKey, json: { name: "X", permissions: [] } }, 403, "error.forbidden.noPermission");

    await callJson("PUT", `/api/account/roles/${viewer.id}`, { key: account.apiKey, json: { enabled: false } });
    await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("GET", `/api/account/roles/${viewer.id}`, { key: sender.apiKey }, 403, "error.forbidden.noPermission");

    await callJson("PUT", `/api/account/roles/${viewer.id}`, { key: account.apiKey, json: { enabled: true } });
    expect((await call("GET", "/api/account/roles", { key: sender.apiKey })).status).toBe(200);

    // Taking the permission out of the role takes it from the holder too.
    await callJson("PUT", `/api/account/roles/${viewer.id}`, { key: account.apiKey, json: { permissions: ["reports.view"] } });
    await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
  });

  it("takes the original service's permission ids, keeps them as given, and grants what they cover", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    // As the original's Java SDK sends an account role (AccountRoleWithTemplatePermissionsExample).
    const created = await callJson<WireRole>("POST", "/api/account/roles", {
      key: account.apiKey,
      json: { id: "", name: "Admins", description: "Account Role with Template Permissions", enabled: true, permissions: ["sender_admin.users", "templates_layouts.templates", "templates_layouts.share_templates"] },
    });
    expect(created.permissions).toEqual(["sender_admin.users", "templates_layouts.templates", "templates_layouts.share_templates"]);
    expect((await callJson<WireRole>("GET", `/api/account/roles/${created.id}`, { key: account.apiKey })).permissions).toEqual(created.permissions);
    await assignRole(sender, created.id);
    // sender_admin.users covers Signet's users.view and users.manage.
    const session = await callJson<{ permissions: string[] }>("GET", "/api/session", { key: sender.apiKey });
    expect(session.permissions).toEqual(expect.arrayContaining(["users.view", "users.manage", "templates_layouts.share_templates"]));
    expect((await call("GET", "/api/account/senders", { key: sender.apiKey })).status).toBe(200);
    await expectError("GET", "/api/account/roles", { key: sender.apiKey }, 403, "error.forbidden.noPermission");
  });

  it("the account owner keeps every permission whatever happens to roles", async () => {
    const account = await seedAccount();
    const ownRole = await createRole(account, { name: "Owner extra", permissions: ["roles.view", "roles.manage"] });
    const owner = { ...account };
    await assignRole(owner, ownRole.id);
    await callJson("PUT", `/api/account/roles/${ownRole.id}`, { key: account.apiKey, json: { enabled: false } });
    expect((await call("GET", "/api/account/roles", { key: account.apiKey })).status).toBe(200);

    // Even with no role assignment at all, the owner's membership holds every permission.
    const db = await getDb();
    await db.delete(userAccountRoles).where(and(eq(userAccountRoles.userId, account.userId), eq(userAccountRoles.accountId, account.accountId)));
    expect((await call("GET", "/api/account/roles", { key: account.apiKey })).status).toBe(200);
    const made = await createRole(account, { name: "Still works", permissions: PERMISSION_CATALOGUE.map((p) => p.id) });
    expect(made.permissions).toHaveLength(PERMISSION_CATALOGUE.length);
    const response = await call("DELETE", `/api/account/roles/${ownRole.id}`, { key: account.apiKey });
    expect(response.status).toBe(204);
    // The owner role itself can be neither disabled nor deleted.
    const ownerRole = (await listRoles(account))[0];
    await expectError("PUT", `/api/account/roles/${ownerRole.id}`, { key: account.apiKey, json: { enabled: false } }, 409, "error.conflict.predefinedRole");
  });

  it("someone managing roles who is not the owner cannot put, change or remove permissions they do not hold", async () => {
    const account = await seedAccount();
    const manager = await seedSender(account);
    const managerRole = await createRole(account, { name: "Role manager", permissions: ["roles.view", "roles.manage"] });
    await assignRole(manager, managerRole.id);

    const key = manager.apiKey;
    const refused = await expectError(
      "POST",
      "/api/account/roles",
      { key, json: { name: "Escalate", permissions: ["roles.view", "users.manage"] } },
      403,
      "error.forbidden.permissionNotHeld",
    );
    expect(refused.message).toContain("users.manage");
    expect(refused.message).not.toContain("roles.view");

    // Within what they hold (their own roles' permissions, SENDER's included), they may.
    const mine = await callJson<WireRole>("POST", "/api/account/roles", {
      key,
      json: { name: "Helper", permissions: ["roles.view", "transaction.transaction"] },
    });
    await callJson("PUT", `/api/account/roles/${mine.id}`, { key, json: { name: "Helper 2" } });
    await expectError("PUT", `/api/account/roles/${mine.id}`, { key, json: { permissions: ["reports.view"] } }, 403, "error.forbidden.permissionNotHeld");

    // A role holding more than they do stays out of their reach.
    const above = await createRole(account, { name: "Above", permissions: ["users.manage"] });
    await expectError("PUT", `/api/account/roles/${above.id}`, { key, json: { enabled: false } }, 403, "error.forbidden.permissionNotHeld");
    await expectError("DELETE", `/api/account/roles/${above.id}`, { key }, 403, "error.forbidden.permissionNotHeld");
    expect((await call("DELETE", `/api/account/roles/${mine.id}`, { key })).status).toBe(204);
    expect(await callJson<WireRole>("GET", `/api/account/roles/${above.id}`, { key })).toEqual(above);
  });
});
