import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

interface WireEvent {
  name: string;
  sessionUser: string;
  message: string;
  ipAddress: string;
  createdDate: string;
  packageId?: string;
  documentId?: string;
}
interface EventList {
  results: WireEvent[];
  count: number;
}

/** The api client sends `x-forwarded-for: 127.0.0.1` with every call. */
const IP = "127.0.0.1";

/** The account's audit events, oldest first, read from the table itself. */
async function eventsOf(accountId: string) {
  const db = await getDb();
  return db
    .select({ name: auditEvents.name, packageId: auditEvents.packageId, sessionUser: auditEvents.sessionUser, message: auditEvents.message, ipAddress: auditEvents.ipAddress })
    .from(auditEvents)
    .where(eq(auditEvents.accountId, accountId))
    .orderBy(asc(auditEvents.id));
}

/** The events the account got since `before` (a count of its events). */
async function newEvents(accountId: string, before: number) {
  return (await eventsOf(accountId)).slice(before);
}

async function eventCount(accountId: string): Promise<number> {
  return (await eventsOf(accountId)).length;
}

/** No event message of these accounts contains any of these secrets. */
async function expectNoSecrets(accountIds: string[], secrets: string[]) {
  const db = await getDb();
  const rows = await db.select({ message: auditEvents.message }).from(auditEvents).where(inArray(auditEvents.accountId, accountIds));
  expect(rows.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    for (const { message } of rows) expect(message ?? "").not.toContain(secret);
  }
}

/** Runs the call and checks that it was refused with `status` and wrote no event in the account. */
async function expectRefusedWithoutEvent(accountId: string, status: number, method: string, path: string, options: Parameters<typeof call>[2]) {
  const before = await eventCount(accountId);
  const response = await call(method, path, options);
  expect(response.status, await response.text()).toBe(status);
  expect(await newEvents(accountId, before)).toEqual([]);
}

async function apiKeyOfSender(owner: SeededAccount, senderId: string): Promise<string> {
  return (await callJson<{ apiKey: string }>("GET", `/api/account/senders/${senderId}/apiKey`, { key: owner.apiKey })).apiKey;
}

function uniqueEmail(prefix: string): string {
  return `${prefix}-${newId(8)}@example.test`.toLowerCase();
}

describe("senders write their audit trail", () => {
  it("invite, new link, activation, update, roles, delete: one event each, by whoever acted, without the key or the link", async () => {
    const owner = await seedAccount();
    const email = uniqueEmail("jane");
    const invited = await callJson<{ id: string; activationUrl: string }>("POST", "/api/account/senders", {
      key: owner.apiKey,
      json: { email, firstName: "Jane", lastName: "Doe" },
    });
    expect(await eventsOf(owner.accountId)).toEqual([
      { name: "SENDER_INVITE", packageId: null, sessionUser: owner.userId, message: `invited ${email}`, ipAddress: IP },
    ]);

    let before = await eventCount(owner.accountId);
    const reinvited = await callJson<{ activationUrl: string }>("POST", `/api/account/senders/${invited.id}/invite`, { key: owner.apiKey });
    expect(await newEvents(owner.accountId, before)).toEqual([
      { name: "SENDER_REINVITE", packageId: null, sessionUser: owner.userId, message: `new activation link for ${email}`, ipAddress: IP },
    ]);

    // Activation is public: the activated user is the one who acted.
    before = await eventCount(owner.accountId);
    const token = decodeURIComponent(reinvited.activationUrl.split("/").pop()!);
    await callJson("POST", "/api/account/activation", { json: { token, password: "a-good-passw0rd" } });
    expect(await newEvents(owner.accountId, before)).toMatchObject([{ name: "SENDER_ACTIVATE", sessionUser: invited.id, message: `activated ${email}` }]);

    before = await eventCount(owner.accountId);
    await callJson("POST", `/api/account/senders/${invited.id}`, { key: owner.apiKey, json: { firstName: "Janet", title: "CTO", email: "ignored@example.test" } });
    expect(await newEvents(owner.accountId, before)).toEqual([
      { name: "SENDER_UPDATE", packageId: null, sessionUser: owner.userId, message: `updated ${email}: firstName "Janet", title "CTO"`, ipAddress: IP },
    ]);

    const role = await callJson<{ id: string }>("POST", "/api/account/roles", { key: owner.apiKey, json: { name: "Auditors", permissions: ["reports.view"] } });
    before = await eventCount(owner.accountId);
    await callJson("POST", `/api/account/senders/${invited.id}/roles`, { key: owner.apiKey, json: { roleIds: [role.id] } });
    expect(await newEvents(owner.accountId, before)).toMatchObject([{ name: "SENDER_ROLES_SET", sessionUser: owner.userId, message: `${email} roles: Auditors` }]);
    // The same roles again change nothing and record nothing.
    await callJson("POST", `/api/account/senders/${invited.id}/roles`, { key: owner.apiKey, json: { roleIds: [role.id] } });
    expect(await newEvents(owner.accountId, before)).toHaveLength(1);

    const senderKey = await apiKeyOfSender(owner, invited.id);
    before = await eventCount(owner.accountId);
    expect((await call("DELETE", `/api/account/senders/${invited.id}`, { key: owner.apiKey })).status).toBe(204);
    expect(await newEvents(owner.accountId, before)).toMatchObject([{ name: "SENDER_DELETE", sessionUser: owner.userId, message: `deleted ${email}` }]);

    await expectNoSecrets([owner.accountId], [owner.apiKey, senderKey, token, decodeURIComponent(invited.activationUrl.split("/").pop()!)]);
  });

  it("locking a sender with a draft is SENDER_LOCK, once", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    await createPackageWithFiles(sender.apiKey, packagePayload());
    const before = await eventCount(owner.accountId);
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe(200);
    expect((await call("DELETE", `/api/account/senders/${sender.userId}`, { key: owner.apiKey })).status).toBe(200);
    expect(await newEvents(owner.accountId, before)).toMatchObject([{ name: "SENDER_LOCK", sessionUser: owner.userId, message: `locked ${sender.email} (drafts or inbox pending)` }]);
  });

  it("refused changes write nothing", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    const { accountId } = owner;
    const elsewhere = await seedAccount();
    await expectRefusedWithoutEvent(accountId, 409, "POST", "/api/account/senders", { key: owner.apiKey, json: { email: elsewhere.email, firstName: "A", lastName: "B" } });
    await expectRefusedWithoutEvent(accountId, 403, "POST", "/api/account/senders", { key: sender.apiKey, json: { email: uniqueEmail("x"), firstName: "A", lastName: "B" } });
    await expectRefusedWithoutEvent(accountId, 409, "DELETE", `/api/account/senders/${owner.userId}`, { key: owner.apiKey });
    await expectRefusedWithoutEvent(accountId, 400, "POST", `/api/account/senders/${sender.userId}/roles`, { key: owner.apiKey, json: { roleIds: ["nope"] } });
    await expectRefusedWithoutEvent(accountId, 409, "POST", `/api/account/senders/${sender.userId}/invite`, { key: owner.apiKey });
    await expectRefusedWithoutEvent(accountId, 400, "POST", "/api/account/activation", { json: { token: "not-a-token", password: "a-good-passw0rd" } });
  });
});

describe("account roles write their audit trail", () => {
  it("create, update, delete; a refused change writes nothing", async () => {
    const owner = await seedAccount();
    const created = await callJson<{ id: string }>("POST", "/api/account/roles", {
      key: owner.apiKey,
      json: { name: "Auditors", permissions: ["users.view", "groups.view"] },
    });
    await callJson("PUT", `/api/account/roles/${created.id}`, { key: owner.apiKey, json: { name: "Reviewers", enabled: false, permissions: ["users.view"] } });
    expect((await call("DELETE", `/api/account/roles/${created.id}`, { key: owner.apiKey })).status).toBe(204);
    expect(await eventsOf(owner.accountId)).toEqual([
      { name: "ACCOUNT_ROLE_CREATE", packageId: null, sessionUser: owner.userId, message: `created "Auditors", permissions: users.view, groups.view`, ipAddress: IP },
      { name: "ACCOUNT_ROLE_UPDATE", packageId: null, sessionUser: owner.userId, message: `"Reviewers": renamed from "Auditors", disabled, permissions: users.view`, ipAddress: IP },
      { name: "ACCOUNT_ROLE_DELETE", packageId: null, sessionUser: owner.userId, message: `deleted "Reviewers"`, ipAddress: IP },
    ]);

    const roles = await callJson<{ results: { id: string; predefined: boolean }[] }>("GET", "/api/account/roles", { key: owner.apiKey });
    const predefined = roles.results.find((role) => role.predefined)!;
    await expectRefusedWithoutEvent(owner.accountId, 409, "PUT", `/api/account/roles/${predefined.id}`, { key: owner.apiKey, json: { name: "Mine" } });
    await expectRefusedWithoutEvent(owner.accountId, 400, "POST", "/api/account/roles", { key: owner.apiKey, json: { name: "Bad", permissions: ["no.such"] } });
  });
});

describe("groups write their audit trail", () => {
  it("create, update, add and remove members, delete; a refused change writes nothing", async () => {
    const owner = await seedAccount();
    const ann = await seedSender(owner);
    const bob = await seedSender(owner);
    const group = await callJson<{ id: string }>("POST", "/api/groups", {
      key: owner.apiKey,
      json: { name: "Sales", email: "sales@example.test", members: [{ email: ann.email }] },
    });
    await callJson("PUT", `/api/groups/${group.id}`, { key: owner.apiKey, json: { name: "Sales EU" } });
    await callJson("POST", `/api/groups/${group.id}/members`, { key: owner.apiKey, json: { email: bob.email } });
    expect((await call("DELETE", `/api/groups/${group.id}/members/${ann.userId}`, { key: owner.apiKey })).status).toBe(204);
    expect((await call("DELETE", `/api/groups/${group.id}`, { key: owner.apiKey })).status).toBe(204);
    const events = await eventsOf(owner.accountId);
    expect(events.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: "GROUP_CREATE", message: `created "Sales" (sales@example.test), members: ${ann.email}` },
      { name: "GROUP_UPDATE", message: `"Sales EU": renamed from "Sales"` },
      { name: "GROUP_MEMBERS_ADD", message: `"Sales EU" + ${bob.email}` },
      { name: "GROUP_MEMBER_REMOVE", message: `"Sales EU" - ${ann.email}` },
      { name: "GROUP_DELETE", message: `deleted "Sales EU" (sales@example.test)` },
    ]);
    expect(events.every((event) => event.sessionUser === owner.userId && event.ipAddress === IP && event.packageId === null)).toBe(true);

    await expectRefusedWithoutEvent(owner.accountId, 422, "POST", "/api/groups", {
      key: owner.apiKey,
      json: { name: "Nobody", email: "nobody@example.test", members: [{ email: "stranger@example.test" }] },
    });
    await expectRefusedWithoutEvent(owner.accountId, 403, "POST", "/api/groups", { key: ann.apiKey, json: { name: "Mine", email: "mine@example.test" } });
  });

  it("names the first ten members of a large group and counts the others", async () => {
    const owner = await seedAccount();
    const senders: SeededAccount[] = [];
    for (let i = 0; i < 12; i++) senders.push(await seedSender(owner));
    await callJson("POST", "/api/groups", {
      key: owner.apiKey,
      json: { name: "Everyone", email: "everyone@example.test", members: senders.map((sender) => ({ email: sender.email })) },
    });
    const [event] = await eventsOf(owner.accountId);
    // Members are listed as the group answers them: added together, so by e-mail.
    const emails = senders.map((sender) => sender.email).sort();
    expect(event.message).toBe(`created "Everyone" (everyone@example.test), members: ${emails.slice(0, 10).join(", ")} and 2 more`);
  });
});

describe("sub accounts write their audit trail", () => {
  it("creation and change record in the caller's account and in the sub account, never its API key", async () => {
    const top = await seedAccount("Top");
    const child = await callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: top.apiKey, json: { name: "Child" } });
    expect(await eventsOf(top.accountId)).toEqual([
      { name: "SUB_ACCOUNT_CREATE", packageId: null, sessionUser: top.userId, message: `created "Child" (${child.id}) under "Top"`, ipAddress: IP },
    ]);
    expect(await eventsOf(child.id)).toEqual([
      { name: "SUB_ACCOUNT_CREATE", packageId: null, sessionUser: top.userId, message: `created under "Top" (${top.accountId}) by ${top.email}`, ipAddress: IP },
    ]);

    await callJson("PUT", `/api/account/subaccounts/${child.id}`, { key: top.apiKey, json: { name: "Child EU", language: "fr" } });
    const change = { name: "SUB_ACCOUNT_UPDATE", packageId: null, sessionUser: top.userId, message: `"Child EU" (${child.id}): renamed from "Child", language fr`, ipAddress: IP };
    expect(await newEvents(top.accountId, 1)).toEqual([change]);
    expect(await newEvents(child.id, 1)).toEqual([change]);

    // The events of the sub account are read with the key that acts in it.
    const [childKey] = await callJson<{ accountUid: string; apiKey: string }[]>("GET", "/api/account/subaccountApiKeys", { key: top.apiKey });
    const childTrail = await callJson<EventList>("GET", "/api/account/auditEvents", { key: childKey.apiKey });
    expect(childTrail.results.map((event) => event.name)).toEqual(["SUB_ACCOUNT_UPDATE", "SUB_ACCOUNT_CREATE"]);
    await expectNoSecrets([top.accountId, child.id], [top.apiKey, childKey.apiKey]);

    // A grandchild made with the top key: the top account, the child (its parent) and the grandchild record it.
    const grandchild = await callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: top.apiKey, json: { name: "Grandchild", parentAccountId: child.id } });
    const grandchildCreation = { name: "SUB_ACCOUNT_CREATE", message: `created "Grandchild" (${grandchild.id}) under "Child EU"`, sessionUser: top.userId };
    expect(await newEvents(top.accountId, 2)).toMatchObject([grandchildCreation]);
    expect(await newEvents(child.id, 2)).toMatchObject([grandchildCreation]);
    expect(await eventsOf(grandchild.id)).toMatchObject([{ name: "SUB_ACCOUNT_CREATE", message: `created under "Child EU" (${child.id}) by ${top.email}` }]);
    const before = await eventCount(top.accountId);
    await expectRefusedWithoutEvent(top.accountId, 422, "POST", "/api/account/subaccounts", { key: top.apiKey, json: { name: "Too deep", parentAccountId: grandchild.id } });
    await expectRefusedWithoutEvent(grandchild.id, 404, "PUT", `/api/account/subaccounts/${top.accountId}`, { key: top.apiKey, json: { name: "Mine" } });
    expect(await eventCount(top.accountId)).toBe(before);
  });
});

describe("callbacks write their audit trail", () => {
  it("register and delete, without the key or the url's query; deleting nothing writes nothing", async () => {
    const owner = await seedAccount();
    const callbackKey = `callback-key-${newId(12)}`;
    const urlToken = `url-token-${newId(12)}`;
    await callJson("POST", "/api/callback", {
      key: owner.apiKey,
      json: { url: `https://user:pw-${urlToken}@hooks.example.test/signet?token=${urlToken}`, key: callbackKey, events: ["PACKAGE_COMPLETE", "DOCUMENT_SIGNED"] },
    });
    expect(await eventsOf(owner.accountId)).toEqual([
      {
        name: "CALLBACK_REGISTER",
        packageId: null,
        sessionUser: owner.userId,
        message: "https://hooks.example.test/signet with a key, events: PACKAGE_COMPLETE, DOCUMENT_SIGNED",
        ipAddress: IP,
      },
    ]);
    expect((await call("DELETE", "/api/callback", { key: owner.apiKey })).status).toBe(204);
    expect((await call("DELETE", "/api/callback", { key: owner.apiKey })).status).toBe(204);
    expect(await newEvents(owner.accountId, 1)).toMatchObject([{ name: "CALLBACK_DELETE", sessionUser: owner.userId, message: "removed https://hooks.example.test/signet" }]);
    await expectNoSecrets([owner.accountId], [callbackKey, urlToken]);

    await expectRefusedWithoutEvent(owner.accountId, 400, "POST", "/api/callback", { key: owner.apiKey, json: { url: "ftp://x.test", events: ["PACKAGE_COMPLETE"] } });
    await expectRefusedWithoutEvent(owner.accountId, 400, "POST", "/api/callback", { key: owner.apiKey, json: { url: "https://x.test", events: ["NOPE"] } });
  });
});

describe("client applications write their audit trail", () => {
  it("create and revoke, never the secret or a token; revoking again and the token exchange write nothing", async () => {
    const owner = await seedAccount();
    const app = await callJson<{ clientId: string; secret: string }>("POST", "/api/account/clientApps", { key: owner.apiKey, json: { name: "CRM" }, expect: 201 });
    const { accessToken } = await callJson<{ accessToken: string }>("POST", "/apitoken/clientApp/accessToken", {
      json: { clientId: app.clientId, secret: app.secret, type: "OWNER" },
    });
    expect((await call("DELETE", `/api/account/clientApps/${app.clientId}`, { key: owner.apiKey })).status).toBe(204);
    expect((await call("DELETE", `/api/account/clientApps/${app.clientId}`, { key: owner.apiKey })).status).toBe(204);
    expect(await eventsOf(owner.accountId)).toEqual([
      { name: "CLIENT_APP_CREATE", packageId: null, sessionUser: owner.userId, message: `created "CRM" (client id ${app.clientId})`, ipAddress: IP },
      { name: "CLIENT_APP_REVOKE", packageId: null, sessionUser: owner.userId, message: `revoked "CRM" (client id ${app.clientId})`, ipAddress: IP },
    ]);
    await expectNoSecrets([owner.accountId], [app.secret, accessToken, owner.apiKey]);

    await expectRefusedWithoutEvent(owner.accountId, 404, "DELETE", `/api/account/clientApps/unknown-app`, { key: owner.apiKey });
    await expectRefusedWithoutEvent(owner.accountId, 400, "POST", "/api/account/clientApps", { key: owner.apiKey, json: { name: "" } });
  });
});

describe("verification types write their audit trail", () => {
  it("activate and deactivate once each; repeats and built-in types write nothing", async () => {
    const owner = await seedAccount();
    await callJson("PUT", "/api/account/verificationTypes/IDIN", { key: owner.apiKey });
    await callJson("PUT", "/api/account/verificationTypes/IDIN", { key: owner.apiKey });
    await callJson("PUT", "/api/account/verificationTypes/EMAIL_OTP", { key: owner.apiKey });
    expect((await call("DELETE", "/api/account/verificationTypes/IDIN", { key: owner.apiKey })).status).toBe(204);
    expect((await call("DELETE", "/api/account/verificationTypes/IDIN", { key: owner.apiKey })).status).toBe(204);
    expect(await eventsOf(owner.accountId)).toEqual([
      { name: "VERIFICATION_TYPE_ACTIVATE", packageId: null, sessionUser: owner.userId, message: "activated IDIN (iDIN (bank identity, Netherlands))", ipAddress: IP },
      { name: "VERIFICATION_TYPE_DEACTIVATE", packageId: null, sessionUser: owner.userId, message: "deactivated IDIN (iDIN (bank identity, Netherlands))", ipAddress: IP },
    ]);
    await expectRefusedWithoutEvent(owner.accountId, 422, "DELETE", "/api/account/verificationTypes/EMAIL_OTP", { key: owner.apiKey });
    await expectRefusedWithoutEvent(owner.accountId, 404, "PUT", "/api/account/verificationTypes/NOPE", { key: owner.apiKey });
  });
});

describe("GET /api/account/auditEvents", () => {
  /** Five client applications: five CLIENT_APP_CREATE events, App 1 oldest. */
  async function accountWithFiveEvents(): Promise<SeededAccount> {
    const owner = await seedAccount();
    for (let i = 1; i <= 5; i++) await callJson("POST", "/api/account/clientApps", { key: owner.apiKey, json: { name: `App ${i}` }, expect: 201 });
    return owner;
  }

  const appsOf = (list: EventList) => list.results.map((event) => /"(App \d)"/.exec(event.message)?.[1]);

  it("answers the account's events newest first, 1-based inclusive pages, count of all matches, no nulls", async () => {
    const owner = await accountWithFiveEvents();
    const all = await callJson<EventList>("GET", "/api/account/auditEvents", { key: owner.apiKey });
    expect(all.count).toBe(5);
    expect(appsOf(all)).toEqual(["App 5", "App 4", "App 3", "App 2", "App 1"]);
    expect(all.results[0]).toEqual({
      name: "CLIENT_APP_CREATE",
      sessionUser: owner.userId,
      message: expect.stringContaining('"App 5"'),
      ipAddress: IP,
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const page = await callJson<EventList>("GET", "/api/account/auditEvents?from=2&to=3", { key: owner.apiKey });
    expect(page.count).toBe(5);
    expect(appsOf(page)).toEqual(["App 4", "App 3"]);
    const tail = await callJson<EventList>("GET", "/api/account/auditEvents?from=5", { key: owner.apiKey });
    expect(appsOf(tail)).toEqual(["App 1"]);
    const beyond = await callJson<EventList>("GET", "/api/account/auditEvents?from=6&to=10", { key: owner.apiKey });
    expect(beyond).toEqual({ results: [], count: 5 });
  });

  it("includes the account's package events with their package, and filters by name", async () => {
    const owner = await accountWithFiveEvents();
    const packageId = await createPackageWithFiles(owner.apiKey, packagePayload());
    const packageEvents = await callJson<EventList>("GET", "/api/account/auditEvents?name=PACKAGE_CREATE", { key: owner.apiKey });
    expect(packageEvents.count).toBe(1);
    expect(packageEvents.results[0]).toMatchObject({ name: "PACKAGE_CREATE", packageId, sessionUser: owner.userId });

    const apps = await callJson<EventList>("GET", "/api/account/auditEvents?name=CLIENT_APP_CREATE&from=1&to=2", { key: owner.apiKey });
    expect(apps.count).toBe(5);
    expect(appsOf(apps)).toEqual(["App 5", "App 4"]);
    const none = await callJson<EventList>("GET", "/api/account/auditEvents?name=GROUP_DELETE", { key: owner.apiKey });
    expect(none).toEqual({ results: [], count: 0 });
    const unfiltered = await callJson<EventList>("GET", "/api/account/auditEvents?name=", { key: owner.apiKey });
    expect(unfiltered.count).toBeGreaterThan(5);
    expect(unfiltered.results.every((event) => !Object.values(event).includes(null as never))).toBe(true);
  });

  it("refuses bad paging and unknown event names (400)", async () => {
    const owner = await seedAccount();
    for (const query of ["from=-1", "from=abc", "to=0", "from=5&to=2", "from=1.5", "name=NOT_AN_EVENT"]) {
      const response = await call("GET", `/api/account/auditEvents?${query}`, { key: owner.apiKey });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, name: "Bad Request" });
    }
  });

  it("needs a credential (401) and reports.view (403: a sender lacks it)", async () => {
    const owner = await seedAccount();
    const sender = await seedSender(owner);
    expect((await call("GET", "/api/account/auditEvents")).status).toBe(401);
    const refused = await call("GET", "/api/account/auditEvents", { key: sender.apiKey });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ messageKey: "error.forbidden.noPermission" });
  });

  it("never shows another account's events", async () => {
    const owner = await accountWithFiveEvents();
    const other = await seedAccount();
    await callJson("POST", "/api/account/clientApps", { key: other.apiKey, json: { name: "Other app" }, expect: 201 });
    await createPackageWithFiles(other.apiKey, packagePayload());

    const mine = await callJson<EventList>("GET", "/api/account/auditEvents?to=100", { key: owner.apiKey });
    expect(mine.count).toBe(5);
    expect(mine.results.every((event) => event.sessionUser === owner.userId)).toBe(true);
    const theirs = await callJson<EventList>("GET", "/api/account/auditEvents?to=100", { key: other.apiKey });
    expect(theirs.results.map((event) => event.name).sort()).toEqual(expect.arrayContaining(["CLIENT_APP_CREATE", "PACKAGE_CREATE"]));
    expect(theirs.results.some((event) => /App \d/.test(event.message))).toBe(false);
    expect(theirs.results.every((event) => event.sessionUser === other.userId)).toBe(true);
  });
});
