import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accounts, packages } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

interface WireAccount {
  id: string;
  name: string;
  parentAccountId?: string;
  timezoneId: string;
  language: string;
  created: string;
  updated: string;
}
interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}
interface KeyEntry {
  accountUid: string;
  accountName: string;
  apiKey: string;
}
interface Level {
  account: WireAccount;
  apiKey: string;
}

const SUBACCOUNTS = "/api/account/subaccounts";

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

async function createSubAccount(apiKey: string, body: Record<string, unknown>): Promise<WireAccount> {
  return callJson<WireAccount>("POST", SUBACCOUNTS, { key: apiKey, json: body });
}

/** The creator's key in `accountId`, read back through `GET /api/account/subaccountApiKeys`. */
async function keyIn(apiKey: string, accountId: string): Promise<string> {
  const keys = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: apiKey });
  const entry = keys.find((key) => key.accountUid === accountId);
  if (!entry) throw new Error(`No key in ${accountId}`);
  return entry.apiKey;
}

/** A top account, its child and its grandchild, all created by the top account's owner. */
async function seedThreeLevels(): Promise<{ top: SeededAccount; child: Level; grandchild: Level }> {
  const top = await seedAccount("Top");
  const childAccount = await createSubAccount(top.apiKey, { name: "Child" });
  const grandchildAccount = await createSubAccount(top.apiKey, { name: "Grandchild", parentAccountId: childAccount.id });
  return {
    top,
    child: { account: childAccount, apiKey: await keyIn(top.apiKey, childAccount.id) },
    grandchild: { account: grandchildAccount, apiKey: await keyIn(top.apiKey, grandchildAccount.id) },
  };
}

async function listIds(apiKey: string, query = ""): Promise<string[]> {
  const list = await callJson<{ results: { id: string }[]; count: number }>("GET", `/api/packages${query}`, { key: apiKey });
  return list.results.map((pkg) => pkg.id);
}

async function accountRows(ids: string[]) {
  const db = await getDb();
  return db.select().from(accounts).where(inArray(accounts.id, ids));
}

describe("POST /api/account/subaccounts", () => {
  it("creates a child of the caller's account with the defaults, and gives the creator membership and a key there", async () => {
    const top = await seedAccount("Acme");
    const created = await createSubAccount(top.apiKey, { name: "  Acme Europe  ", unknownMember: "ignored" });
    assertWireRules(created);
    // The original's Account: the account is its own company, its owner the creator, no licences.
    expect(created).toEqual({
      id: expect.any(String),
      name: "Acme Europe",
      parentAccountId: top.accountId,
      timezoneId: "GMT",
      language: "en",
      company: { id: created.id, name: "Acme Europe" },
      customFields: [],
      licenses: [],
      owner: top.userId,
      created: expect.stringMatching(/Z$/),
      updated: expect.stringMatching(/Z$/),
    });

    const accessible = await callJson("GET", "/api/account/accessibleaccounts", { key: top.apiKey });
    expect(accessible).toEqual([
      { accountUid: top.accountId, accountName: "Acme" },
      { accountUid: created.id, accountName: "Acme Europe" },
    ]);
    const keys = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: top.apiKey });
    expect(keys).toEqual([{ accountUid: created.id, accountName: "Acme Europe", apiKey: expect.any(String) }]);
    expect(Buffer.from(keys[0].apiKey, "base64").toString("utf8")).toMatch(new RegExp(`^${top.userId}:[A-Za-z0-9_-]{43}$`));

    // The key decides the account: the same user, acting in the sub account, as its owner.
    const session = await callJson<{ permissions: string[] }>("GET", "/api/session", { key: keys[0].apiKey });
    expect(session).toMatchObject({
      user: { id: top.userId, email: top.email, firstName: "Olive", lastName: "Owner" },
      account: { id: created.id, name: "Acme Europe", owner: top.userId },
      permissions: expect.any(Array),
    });
    expect(session.permissions).toContain("sub_accounts.manage");
    expect(await callJson("GET", SUBACCOUNTS, { key: keys[0].apiKey })).toEqual([]);
  });

  it("keeps the time zone and language given, normalising the language's case", async () => {
    const top = await seedAccount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timezoneId: "Europe/Paris", language: "fr" }, "Europe/Paris", "fr"],
      [{ timezoneId: "America/New_York", language: "fr-ca" }, "America/New_York", "fr-CA"],
      [{ timezoneId: "Asia/Kolkata", language: "zh_TW" }, "Asia/Kolkata", "zh-TW"],
      [{ timezoneId: "UTC", language: "DE" }, "UTC", "de"],
      [{ timezoneId: "EST" }, "EST", "en"],
      [{ timezoneId: null, language: null, parentAccountId: null }, "GMT", "en"],
      [{ parentAccountId: "" }, "GMT", "en"],
    ];
    for (const [body, timezoneId, language] of cases) {
      const created = await createSubAccount(top.apiKey, { name: "Zoned", ...body });
      expect(created, JSON.stringify(body)).toMatchObject({ parentAccountId: top.accountId, timezoneId, language });
    }
  });

  it("goes three levels deep (parent, child, grandchild) and refuses a fourth with 422, leaving nothing behind", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    expect(child.account.parentAccountId).toBe(top.accountId);
    expect(grandchild.account.parentAccountId).toBe(child.account.id);

    // From the top key naming the grandchild, and from the grandchild's own key.
    for (const [apiKey, body] of [
      [top.apiKey, { name: "Fourth", parentAccountId: grandchild.account.id }],
      [grandchild.apiKey, { name: "Fourth" }],
      [child.apiKey, { name: "Fourth", parentAccountId: grandchild.account.id }],
    ] as const) {
      const refused = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: apiKey, json: body, expect: 422 });
      expect(refused).toMatchObject({ code: 422, name: "Unprocessable Entity", messageKey: "error.validation.accountDepth" });
      expect(refused.message).toContain("3 levels deep at most (parent, child, grandchild)");
    }
    const db = await getDb();
    expect(await db.select().from(accounts).where(eq(accounts.parentAccountId, grandchild.account.id))).toEqual([]);

    // The child's own key creates grandchildren below itself.
    const sibling = await createSubAccount(child.apiKey, { name: "Second grandchild" });
    expect(sibling.parentAccountId).toBe(child.account.id);
  });

  it("answers 404 for a parent that is not the caller's account or below it", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const stranger = await seedAccount("Stranger");
    const strangerChild = await createSubAccount(stranger.apiKey, { name: "Stranger child" });
    const cases: [string, string][] = [
      [top.apiKey, "no-such-account"],
      [top.apiKey, stranger.accountId],
      [top.apiKey, strangerChild.id],
      [child.apiKey, top.accountId],
      [grandchild.apiKey, child.account.id],
      [stranger.apiKey, child.account.id],
    ];
    for (const [apiKey, parentAccountId] of cases) {
      const refused = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: apiKey, json: { name: "X", parentAccountId }, expect: 404 });
      expect(refused).toMatchObject({ code: 404, messageKey: "error.notFound.accountNotFound" });
    }
    expect(await callJson("GET", SUBACCOUNTS, { key: stranger.apiKey })).toEqual([strangerChild]);
  });

  it.each([
    ["a missing name", {}, "name: is required"],
    ["a null name", { name: null }, "name: is required"],
    ["a blank name", { name: "   " }, "name: is required"],
    ["a name that is not a string", { name: 42 }, "name: must be a string"],
    ["a name too long", { name: "x".repeat(201) }, "name"],
    ["an unknown time zone", { name: "X", timezoneId: "Mars/Olympus" }, "timezoneId: must be a time zone"],
    ["a UTC offset as time zone", { name: "X", timezoneId: "+01:00" }, "timezoneId"],
    ["an unknown abbreviation", { name: "X", timezoneId: "XYZ" }, "timezoneId"],
    ["a time zone that is not a string", { name: "X", timezoneId: 5 }, "timezoneId"],
    ["a language name", { name: "X", language: "english" }, "language: must be a two-letter language code"],
    ["a one-letter language", { name: "X", language: "e" }, "language"],
    ["a language with a long region", { name: "X", language: "en-USA" }, "language"],
    ["a language that is not a string", { name: "X", language: 1 }, "language"],
    ["a parent that is not a string", { name: "X", parentAccountId: 7 }, "parentAccountId"],
  ])("refuses %s with 400", async (_label, body, fragment) => {
    const top = await seedAccount();
    const refused = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: top.apiKey, json: body, expect: 400 });
    expect(refused).toMatchObject({ code: 400, name: "Bad Request", messageKey: "error.validation.invalidBody" });
    expect(refused.message).toContain(fragment);
    expect(await callJson("GET", SUBACCOUNTS, { key: top.apiKey })).toEqual([]);
  });

  it("refuses malformed JSON, an empty body and a JSON array with 400", async () => {
    const top = await seedAccount();
    const headers = { "content-type": "application/json" };
    const malformed = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: top.apiKey, body: "{name:", headers, expect: 400 });
    expect(malformed.messageKey).toBe("error.validation.invalidJson");
    const empty = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: top.apiKey, body: "", headers, expect: 400 });
    expect(empty.messageKey).toBe("error.validation.emptyBody");
    const array = await callJson<ErrorBody>("POST", SUBACCOUNTS, { key: top.apiKey, json: [{ name: "X" }], expect: 400 });
    expect(array.messageKey).toBe("error.validation.invalidBody");
  });
});

describe("PUT /api/account/subaccounts/{accountId}", () => {
  it("changes name, time zone and language of a child and a grandchild; what is absent stays", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const updated = await callJson<WireAccount>("PUT", `${SUBACCOUNTS}/${child.account.id}`, {
      key: top.apiKey,
      json: { name: "Child renamed", timezoneId: "Europe/Berlin", language: "de", unknownMember: true },
    });
    assertWireRules(updated);
    expect(updated).toEqual({
      ...child.account,
      name: "Child renamed",
      company: { id: child.account.id, name: "Child renamed" },
      timezoneId: "Europe/Berlin",
      language: "de",
      updated: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(child.account.updated));

    // A partial body, and nulls meaning "not set": only the language changes.
    const partial = await callJson<WireAccount>("PUT", `${SUBACCOUNTS}/${grandchild.account.id}`, {
      key: top.apiKey,
      json: { language: "pt-br", name: null, timezoneId: null, parentAccountId: child.account.id },
    });
    expect(partial).toMatchObject({ name: "Grandchild", timezoneId: "GMT", language: "pt-BR", parentAccountId: child.account.id });

    // The child's owner key changes the grandchild too.
    const byChild = await callJson<WireAccount>("PUT", `${SUBACCOUNTS}/${grandchild.account.id}`, { key: child.apiKey, json: { name: "By child" } });
    expect(byChild.name).toBe("By child");
    const listed = await callJson<WireAccount[]>("GET", SUBACCOUNTS, { key: top.apiKey });
    expect(listed.map((account) => account.name)).toEqual(["Child renamed", "By child"]);
    expect((await callJson<{ account: { name: string } }>("GET", "/api/session", { key: child.apiKey })).account.name).toBe("Child renamed");
  });

  it("answers 404 for the caller's own account, an ancestor, another account's and an unknown id", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const stranger = await seedAccount();
    const strangerChild = await createSubAccount(stranger.apiKey, { name: "Stranger child" });
    const cases: [string, string][] = [
      [top.apiKey, top.accountId],
      [top.apiKey, strangerChild.id],
      [top.apiKey, "no-such-account"],
      [child.apiKey, child.account.id],
      [child.apiKey, top.accountId],
      [grandchild.apiKey, child.account.id],
      [stranger.apiKey, child.account.id],
    ];
    for (const [apiKey, accountId] of cases) {
      const refused = await callJson<ErrorBody>("PUT", `${SUBACCOUNTS}/${accountId}`, { key: apiKey, json: { name: "Taken over" }, expect: 404 });
      expect(refused.messageKey).toBe("error.notFound.accountNotFound");
    }
    const rows = await accountRows([top.accountId, child.account.id, grandchild.account.id, strangerChild.id]);
    expect(rows.map((row) => row.name).sort()).toEqual(["Child", "Grandchild", "Stranger child", "Top"]);
  });

  it("refuses to move a sub account to another parent (422)", async () => {
    const { top, grandchild } = await seedThreeLevels();
    const refused = await callJson<ErrorBody>("PUT", `${SUBACCOUNTS}/${grandchild.account.id}`, {
      key: top.apiKey,
      json: { name: "Moved", parentAccountId: top.accountId },
      expect: 422,
    });
    expect(refused.messageKey).toBe("error.validation.accountCannotMove");
    expect((await accountRows([grandchild.account.id]))[0]).toMatchObject({ name: "Grandchild", parentAccountId: grandchild.account.parentAccountId });
  });

  it.each([
    ["a blank name", { name: "" }, "name: is required"],
    ["a name that is not a string", { name: ["X"] }, "name"],
    ["an unknown time zone", { timezoneId: "Europe/Atlantis" }, "timezoneId"],
    ["a bad language", { language: "french" }, "language"],
  ])("refuses %s with 400", async (_label, body, fragment) => {
    const { top, child } = await seedThreeLevels();
    const refused = await callJson<ErrorBody>("PUT", `${SUBACCOUNTS}/${child.account.id}`, { key: top.apiKey, json: body, expect: 400 });
    expect(refused.messageKey).toBe("error.validation.invalidBody");
    expect(refused.message).toContain(fragment);
    expect((await accountRows([child.account.id]))[0]).toMatchObject({ name: "Child", timezoneId: "GMT", language: "en" });
  });

  it("refuses malformed JSON with 400", async () => {
    const top = await seedAccount();
    const child = await createSubAccount(top.apiKey, { name: "Child" });
    const refused = await callJson<ErrorBody>("PUT", `${SUBACCOUNTS}/${child.id}`, {
      key: top.apiKey,
      body: "not json",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(refused.messageKey).toBe("error.validation.invalidJson");
  });
});

describe("GET /api/account/subaccounts", () => {
  it("answers a bare array of the direct and indirect sub accounts of the key's account", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const second = await createSubAccount(top.apiKey, { name: "Second child", timezoneId: "Europe/Paris", language: "fr" });
    const fromTop = await callJson<WireAccount[]>("GET", SUBACCOUNTS, { key: top.apiKey });
    assertWireRules(fromTop);
    expect(Array.isArray(fromTop)).toBe(true);
    // Children first, then grandchildren.
    expect(fromTop).toEqual([child.account, second, grandchild.account]);
    expect(await callJson("GET", SUBACCOUNTS, { key: child.apiKey })).toEqual([grandchild.account]);
    expect(await callJson("GET", SUBACCOUNTS, { key: grandchild.apiKey })).toEqual([]);
    expect(await callJson("GET", SUBACCOUNTS, { key: (await seedAccount()).apiKey })).toEqual([]);
  });
});

describe("GET /api/account/accessibleaccounts and /api/account/subaccountApiKeys", () => {
  it("list the creator's accounts on every level, and their own working key in each account below the current one", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const all = [
      { accountUid: top.accountId, accountName: "Top" },
      { accountUid: child.account.id, accountName: "Child" },
      { accountUid: grandchild.account.id, accountName: "Grandchild" },
    ];
    for (const apiKey of [top.apiKey, child.apiKey, grandchild.apiKey]) {
      expect(await callJson("GET", "/api/account/accessibleaccounts", { key: apiKey })).toEqual(all);
    }

    const fromTop = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: top.apiKey });
    expect(fromTop).toEqual([
      { ...all[1], apiKey: child.apiKey },
      { ...all[2], apiKey: grandchild.apiKey },
    ]);
    // From the child: only the keys below it, never the parent's (spec 4.4: "in the sub accounts").
    const fromChild = await callJson<KeyEntry[]>("GET", "/api/account/subaccountApiKeys", { key: child.apiKey });
    expect(fromChild).toEqual([{ ...all[2], apiKey: grandchild.apiKey }]);
    expect(await callJson("GET", "/api/account/subaccountApiKeys", { key: grandchild.apiKey })).toEqual([]);
    for (const entry of [...fromTop, ...fromChild]) {
      const session = await callJson<{ account: { id: string } }>("GET", "/api/session", { key: entry.apiKey });
      expect(session.account.id).toBe(entry.accountUid);
    }
  });

  it("show other users only their own memberships and keys, never the creator's", async () => {
    const { top } = await seedThreeLevels();
    const sender = await seedSender(top);
    expect(await callJson("GET", "/api/account/accessibleaccounts", { key: sender.apiKey })).toEqual([{ accountUid: top.accountId, accountName: "Top" }]);
    expect(await callJson("GET", "/api/account/subaccountApiKeys", { key: sender.apiKey })).toEqual([]);
    const stranger = await seedAccount("Stranger");
    expect(await callJson("GET", "/api/account/subaccountApiKeys", { key: stranger.apiKey })).toEqual([]);
  });
});

describe("isolation between the levels of the hierarchy", () => {
  it("keeps packages in the account of the key that created them, unreadable from the other levels", async () => {
    const { top, child, grandchild } = await seedThreeLevels();
    const levels = [
      { accountId: top.accountId, apiKey: top.apiKey },
      { accountId: child.account.id, apiKey: child.apiKey },
      { accountId: grandchild.account.id, apiKey: grandchild.apiKey },
    ];
    const created = [];
    for (const level of levels) {
      const id = await createPackageWithFiles(level.apiKey, packagePayload({ name: `Of ${level.accountId}` }));
      created.push({ ...level, packageId: id });
    }
    const db = await getDb();
    for (const { accountId, packageId } of created) {
      const [row] = await db.select({ accountId: packages.accountId }).from(packages).where(eq(packages.id, packageId));
      expect(row.accountId).toBe(accountId);
    }
    for (const reader of created) {
      expect(await listIds(reader.apiKey)).toEqual([reader.packageId]);
      expect(await listIds(reader.apiKey, "?query=drafts")).toEqual([reader.packageId]);
      for (const other of created.filter((entry) => entry !== reader)) {
        const response = await call("GET", `/api/packages/${other.packageId}`, { key: reader.apiKey });
        expect(response.status, `${reader.accountId} reading ${other.accountId}`).toBe(404);
        expect(((await response.json()) as ErrorBody).messageKey).toBe("error.notFound.packageNotFound");
        const change = await call("PUT", `/api/packages/${other.packageId}`, { key: reader.apiKey, json: { name: "Hijacked" } });
        expect(change.status).toBe(404);
      }
    }
  });

  it("does not share the parent's account templates or inbox with the child", async () => {
    const { top, child } = await seedThreeLevels();
    const template = await createPackageWithFiles(top.apiKey, packagePayload({ name: "Shared template", type: "TEMPLATE" }));
    expect(await listIds(top.apiKey, "?type=TEMPLATE")).toEqual([template]);
    // In any case, as the Java SDK writes it.
    expect(await listIds(top.apiKey, "?type=template")).toEqual([template]);
    expect(await listIds(child.apiKey, "?type=TEMPLATE")).toEqual([]);
    expect((await call("GET", `/api/packages/${template}`, { key: child.apiKey })).status).toBe(404);

    // A package of the parent that waits for the creator's own signature is not in the child's inbox.
    const payload = packagePayload({ status: "SENT" });
    payload.roles[0].signers = [{ ...signer(1), email: top.email }];
    const sent = await createPackageWithFiles(top.apiKey, payload);
    expect(await listIds(top.apiKey, "?query=inbox")).toEqual([sent]);
    expect(await listIds(child.apiKey, "?query=inbox")).toEqual([]);
  });
});

describe("credentials and permissions", () => {
  it("answers 401 without a key or with a wrong one on every endpoint", async () => {
    const top = await seedAccount();
    const child = await createSubAccount(top.apiKey, { name: "Child" });
    const endpoints: [string, string][] = [
      ["GET", SUBACCOUNTS],
      ["POST", SUBACCOUNTS],
      ["PUT", `${SUBACCOUNTS}/${child.id}`],
      ["GET", "/api/account/accessibleaccounts"],
      ["GET", "/api/account/subaccountApiKeys"],
    ];
    for (const [method, path] of endpoints) {
      for (const key of [undefined, "not-a-key"]) {
        const body = await callJson<ErrorBody>(method, path, { key, json: method === "GET" ? undefined : { name: "X" }, expect: 401 });
        expect(body).toMatchObject({ code: 401, messageKey: "error.unauthorised.noUser" });
      }
    }
  });

  it("answers 403 to a plain sender on the sub-account endpoints, and changes nothing", async () => {
    const top = await seedAccount();
    const child = await createSubAccount(top.apiKey, { name: "Child" });
    const sender = await seedSender(top);
    const cases: [string, string, string, unknown][] = [
      ["GET", SUBACCOUNTS, "sub_accounts.view", undefined],
      ["POST", SUBACCOUNTS, "sub_accounts.manage", { name: "By sender" }],
      ["PUT", `${SUBACCOUNTS}/${child.id}`, "sub_accounts.manage", { name: "By sender" }],
    ];
    for (const [method, path, permission, json] of cases) {
      const body = await callJson<ErrorBody>(method, path, { key: sender.apiKey, json, expect: 403 });
      expect(body).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.noPermission" });
      expect(body.message).toContain(permission);
    }
    expect(await callJson("GET", SUBACCOUNTS, { key: top.apiKey })).toEqual([child]);
  });
});
