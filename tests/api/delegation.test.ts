import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountMemberships, outboxMessages, senderDelegates } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { pdfText } from "../support/poppler";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * Sender delegation (`/api/account/senders/{id}/delegates`): who may name whom, and what a
 * delegate then does with the delegator's packages, each action recorded on the delegator's behalf.
 */

interface DelegationUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  expiryDate?: string;
  active: boolean;
}
interface AuditEvent {
  type: string;
  user: string;
  "user-email": string;
  data: string;
}

async function expectError(method: string, path: string, key: string, json: unknown, status: number, messageKey: string): Promise<void> {
  const response = await call(method, path, { key, json });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  expect(JSON.parse(text)).toMatchObject({ code: status, messageKey });
}

const delegatesOf = (who: SeededAccount, key = who.apiKey) => callJson<DelegationUser[]>("GET", `/api/account/senders/${who.userId}/delegates`, { key });

let owner: SeededAccount;
let alice: SeededAccount;
let bob: SeededAccount;
let carol: SeededAccount;

beforeAll(async () => {
  owner = await seedAccount("Delegation account");
  [alice, bob, carol] = await Promise.all([seedSender(owner), seedSender(owner), seedSender(owner)]);
});

describe("managing delegates", () => {
  it("adds, lists, replaces, removes and clears a sender's own delegates", async () => {
    await callJson("DELETE", `/api/account/senders/${alice.userId}/delegates`, { key: alice.apiKey, expect: 204 });
    const added = await callJson<DelegationUser[]>("POST", `/api/account/senders/${alice.userId}/delegates/${bob.userId}`, {
      key: alice.apiKey,
      json: { id: bob.userId, email: bob.email, firstName: "ignored" },
    });
    expect(added).toEqual([expect.objectContaining({ id: bob.userId, email: bob.email, firstName: "Sam", lastName: "Sender", name: "Sam Sender", active: true })]);
    expect(added[0].expiryDate).toBeUndefined();

    // Ids and DelegationUsers mixed, as the original allows; a date-only expiry lasts that whole day.
    await callJson("PUT", `/api/account/senders/${alice.userId}/delegates`, {
      key: alice.apiKey,
      json: [carol.userId, { id: bob.userId, expiryDate: "2099-05-30" }],
    });
    const replaced = await delegatesOf(alice);
    expect(replaced.map((user) => user.id)).toEqual([carol.userId, bob.userId]);
    expect(replaced[1].expiryDate).toBe("2099-05-30T23:59:59.999Z");
    // The Sender says whether they have delegates, alone and in the account's list.
    expect(await callJson("GET", `/api/account/senders/${alice.userId}`, { key: owner.apiKey })).toMatchObject({ hasDelegates: true });
    expect(await callJson("GET", `/api/account/senders/${bob.userId}`, { key: owner.apiKey })).toMatchObject({ hasDelegates: false });
    const listed = await callJson<{ results: { id: string; hasDelegates: boolean }[] }>("GET", "/api/account/senders?from=1&to=100", { key: owner.apiKey });
    expect(listed.results.find((sender) => sender.id === alice.userId)?.hasDelegates).toBe(true);

    await callJson("DELETE", `/api/account/senders/${alice.userId}/delegates/${carol.userId}`, { key: alice.apiKey, expect: 204 });
    expect((await delegatesOf(alice)).map((user) => user.id)).toEqual([bob.userId]);
    await expectError("DELETE", `/api/account/senders/${alice.userId}/delegates/${carol.userId}`, alice.apiKey, undefined, 404, "error.notFound.delegateNotFound");

    await callJson("DELETE", `/api/account/senders/${alice.userId}/delegates`, { key: alice.apiKey, expect: 204 });
    expect(await delegatesOf(alice)).toEqual([]);
  });

  it("names a delegate by e-mail (the console's form) and refuses what the rules forbid", async () => {
    const stranger = await seedSender(await seedAccount("Another account"));
    const path = `/api/account/senders/${alice.userId}/delegates`;
    expect((await callJson<DelegationUser[]>("PUT", path, { key: alice.apiKey, json: [{ email: carol.email.toUpperCase() }] })).map((user) => user.id)).toEqual([
      carol.userId,
    ]);
    await expectError("POST", `${path}/${alice.userId}`, alice.apiKey, {}, 400, "error.validation.selfDelegation");
    await expectError("PUT", path, alice.apiKey, [alice.userId], 400, "error.validation.selfDelegation");
    await expectError("POST", `${path}/${stranger.userId}`, alice.apiKey, {}, 404, "error.notFound.senderNotFound");
    await expectError("PUT", path, alice.apiKey, [{ email: stranger.email }], 404, "error.notFound.senderNotFound");
    await expectError("POST", `${path}/${bob.userId}`, alice.apiKey, { expiryDate: "next week" }, 400, "error.validation.expiryDate");

    const locked = await seedSender(owner);
    const db = await getDb();
    await db.update(accountMemberships).set({ locked: true }).where(and(eq(accountMemberships.accountId, owner.accountId), eq(accountMemberships.userId, locked.userId)));
    await expectError("POST", `${path}/${locked.userId}`, alice.apiKey, {}, 409, "error.conflict.delegateNotActive");

    // A sender manages only their own delegates; the owner manages anyone's; another account's sender is a 404.
    await expectError("GET", `/api/account/senders/${bob.userId}/delegates`, alice.apiKey, undefined, 403, "error.forbidden.noPermission");
    await expectError("POST", `/api/account/senders/${bob.userId}/delegates/${carol.userId}`, alice.apiKey, {}, 403, "error.forbidden.noPermission");
    await callJson("POST", `/api/account/senders/${bob.userId}/delegates/${carol.userId}`, { key: owner.apiKey });
    expect((await delegatesOf(bob, owner.apiKey)).map((user) => user.id)).toEqual([carol.userId]);
    await expectError("GET", `/api/account/senders/${stranger.userId}/delegates`, owner.apiKey, undefined, 404, "error.notFound.senderNotFound");
    // The account's audit records who changed whose delegates.
    await callJson("DELETE", `/api/account/senders/${bob.userId}/delegates`, { key: owner.apiKey, expect: 204 });
    await callJson("DELETE", path, { key: alice.apiKey, expect: 204 });
  });
});

describe("a delegate acting on the delegator's packages", () => {
  it("reads, lists, changes, sends and downloads them only while the delegation is in force, each action recorded on the delegator's behalf", async () => {
    const delegator = await seedSender(owner);
    const delegate = await seedSender(owner);
    const draft = await createPackageWithFiles(delegator.apiKey, packagePayload({ name: "Delegated lease", signers: 1 }));

    // Not yet a delegate: the package does not exist for them.
    expect((await call("GET", `/api/packages/${draft}`, { key: delegate.apiKey })).status).toBe(404);
    expect((await callJson<{ count: number }>("GET", "/api/packages?query=delegated", { key: delegate.apiKey })).count).toBe(0);

    await callJson("POST", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, json: {} });
    // The delegate is told by e-mail, once (naming them again changes nothing but the expiry date).
    await callJson("POST", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, json: { expiryDate: "2099-01-01" } });
    await callJson("PUT", `/api/account/senders/${delegator.userId}/delegates`, { key: delegator.apiKey, json: [delegate.userId] });
    const mails = await (await getDb()).select().from(outboxMessages).where(and(eq(outboxMessages.to, delegate.email), eq(outboxMessages.kind, "DELEGATE_NAMED")));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Sam Sender named you their delegate");
    expect(mails[0].text).toContain("Delegated to me");
    expect(mails[0].text).toContain("/packages?tab=delegated");

    const folder = await callJson<{ results: { id: string; sender: { email: string } }[]; count: number }>("GET", "/api/packages?query=delegated", { key: delegate.apiKey });
    expect(folder.count).toBe(1);
    expect(folder.results[0]).toMatchObject({ id: draft, sender: { email: delegator.email } });
    // The delegator's own folders, as the delegator sees them.
    const drafts = await callJson<{ results: { id: string }[] }>("GET", `/api/packages?query=drafts&ownerUserId=${delegator.userId}`, { key: delegate.apiKey });
    expect(drafts.results.map((pkg) => pkg.id)).toEqual([draft]);
    // Someone who is no delegate still may not list them.
    expect((await call("GET", `/api/packages?query=drafts&ownerUserId=${delegator.userId}`, { key: carol.apiKey })).status).toBe(403);

    await callJson("PUT", `/api/packages/${draft}`, { key: delegate.apiKey, json: { name: "Delegated lease, revised" } });
    await callJson("POST", `/api/packages/${draft}`, { key: delegate.apiKey, json: { status: "SENT" } });
    const sent = await callJson<{ status: string; name: string; sender: { email: string } }>("GET", `/api/packages/${draft}`, { key: delegate.apiKey });
    expect(sent).toMatchObject({ status: "SENT", name: "Delegated lease, revised", sender: { email: delegator.email } });
    const pdf = await call("GET", `/api/packages/${draft}/documents/doc1/pdf`, { key: delegate.apiKey });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");

    // The history says whose behalf the delegate acted on; the delegator's own actions say nothing of the kind.
    const audit = await callJson<{ "audit-events": AuditEvent[] }>("GET", `/api/packages/${draft}/audit?events=all`, { key: delegator.apiKey });
    const byDelegate = audit["audit-events"].filter((event) => event["user-email"] === delegate.email);
    expect(byDelegate.map((event) => event.type)).toEqual(expect.arrayContaining(["Package Update", "Package Send"]));
    for (const event of byDelegate) expect(event.data).toContain(`On behalf of Sam Sender (${delegator.email})`);
    for (const event of audit["audit-events"].filter((event) => event["user-email"] === delegator.email)) expect(event.data).not.toContain("On behalf of");

    // The evidence summary (certificate) says it too, under the delegate's name.
    const evidence = await call("GET", `/api/packages/${draft}/evidence/summary`, { key: delegate.apiKey });
    expect(evidence.status).toBe(200);
    const certificate = pdfText(new Uint8Array(await evidence.arrayBuffer())).replace(/\s+/g, " ");
    // (The e-mail address wraps in the PDF's narrow column: the words before it are what matters.)
    expect(certificate.match(/Sent for signing Sam Sender <[^>]+> On behalf of Sam Sender \(/)).not.toBeNull();

    // The delegation report lists those actions under the delegator, for them and for the owner.
    type Report = { delegationEvents: Record<string, { eventType: string; eventUser: string; eventDescription: string }[]> };
    const report = await callJson<Report>("GET", "/api/reports/delegation", { key: delegator.apiKey });
    expect(Object.keys(report.delegationEvents)).toEqual([delegator.userId]);
    expect(report.delegationEvents[delegator.userId].map((event) => event.eventType)).toEqual(expect.arrayContaining(["Package Update", "Package Activate"]));
    expect(report.delegationEvents[delegator.userId][0].eventUser).toBe(`Sam Sender (${delegate.email})`);
    expect(report.delegationEvents[delegator.userId][0].eventDescription).toContain("Delegated lease");
    const whole = await callJson<Report>("GET", "/api/reports/delegation", { key: owner.apiKey });
    expect(whole.delegationEvents[delegator.userId]?.length).toBe(report.delegationEvents[delegator.userId].length);

    // Expired: no more access (the delegation is still listed, inactive).
    const db = await getDb();
    await db.update(senderDelegates).set({ expiryDate: new Date(Date.now() - 1000) }).where(eq(senderDelegates.delegateId, delegate.userId));
    expect((await call("GET", `/api/packages/${draft}`, { key: delegate.apiKey })).status).toBe(404);
    expect((await delegatesOf(delegator))[0]).toMatchObject({ id: delegate.userId, active: false });
    expect((await callJson<{ count: number }>("GET", "/api/packages?query=delegated", { key: delegate.apiKey })).count).toBe(0);

    // Removed: none either.
    await callJson("PUT", `/api/account/senders/${delegator.userId}/delegates`, { key: delegator.apiKey, json: [delegate.userId] });
    expect((await call("GET", `/api/packages/${draft}`, { key: delegate.apiKey })).status).toBe(200);
    await callJson("DELETE", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, expect: 204 });
    expect((await call("GET", `/api/packages/${draft}`, { key: delegate.apiKey })).status).toBe(404);
    expect((await call("PUT", `/api/packages/${draft}`, { key: delegate.apiKey, json: { name: "x" } })).status).toBe(404);
  });

  it("lists the delegator's templates (their own, not shared with the account) in the delegate's templates folder, and lets the delegate start a package from one", async () => {
    const delegator = await seedSender(owner);
    const delegate = await seedSender(owner);
    const template = await createPackageWithFiles(delegator.apiKey, { ...packagePayload({ name: "Private lease template", type: "TEMPLATE" }), visibility: "SENDER" });
    const delegatedTemplates = () => callJson<{ results: { id: string; sender: { email: string } }[]; count: number }>("GET", "/api/packages?type=TEMPLATE&query=delegated", { key: delegate.apiKey });
    // Not yet a delegate: neither listed among the templates nor readable.
    expect((await delegatedTemplates()).count).toBe(0);
    const ownTemplates = await callJson<{ results: { id: string }[] }>("GET", "/api/packages?type=TEMPLATE", { key: delegate.apiKey });
    expect(ownTemplates.results.map((row) => row.id)).not.toContain(template);
    expect((await call("GET", `/api/packages/${template}`, { key: delegate.apiKey })).status).toBe(404);

    await callJson("POST", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, json: {} });
    const listed = await delegatedTemplates();
    expect(listed.count).toBe(1);
    expect(listed.results[0]).toMatchObject({ id: template, sender: { email: delegator.email } });
    // The delegated packages folder stays packages only.
    expect((await callJson<{ results: { id: string }[] }>("GET", "/api/packages?query=delegated", { key: delegate.apiKey })).results.map((row) => row.id)).not.toContain(template);
    const started = await callJson<{ id: string }>("POST", `/api/packages/${template}/clone`, { key: delegate.apiKey, json: { name: "Lease from the template", type: "PACKAGE" } });
    expect((await callJson<{ name: string; type: string }>("GET", `/api/packages/${started.id}`, { key: delegate.apiKey })).type).toBe("PACKAGE");

    await callJson("DELETE", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, expect: 204 });
    expect((await delegatedTemplates()).count).toBe(0);
  });

  it("works one way only: the delegator does not see the delegate's packages", async () => {
    const delegator = await seedSender(owner);
    const delegate = await seedSender(owner);
    await callJson("POST", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, json: {} });
    const own = await createPackageWithFiles(delegate.apiKey, packagePayload({ name: "The delegate's own" }));
    expect((await call("GET", `/api/packages/${own}`, { key: delegator.apiKey })).status).toBe(404);
    // The delegate's own package, changed by the delegate: nothing on anyone's behalf.
    await callJson("PUT", `/api/packages/${own}`, { key: delegate.apiKey, json: { name: "Renamed" } });
    const audit = await callJson<{ "audit-events": AuditEvent[] }>("GET", `/api/packages/${own}/audit?events=all`, { key: delegate.apiKey });
    expect(audit["audit-events"].every((event) => !event.data.includes("On behalf of"))).toBe(true);
  });

  it("ends when the delegate leaves the account", async () => {
    const delegator = await seedSender(owner);
    const delegate = await seedSender(owner);
    await callJson("POST", `/api/account/senders/${delegator.userId}/delegates/${delegate.userId}`, { key: delegator.apiKey, json: {} });
    const response = await call("DELETE", `/api/account/senders/${delegate.userId}`, { key: owner.apiKey });
    expect(response.status).toBe(204);
    expect(await delegatesOf(delegator)).toEqual([]);
  });
});
