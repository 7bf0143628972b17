import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages, roleSigningStates } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { signOwnApprovalAs } from "../support/recorded";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, seedGroup, seedManager, seedSender, type SeededAccount } from "../support/seed";

/** POST /api/packages/{id}/roles/{roleId}/notifications: a role's invitation e-mailed again. */

interface ErrorBody {
  code: number;
  messageKey: string;
  message: string;
}

const TOKEN = /\/access\?sessionToken=([A-Za-z0-9_-]+)/;
const person = (first: string) => ({ email: `${first.toLowerCase()}@example.test`, firstName: first, lastName: "Signer" });
const signature = (left: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left, width: 150, height: 50 });

/** Three signers on one document: Ann first, then Ben and Cy together (same index, one step). */
async function threeSignerPackage(owner: SeededAccount, status: "DRAFT" | "SENT" = "SENT", signers: Record<string, unknown>[] = [person("Ann"), person("Ben"), person("Cy")]) {
  const roleIds = ["Ann", "Ben", "Cy"];
  return createPackageWithFiles(owner.apiKey, {
    name: "Lease",
    status,
    roles: roleIds.map((id, i) => ({ id, index: i === 0 ? 1 : 2, type: "SIGNER", signers: [signers[i]] })),
    documents: [{ id: "doc1", name: "Lease", approvals: roleIds.map((id, i) => ({ id: `sign-${id}`, role: id, fields: [signature(60 + 170 * i)] })) }],
  });
}

function notify(key: string | undefined, packageId: string, roleId: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  return call("POST", `/api/packages/${packageId}/roles/${encodeURIComponent(roleId)}/notifications`, { key, ...init });
}

async function refusal(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  return (await response.json()) as ErrorBody;
}

async function invitations(packageId: string, to: string) {
  const db = await getDb();
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "SIGNING_INVITATION"), eq(outboxMessages.to, to)))
    .orderBy(asc(outboxMessages.created), asc(outboxMessages.id));
}

async function reinviteEvents(packageId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "SIGNER_REINVITE")));
}

function redeem(text: string): Promise<Response> {
  const match = TOKEN.exec(text);
  expect(match, text).not.toBeNull();
  return call("GET", `/access?sessionToken=${match![1]}`, { headers: { "user-agent": "TestBrowser/1.0" } });
}


describe("sending a role's invitation again", () => {
  it("e-mails the signer whose turn it is a new working link, answers 200 with an empty body and records SIGNER_REINVITE", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner);
    expect(await invitations(id, "ann@example.test")).toHaveLength(1);

    const response = await notify(owner.apiKey, id, "Ann");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");

    const mails = await invitations(id, "ann@example.test");
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(mails[0].subject);
    expect(mails[1].status).toBe("QUEUED");
    expect(TOKEN.exec(mails[1].text)![1]).not.toBe(TOKEN.exec(mails[0].text)![1]);
    // Both links open the ceremony: the new one, and the first, which still works.
    expect((await redeem(mails[1].text)).status).toBe(303);
    expect((await redeem(mails[0].text)).status).toBe(303);
    // No one else was written to.
    expect(await invitations(id, "ben@example.test")).toHaveLength(0);

    const [event] = await reinviteEvents(id);
    expect(event).toMatchObject({ sessionUser: owner.userId, message: "Invitation sent again to ann@example.test (role Ann)" });
  });

  it("takes the request as the SDKs send it: no body (Java), an empty JSON body (.NET), the signer's id for the role", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner, "SENT", [{ ...person("Ann"), id: "ann-signer" }, person("Ben"), person("Cy")]);
    expect((await notify(owner.apiKey, id, "Ann")).status).toBe(200);
    expect((await notify(owner.apiKey, id, "Ann", { body: "", headers: { "content-type": "application/json; esl-api-version=11.43" } })).status).toBe(200);
    expect((await notify(owner.apiKey, id, "ann-signer")).status).toBe(200);
    expect(await invitations(id, "ann@example.test")).toHaveLength(4);
    expect(await reinviteEvents(id)).toHaveLength(3);
  });

  it("refuses a signer whose turn has not come (409), then invites them once it has, and refuses one who has finished (409)", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner);

    const early = await refusal(await notify(owner.apiKey, id, "Ben"), 409);
    expect(early.messageKey).toBe("error.conflict.notSignersTurn");
    expect(early.message).toContain("Ben");
    expect(await invitations(id, "ben@example.test")).toHaveLength(0);

    await signOwnApprovalAs(id, "Ann");
    const finished = await refusal(await notify(owner.apiKey, id, "Ann"), 409);
    expect(finished.messageKey).toBe("error.conflict.signerCompleted");

    // Ben and Cy sign in parallel: each can be invited again.
    expect(await invitations(id, "ben@example.test")).toHaveLength(1);
    expect((await notify(owner.apiKey, id, "Ben")).status).toBe(200);
    expect((await notify(owner.apiKey, id, "Cy")).status).toBe(200);
    expect(await invitations(id, "ben@example.test")).toHaveLength(2);
    expect(await invitations(id, "cy@example.test")).toHaveLength(2);
  });

  it("refuses a signer locked out after wrong one-time codes (409) until the sender unlocks them", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner);
    const db = await getDb();
    await db.update(roleSigningStates).set({ signerLocked: new Date() }).where(and(eq(roleSigningStates.packageId, id), eq(roleSigningStates.roleId, "Ann")));
    expect((await refusal(await notify(owner.apiKey, id, "Ann"), 409)).messageKey).toBe("error.conflict.signerLocked");
    await callJson("POST", `/api/packages/${id}/roles/Ann/unlock`, { key: owner.apiKey });
    expect((await notify(owner.apiKey, id, "Ann")).status).toBe(200);
  });

  it("refuses a package that is not out for signing: a draft, one in the trash, one back to draft, a completed one", async () => {
    const owner = await seedAccount();
    const draft = await threeSignerPackage(owner, "DRAFT");
    const notSent = await refusal(await notify(owner.apiKey, draft, "Ann"), 409);
    expect(notSent).toMatchObject({ code: 409, messageKey: "error.conflict.packageNotSent" });
    expect(notSent.message).toContain("DRAFT");

    const trashed = await threeSignerPackage(owner);
    await callJson("PUT", `/api/packages/${trashed}`, { key: owner.apiKey, json: { trashed: true } });
    expect((await refusal(await notify(owner.apiKey, trashed, "Ann"), 409)).messageKey).toBe("error.conflict.packageTrashed");

    const withdrawn = await threeSignerPackage(owner);
    await callJson("PUT", `/api/packages/${withdrawn}`, { key: owner.apiKey, json: { status: "DRAFT" } });
    expect((await refusal(await notify(owner.apiKey, withdrawn, "Ann"), 409)).messageKey).toBe("error.conflict.packageNotSent");

    const done = await threeSignerPackage(owner);
    for (const roleId of ["Ann", "Ben", "Cy"]) await signOwnApprovalAs(done, roleId);
    expect((await callJson<{ status: string }>("GET", `/api/packages/${done}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    expect((await refusal(await notify(owner.apiKey, done, "Cy"), 409)).message).toContain("COMPLETED");

    for (const packageId of [draft, trashed, withdrawn, done]) expect(await reinviteEvents(packageId)).toHaveLength(0);
  });

  it("answers 404 for an unknown role or package and 422 for the sender's own role", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner);
    expect((await refusal(await notify(owner.apiKey, id, "Nobody"), 404)).messageKey).toBe("error.notFound.roleNotFound");
    expect((await refusal(await notify(owner.apiKey, "no-such-package", "Ann"), 404)).messageKey).toBe("error.notFound.packageNotFound");

    const roles = await callJson<{ results: { id: string; type: string }[] }>("GET", `/api/packages/${id}/roles`, { key: owner.apiKey });
    const senderRole = roles.results.find((role) => role.type === "SENDER");
    expect(senderRole).toBeDefined();
    expect((await refusal(await notify(owner.apiKey, id, senderRole!.id), 422)).messageKey).toBe("error.validation.roleNotSigner");
  });

  it("writes to every member of a group signer, each with a link of their own; refuses a group without members (422)", async () => {
    const owner = await seedAccount();
    const [first, second] = [await seedSender(owner), await seedSender(owner)];
    const groupId = await seedGroup(owner, { name: "Legal", email: "legal@example.test" }, [first.userId, second.userId]);
    const emptyGroupId = await seedGroup(owner, { name: "Nobody", email: "nobody@example.test" });
    const id = await threeSignerPackage(owner, "SENT", [{ group: { id: groupId } }, person("Ben"), person("Cy")]);
    expect((await notify(owner.apiKey, id, "Ann")).status).toBe(200);
    for (const member of [first, second]) expect(await invitations(id, member.email)).toHaveLength(2);
    const [event] = await reinviteEvents(id);
    expect(event.message).toBe(`Invitation sent again to ${[first.email, second.email].sort().join(", ")} (role Ann)`);

    const lonely = await threeSignerPackage(owner, "SENT", [{ group: { id: emptyGroupId } }, person("Ben"), person("Cy")]);
    expect((await refusal(await notify(owner.apiKey, lonely, "Ann"), 422)).messageKey).toBe("error.validation.noRecipients");
    expect(await reinviteEvents(lonely)).toHaveLength(0);
  });

  it("is for whoever may change the package: 401 without a key, 404 for another account, 403 for a manager who only follows it", async () => {
    const owner = await seedAccount();
    const id = await threeSignerPackage(owner);
    expect((await refusal(await notify(undefined, id, "Ann"), 401)).code).toBe(401);

    const stranger = await seedAccount();
    expect((await refusal(await notify(stranger.apiKey, id, "Ann"), 404)).messageKey).toBe("error.notFound.packageNotFound");

    const sender = await seedSender(owner);
    expect((await refusal(await notify(sender.apiKey, id, "Ann"), 404)).messageKey).toBe("error.notFound.packageNotFound");

    const manager = await seedManager(owner);
    expect((await refusal(await notify(manager.apiKey, id, "Ann"), 403)).messageKey).toBe("error.forbidden.notPackageOwner");

    // A sender invites the signers of their own package; the account's owner may too.
    const own = await threeSignerPackage(sender);
    expect((await notify(sender.apiKey, own, "Ann")).status).toBe(200);
    expect((await notify(owner.apiKey, own, "Ann")).status).toBe(200);
    expect(await invitations(id, "ann@example.test")).toHaveLength(1);
  });
});
