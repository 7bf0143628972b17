import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { accessTokens, callbackRegistrations, clientApps, userAccountRoles, users } from "@/lib/db/schema";
import { addMember, issueApiKey, predefinedRoleId } from "@/lib/esign/accounts/account-setup";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { newId } from "@/lib/esign/ids";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

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
  name: string;
  created: string;
}
interface AppList {
  results: { clientId: string; name: string; created: string; revoked?: string }[];
  count: number;
}
interface Session {
  user: { id: string; email: string };
  account: { id: string };
}

const MINUTE = 60_000;
const validCallback = { url: "https://hooks.example.test/signet", key: "shared-key-1", events: ["PACKAGE_COMPLETE", "DOCUMENT_SIGNED"] };

afterEach(() => {
  vi.unstubAllEnvs();
  resetClock();
});

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

/** A second owner of the account (memberships can have several), with an API key. */
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

/** A sender who is not an owner but also holds the predefined owner role (every permission). */
async function seedAdministrator(account: { accountId: string }): Promise<SeededAccount> {
  const sender = await seedSender(account);
  const db = await getDb();
  await db.insert(userAccountRoles).values({
    accountId: account.accountId,
    userId: sender.userId,
    roleId: await predefinedRoleId(db, account.accountId, "OWNER"),
  });
  return sender;
}

async function createApp(apiKey: string, name = "Integration"): Promise<CreatedApp> {
  return callJson<CreatedApp>("POST", "/api/account/clientApps", { key: apiKey, json: { name }, expect: 201 });
}

async function exchange(body: Json, expect = 200) {
  return callJson<Json & { accessToken: string; expiresAt: number }>("POST", "/apitoken/clientApp/accessToken", { json: body, expect });
}

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

describe("POST, GET and DELETE /api/callback", () => {
  it("answers 204 without a registration, registers, reads back, replaces and deletes", async () => {
    const account = await seedAccount();
    expect((await call("GET", "/api/callback", { key: account.apiKey })).status).toBe(204);

    const registered = await callJson("POST", "/api/callback", { key: account.apiKey, json: validCallback });
    expect(registered).toEqual(validCallback);
    expect(await callJson("GET", "/api/callback", { key: account.apiKey })).toEqual(validCallback);

    // The key is kept encrypted.
    const db = await getDb();
    const [row] = await db.select().from(callbackRegistrations).where(eq(callbackRegistrations.accountId, account.accountId));
    expect(row.encryptedKey).toBeTruthy();
    expect(row.encryptedKey).not.toContain(validCallback.key);

    // Posting again replaces it: no key now (omitted, never null), repeated events once.
    const replaced = await callJson("POST", "/api/callback", {
      key: account.apiKey,
      json: { url: "https://other.example.test/cb", key: null, events: ["PACKAGE_CREATE", "PACKAGE_CREATE", "ROLE_REASSIGN"], extra: 1 },
    });
    const expected = { url: "https://other.example.test/cb", events: ["PACKAGE_CREATE", "ROLE_REASSIGN"] };
    expect(replaced).toEqual(expected);
    assertWireRules(replaced);
    expect(await callJson("GET", "/api/callback", { key: account.apiKey })).toEqual(expected);
    expect(await db.select().from(callbackRegistrations).where(eq(callbackRegistrations.accountId, account.accountId))).toHaveLength(1);

    expect((await call("DELETE", "/api/callback", { key: account.apiKey })).status).toBe(204);
    expect((await call("GET", "/api/callback", { key: account.apiKey })).status).toBe(204);
    // Deleting again is the same 204.
    expect((await call("DELETE", "/api/callback", { key: account.apiKey })).status).toBe(204);
  });

  it("accepts an empty key as no key and accepts every spec event", async () => {
    const account = await seedAccount();
    const all = [
      "DOCUMENT_SIGNED", "DOCUMENT_VIEWED", "EMAIL_BOUNCE", "KBA_FAILURE", "PACKAGE_ACTIVATE", "PACKAGE_ARCHIVE",
      "PACKAGE_ATTACHMENT", "PACKAGE_COMPLETE", "PACKAGE_CREATE", "PACKAGE_DEACTIVATE", "PACKAGE_DECLINE", "PACKAGE_DELETE",
      "PACKAGE_EXPIRE", "PACKAGE_OPT_OUT", "PACKAGE_READY_FOR_COMPLETE", "PACKAGE_RESTORE", "PACKAGE_TRASH", "ROLE_REASSIGN",
    ];
    const body = await callJson("POST", "/api/callback", { key: account.apiKey, json: { url: validCallback.url, key: "", events: all } });
    expect(body).toEqual({ url: validCallback.url, events: all });
  });

  it("allows plain http only to the hosts CALLBACK_HTTP_HOSTS names", async () => {
    const account = await seedAccount();
    const refused = await callJson<ErrorBody>("POST", "/api/callback", {
      key: account.apiKey,
      json: { ...validCallback, url: "http://localhost:9000/cb" },
      expect: 400,
    });
    expect(refused).toMatchObject({ code: 400, name: "Bad Request", messageKey: "error.validation.callbackUrl" });
    expect(refused.message).toContain("https");
    expect(refused.message).toContain("CALLBACK_HTTP_HOSTS");

    vi.stubEnv("CALLBACK_HTTP_HOSTS", "localhost, 127.0.0.1");
    for (const url of ["http://localhost:9000/cb", "http://127.0.0.1/cb", "http://LOCALHOST/cb"]) {
      expect(await callJson("POST", "/api/callback", { key: account.apiKey, json: { ...validCallback, url } })).toMatchObject({ url });
    }
    const stillRefused = await callJson<ErrorBody>("POST", "/api/callback", {
      key: account.apiKey,
      json: { ...validCallback, url: "http://hooks.example.test/cb" },
      expect: 400,
    });
    expect(stillRefused.message).toContain("hooks.example.test");
  });

  it.each([
    ["a url of another scheme", { url: "ftp://hooks.example.test/cb" }, "https"],
    ["a url that is not one", { url: "hooks.example.test/cb" }, "not a valid absolute URL"],
    ["a missing url", { url: undefined }, "url: is required"],
    ["an empty url", { url: "  " }, "url: is required"],
    ["a url of the wrong type", { url: 42 }, "url: must be a string"],
    ["a key of the wrong type", { key: 7 }, "key: must be a string"],
    ["missing events", { events: undefined }, "events: is required"],
    ["empty events", { events: [] }, "events: must name at least one event"],
    ["events that are not a list", { events: "PACKAGE_COMPLETE" }, "events: must be a list"],
    ["an event that is not a string", { events: [1] }, "events.0: must be an event name"],
  ])("refuses %s with 400", async (_label, change, fragment) => {
    const account = await seedAccount();
    const body = await callJson<ErrorBody>("POST", "/api/callback", { key: account.apiKey, json: { ...validCallback, ...change }, expect: 400 });
    expect(body.code).toBe(400);
    expect(body.message).toContain(fragment);
    expect((await call("GET", "/api/callback", { key: account.apiKey })).status).toBe(204);
  });

  it("refuses unknown event names with 400 naming them, and keeps the earlier registration", async () => {
    const account = await seedAccount();
    await callJson("POST", "/api/callback", { key: account.apiKey, json: validCallback });
    const body = await callJson<ErrorBody>("POST", "/api/callback", {
      key: account.apiKey,
      json: { ...validCallback, url: "https://new.example.test", events: ["PACKAGE_COMPLETE", "PACKAGE_EXPLODE", "package_create", "PACKAGE_UPDATE"] },
      expect: 400,
    });
    expect(body.messageKey).toBe("error.validation.unknownCallbackEvents");
    expect(body.message).toContain("Unknown event names: PACKAGE_EXPLODE, package_create, PACKAGE_UPDATE.");
    expect(body.message).toContain("PACKAGE_COMPLETE"); // the valid names are listed
    expect(await callJson("GET", "/api/callback", { key: account.apiKey })).toEqual(validCallback);
  });

  it("refuses malformed JSON and an empty body with 400", async () => {
    const account = await seedAccount();
    const malformed = await callJson<ErrorBody>("POST", "/api/callback", {
      key: account.apiKey,
      body: "{not json",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(malformed.messageKey).toBe("error.validation.invalidJson");
    const empty = await callJson<ErrorBody>("POST", "/api/callback", { key: account.apiKey, body: "", expect: 400 });
    expect(empty.messageKey).toBe("error.validation.emptyBody");
  });

  it("answers 401 without a key and 403 to a sender without callbacks.manage", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    for (const method of ["GET", "POST", "DELETE"]) {
      const json = method === "POST" ? validCallback : undefined;
      const anonymous = await callJson<ErrorBody>(method, "/api/callback", { json, expect: 401 });
      expect(anonymous).toMatchObject({ code: 401, messageKey: "error.unauthorised.noUser" });
      const forbidden = await callJson<ErrorBody>(method, "/api/callback", { key: sender.apiKey, json, expect: 403 });
      expect(forbidden).toMatchObject({ code: 403, messageKey: "error.forbidden.noPermission" });
      expect(forbidden.message).toContain("callbacks.manage");
    }
  });

  it("keeps each account's registration to itself", async () => {
    const first = await seedAccount();
    const second = await seedAccount();
    await callJson("POST", "/api/callback", { key: first.apiKey, json: validCallback });
    expect((await call("GET", "/api/callback", { key: second.apiKey })).status).toBe(204);
    expect((await call("DELETE", "/api/callback", { key: second.apiKey })).status).toBe(204);
    expect(await callJson("GET", "/api/callback", { key: first.apiKey })).toEqual(validCallback);
  });
});

describe("client applications: /api/account/clientApps", () => {
  it("creates an app whose secret is shown once and stored only as a hash, and lists it without the secret", async () => {
    const account = await seedAccount();
    const response = await call("POST", "/api/account/clientApps", { key: account.apiKey, json: { name: "  ERP bridge  ", ignored: true } });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedApp;
    assertWireRules(created);
    expect(created).toEqual({ clientId: expect.any(String), secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: "ERP bridge", created: expect.any(String) });
    expect(Math.abs(Date.parse(created.created) - Date.now())).toBeLessThan(MINUTE);

    const db = await getDb();
    const [row] = await db.select().from(clientApps).where(eq(clientApps.id, created.clientId));
    expect(row).toMatchObject({ accountId: account.accountId, createdByUserId: account.userId, name: "ERP bridge" });
    expect(row.secretHash).not.toBe(created.secret);
    expect(row.secretHash).not.toContain(created.secret);

    const list = await callJson<AppList>("GET", "/api/account/clientApps", { key: account.apiKey });
    assertWireRules(list);
    expect(list).toEqual({ count: 1, results: [{ clientId: created.clientId, name: "ERP bridge", created: created.created }] });
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it("pages the list with 1-based inclusive from and to, count being the total", async () => {
    const account = await seedAccount();
    const apps = [];
    for (const name of ["one", "two", "three"]) apps.push(await createApp(account.apiKey, name));
    const page = await callJson<AppList>("GET", "/api/account/clientApps?from=2&to=3", { key: account.apiKey });
    expect(page.count).toBe(3);
    expect(page.results.map((app) => app.name)).toEqual(["two", "three"]);
    expect((await callJson<AppList>("GET", "/api/account/clientApps?from=3", { key: account.apiKey })).results.map((app) => app.clientId)).toEqual([
      apps[2].clientId,
    ]);
    for (const query of ["from=3&to=2", "from=-1", "from=abc"]) {
      const refused = await callJson<ErrorBody>("GET", `/api/account/clientApps?${query}`, { key: account.apiKey, expect: 400 });
      expect(refused.code).toBe(400);
    }
  });

  it.each([
    ["a missing name", {}, "name: is required"],
    ["an empty name", { name: "   " }, "name: is required"],
    ["a name of the wrong type", { name: 3 }, "name: must be a string"],
    ["a name that is too long", { name: "x".repeat(101) }, "name: must be at most 100"],
  ])("refuses %s with 400", async (_label, body, fragment) => {
    const account = await seedAccount();
    const refused = await callJson<ErrorBody>("POST", "/api/account/clientApps", { key: account.apiKey, json: body, expect: 400 });
    expect(refused.message).toContain(fragment);
    expect((await callJson<AppList>("GET", "/api/account/clientApps", { key: account.apiKey })).count).toBe(0);
  });

  it("refuses malformed JSON with 400", async () => {
    const account = await seedAccount();
    const refused = await callJson<ErrorBody>("POST", "/api/account/clientApps", {
      key: account.apiKey,
      body: "{\"name\":",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(refused.messageKey).toBe("error.validation.invalidJson");
  });

  it("revokes an app (204, again 204 keeping the date), shows it revoked, and answers 404 for an unknown one", async () => {
    const account = await seedAccount();
    const app = await createApp(account.apiKey);
    expect((await call("DELETE", `/api/account/clientApps/${app.clientId}`, { key: account.apiKey })).status).toBe(204);
    const [revoked] = (await callJson<AppList>("GET", "/api/account/clientApps", { key: account.apiKey })).results;
    expect(revoked).toMatchObject({ clientId: app.clientId, revoked: expect.stringMatching(/Z$/) });
    expect((await call("DELETE", `/api/account/clientApps/${app.clientId}`, { key: account.apiKey })).status).toBe(204);
    const [again] = (await callJson<AppList>("GET", "/api/account/clientApps", { key: account.apiKey })).results;
    expect(again.revoked).toBe(revoked.revoked);

    const missing = await callJson<ErrorBody>("DELETE", "/api/account/clientApps/no-such-app", { key: account.apiKey, expect: 404 });
    expect(missing).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.clientAppNotFound" });
  });

  it("answers 401 without a key and 403 to a sender without api_keys.client_apps", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const app = await createApp(account.apiKey);
    const requests: [string, string, unknown][] = [
      ["GET", "/api/account/clientApps", undefined],
      ["POST", "/api/account/clientApps", { name: "Mine" }],
      ["DELETE", `/api/account/clientApps/${app.clientId}`, undefined],
    ];
    for (const [method, path, json] of requests) {
      expect((await callJson<ErrorBody>(method, path, { json, expect: 401 })).messageKey).toBe("error.unauthorised.noUser");
      const forbidden = await callJson<ErrorBody>(method, path, { key: sender.apiKey, json, expect: 403 });
      expect(forbidden.messageKey).toBe("error.forbidden.noPermission");
      expect(forbidden.message).toContain("api_keys.client_apps");
    }
    const [still] = (await callJson<AppList>("GET", "/api/account/clientApps", { key: account.apiKey })).results;
    expect(still.revoked).toBeUndefined();
  });

  it("keeps each account's apps to itself: another account neither sees nor revokes them", async () => {
    const first = await seedAccount();
    const second = await seedAccount();
    const app = await createApp(first.apiKey);
    expect(await callJson<AppList>("GET", "/api/account/clientApps", { key: second.apiKey })).toEqual({ results: [], count: 0 });
    const refused = await callJson<ErrorBody>("DELETE", `/api/account/clientApps/${app.clientId}`, { key: second.apiKey, expect: 404 });
    expect(refused.messageKey).toBe("error.notFound.clientAppNotFound");
    // And the app still works.
    await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER" });
  });
});

describe("access tokens: POST /apitoken/clientApp/accessToken", () => {
  it("gives an OWNER token that acts as the account owner until it expires", async () => {
    const account = await seedAccount("Token Co");
    const app = await createApp(account.apiKey);
    const before = now().getTime();
    const token = await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER" });
    expect(Object.keys(token).sort()).toEqual(["accessToken", "expiresAt"]);
    expect(token.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(token.expiresAt).toBeLessThanOrEqual(now().getTime() + 30 * MINUTE);

    // Stored only as a hash.
    const db = await getDb();
    const rows = await db.select().from(accessTokens).where(eq(accessTokens.clientAppId, app.clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0].lookupHash).not.toBe(token.accessToken);

    const session = await callJson<Session>("GET", "/api/session", bearer(token.accessToken));
    expect(session).toMatchObject({ user: { id: account.userId, email: account.email }, account: { id: account.accountId, name: "Token Co" } });
    // The owner's permissions come with it.
    expect((await call("GET", "/api/callback", bearer(token.accessToken))).status).toBe(204);

    advanceClock(29 * MINUTE);
    expect((await call("GET", "/api/session", bearer(token.accessToken))).status).toBe(200);
    advanceClock(2 * MINUTE);
    const expired = await callJson<ErrorBody>("GET", "/api/session", { ...bearer(token.accessToken), expect: 401 });
    expect(expired).toMatchObject({ code: 401, name: "Unauthorized", messageKey: "error.unauthorised.noUser" });
    expect(expired.message).toContain("expired");
  });

  it("gives a SENDER token that acts as that sender, with the sender's permissions", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const app = await createApp(account.apiKey);
    const token = await exchange({ clientId: app.clientId, secret: app.secret, type: "SENDER", email: sender.email.toUpperCase() });
    const session = await callJson<Session>("GET", "/api/session", bearer(token.accessToken));
    expect(session).toMatchObject({ user: { id: sender.userId, email: sender.email }, account: { id: account.accountId } });
    expect((await callJson<ErrorBody>("GET", "/api/callback", { ...bearer(token.accessToken), expect: 403 })).messageKey).toBe(
      "error.forbidden.noPermission",
    );
    // An e-mail given with OWNER is ignored.
    const owner = await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER", email: sender.email });
    expect((await callJson<Session>("GET", "/api/session", bearer(owner.accessToken))).user.id).toBe(account.userId);
  });

  it("honours ACCESS_TOKEN_MINUTES", async () => {
    vi.stubEnv("ACCESS_TOKEN_MINUTES", "5");
    const account = await seedAccount();
    const app = await createApp(account.apiKey);
    const before = now().getTime();
    const token = await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER" });
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(token.expiresAt).toBeLessThan(before + 6 * MINUTE);
    advanceClock(5 * MINUTE + 1000);
    expect((await call("GET", "/api/session", bearer(token.accessToken))).status).toBe(401);
  });

  it("acts as the app's creator when several owners exist, and refuses OWNER to an app whose creator is not an owner", async () => {
    const account = await seedAccount();
    const secondOwner = await seedOwner(account);
    const administrator = await seedAdministrator(account);

    const bySecondOwner = await createApp(secondOwner.apiKey);
    const fromSecond = await exchange({ clientId: bySecondOwner.clientId, secret: bySecondOwner.secret, type: "OWNER" });
    expect((await callJson<Session>("GET", "/api/session", bearer(fromSecond.accessToken))).user.id).toBe(secondOwner.userId);

    // Every permission through the owner role is still not ownership: no token acts as an owner for them.
    const byAdministrator = await createApp(administrator.apiKey);
    const refused = await exchange({ clientId: byAdministrator.clientId, secret: byAdministrator.secret, type: "OWNER" }, 403);
    expect(refused).toMatchObject({ code: 403, name: "Forbidden", messageKey: "error.forbidden.ownerTokenNeedsOwnerApp" });
    // A SENDER token for a sender within their permissions is fine.
    const sender = await seedSender(account);
    const forSender = await exchange({ clientId: byAdministrator.clientId, secret: byAdministrator.secret, type: "SENDER", email: sender.email });
    expect((await callJson<Session>("GET", "/api/session", bearer(forSender.accessToken))).user.id).toBe(sender.userId);
  });

  it("refuses a wrong secret, an unknown client id and a revoked app with a 401 JSON error", async () => {
    const account = await seedAccount();
    const app = await createApp(account.apiKey);
    const other = await createApp(account.apiKey, "Other");
    for (const body of [
      { clientId: app.clientId, secret: "wrong", type: "OWNER" },
      { clientId: app.clientId, secret: other.secret, type: "OWNER" },
      { clientId: "no-such-app", secret: app.secret, type: "OWNER" },
    ]) {
      const refused = await exchange(body, 401);
      expect(refused).toMatchObject({ code: 401, name: "Unauthorized", messageKey: "error.unauthorised.noUser" });
    }
    await callJson("DELETE", `/api/account/clientApps/${app.clientId}`, { key: account.apiKey, expect: 204 });
    expect((await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER" }, 401)).code).toBe(401);
  });

  it("stops the app's tokens at once when it is revoked, and leaves other apps' tokens alone", async () => {
    const account = await seedAccount();
    const app = await createApp(account.apiKey);
    const other = await createApp(account.apiKey, "Other");
    const token = await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER" });
    const otherToken = await exchange({ clientId: other.clientId, secret: other.secret, type: "OWNER" });
    expect((await call("GET", "/api/session", bearer(token.accessToken))).status).toBe(200);
    await callJson("DELETE", `/api/account/clientApps/${app.clientId}`, { key: account.apiKey, expect: 204 });
    expect((await callJson<ErrorBody>("GET", "/api/session", { ...bearer(token.accessToken), expect: 401 })).code).toBe(401);
    expect((await call("GET", "/api/session", bearer(otherToken.accessToken))).status).toBe(200);
  });

  it("answers 404 for a SENDER e-mail that is not a sender of the app's account", async () => {
    const account = await seedAccount();
    const stranger = await seedAccount();
    const app = await createApp(account.apiKey);
    for (const email of ["nobody@example.test", stranger.email]) {
      const refused = await exchange({ clientId: app.clientId, secret: app.secret, type: "SENDER", email }, 404);
      expect(refused).toMatchObject({ code: 404, messageKey: "error.notFound.senderNotFound" });
    }
  });

  it.each([
    ["a missing clientId", { clientId: undefined }, "clientId: is required"],
    ["a missing secret", { secret: undefined }, "secret: is required"],
    ["a secret of the wrong type", { secret: 12 }, "secret: must be a string"],
    ["a missing type", { type: undefined }, 'type: must be "OWNER" or "SENDER"'],
    ["an unknown type", { type: "ADMIN" }, 'type: must be "OWNER" or "SENDER"'],
    ["SENDER without an e-mail", { type: "SENDER" }, 'email: is required with type "SENDER"'],
    ["SENDER with an empty e-mail", { type: "SENDER", email: "" }, 'email: is required with type "SENDER"'],
    ["a malformed e-mail", { type: "SENDER", email: "not-an-email" }, "email: must be an e-mail address"],
  ])("refuses %s with 400", async (_label, change, fragment) => {
    const account = await seedAccount();
    const app = await createApp(account.apiKey);
    const refused = await exchange({ clientId: app.clientId, secret: app.secret, type: "OWNER", ...change }, 400);
    expect(refused.code).toBe(400);
    expect(refused.message).toContain(fragment);
  });

  it("refuses malformed JSON and an empty body with 400", async () => {
    const malformed = await callJson<ErrorBody>("POST", "/apitoken/clientApp/accessToken", {
      body: "{oops",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(malformed.messageKey).toBe("error.validation.invalidJson");
    const empty = await callJson<ErrorBody>("POST", "/apitoken/clientApp/accessToken", { body: "", expect: 400 });
    expect(empty.messageKey).toBe("error.validation.emptyBody");
  });

  it("refuses a made-up bearer token with 401", async () => {
    const refused = await callJson<ErrorBody>("GET", "/api/session", { ...bearer("not-a-token"), expect: 401 });
    expect(refused.messageKey).toBe("error.unauthorised.noUser");
  });
});
