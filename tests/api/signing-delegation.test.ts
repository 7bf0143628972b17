import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvals, auditEvents, callbackDeliveries, outboxMessages, roleSigningStates } from "@/lib/db/schema";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

interface ErrorBody {
  messageKey: string;
  message: string;
}

interface View {
  signer: { roleId: string; name: string; email: string; reassign: boolean };
  progress: { consentAccepted: boolean; mayStart: boolean };
}

interface WirePackage {
  status: string;
  roles: { id: string; index: number; reassign: boolean; signers: { id: string; email: string; firstName: string; lastName: string }[] }[];
}

const signatureField = (top: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top, left: 100, width: 200, height: 50 });

/** Buyer (index 1) then Seller (index 2), one signature each on one document; who may delegate is the caller's choice. */
async function sentPackage(owner: SeededAccount, reassign: { buyer: boolean; seller: boolean }, documents = ["doc1"]): Promise<string> {
  return createPackageWithFiles(owner.apiKey, {
    name: "Sale",
    status: "SENT",
    roles: [
      { id: "Buyer", index: 1, type: "SIGNER", reassign: reassign.buyer, signers: [{ email: "bea.buyer@example.test", firstName: "Bea", lastName: "Buyer" }] },
      { id: "Seller", index: 2, type: "SIGNER", reassign: reassign.seller, signers: [{ email: "sol.seller@example.test", firstName: "Sol", lastName: "Seller" }] },
    ],
    documents: documents.map((id, i) => ({
      id,
      name: `Document ${id}`,
      index: i,
      approvals: [
        { id: `${id}-buyer`, role: "Buyer", fields: [signatureField(500)] },
        { id: `${id}-seller`, role: "Seller", fields: [signatureField(600)] },
      ],
    })),
  });
}

async function invitationsTo(packageId: string, to: string) {
  const db = await getDb();
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "SIGNING_INVITATION"), eq(outboxMessages.to, to)))
    .orderBy(asc(outboxMessages.created));
}

/** Opens the (latest) invitation e-mailed to `to` the way a browser does, answering the session cookie and the token. */
async function openInvitation(packageId: string, to: string): Promise<{ headers: Record<string, string>; token: string }> {
  const mails = await invitationsTo(packageId, to);
  expect(mails.length, `invitations to ${to}`).toBeGreaterThan(0);
  const token = /\/access\?sessionToken=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1];
  const opened = await call("GET", `/access?sessionToken=${token}`, { headers: { "user-agent": "DelegationTest/1.0" } });
  expect(opened.status).toBe(303);
  return { headers: { cookie: opened.headers.get("set-cookie")!.split(";")[0] }, token };
}

const reassign = (packageId: string, headers: Record<string, string>, json: unknown, expect = 200) =>
  callJson<{ newRoleId: string } & ErrorBody>("POST", `/api/signing/${packageId}/reassign`, { headers, json, expect });

const dana = { email: "Dana.Delegate@example.test", firstName: "Dana", lastName: "Delegate", message: "Bea is travelling; please sign for her." };

async function signAs(packageId: string, headers: Record<string, string>, approvalId: string, documentId = "doc1") {
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  return callJson<{ roleCompleted: boolean }>("POST", `/api/signing/${packageId}/documents/${documentId}/sign`, { headers, json: { approvals: [{ id: approvalId }] } });
}

describe("delegating a signature (ROLE_REASSIGN)", () => {
  it("a new role takes the signer's place, the delegate is invited with the message, signs, and the package completes", async () => {
    const owner = await seedAccount();
    await callJson("POST", "/api/callback", { key: owner.apiKey, json: { url: "https://hooks.example.test/signet", events: ["ROLE_REASSIGN"] } });
    const packageId = await sentPackage(owner, { buyer: true, seller: false });
    const bea = await openInvitation(packageId, "bea.buyer@example.test");
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, { headers: bea.headers })).signer).toMatchObject({ roleId: "Buyer", reassign: true });
    // Bea accepted the consent herself: the delegate must accept it again.
    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers: bea.headers })).status).toBe(204);

    const { newRoleId } = await reassign(packageId, bea.headers, dana);
    expect(newRoleId).toMatch(/^[A-Za-z0-9]+$/);
    expect(newRoleId).not.toBe("Buyer");

    const pkg = await callJson<WirePackage>("GET", `/api/packages/${packageId}`, { key: owner.apiKey });
    const signingRoles = pkg.roles.filter((role) => role.id !== "Seller" && role.signers[0]?.email !== owner.email);
    expect(signingRoles).toHaveLength(1);
    expect(signingRoles[0]).toMatchObject({ id: newRoleId, index: 1, reassign: true });
    expect(signingRoles[0].signers[0]).toMatchObject({ id: newRoleId, email: "dana.delegate@example.test", firstName: "Dana", lastName: "Delegate" });

    const db = await getDb();
    const roleApprovals = await db.select().from(approvals).where(eq(approvals.packageId, packageId));
    expect(roleApprovals.filter((approval) => approval.roleId === "Buyer")).toEqual([]);
    const moved = roleApprovals.filter((approval) => approval.roleId === newRoleId);
    expect(moved.map((approval) => approval.documentId).sort()).toEqual(["default-consent", "doc1"]);
    expect(moved.every((approval) => approval.accepted === null && approval.signed === null)).toBe(true);
    const states = await db.select().from(roleSigningStates).where(eq(roleSigningStates.packageId, packageId));
    expect(states.map((state) => state.roleId).sort()).toEqual([newRoleId, "Seller"].sort());

    const events = await db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "ROLE_REASSIGN")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ sessionUser: "Buyer", newRoleId, userAgent: "DelegationTest/1.0" });
    expect(events[0].message).toContain("dana.delegate@example.test");
    const [delivery] = await db.select().from(callbackDeliveries).where(and(eq(callbackDeliveries.packageId, packageId), eq(callbackDeliveries.eventName, "ROLE_REASSIGN")));
    expect(delivery).toBeDefined();

    // Dana is invited at once, with Bea's message; Bea's session and link no longer work.
    const [invitation] = await invitationsTo(packageId, "dana.delegate@example.test");
    expect(invitation.text).toContain("Bea is travelling; please sign for her.");
    expect(invitation.text).toContain("Bea Buyer (bea.buyer@example.test) asked you to sign in their place.");
    const stale = await callJson<ErrorBody>("GET", `/api/signing/${packageId}`, { headers: bea.headers, expect: 409 });
    expect(stale.messageKey).toBe("error.conflict.roleReassigned");
    expect((await reassign(packageId, bea.headers, { ...dana, email: "again@example.test" }, 409)).messageKey).toBe("error.conflict.roleReassigned");
    expect((await call("GET", `/access?sessionToken=${bea.token}`)).status).toBe(410);

    const danaSession = await openInvitation(packageId, "dana.delegate@example.test");
    const view = await callJson<View>("GET", `/api/signing/${packageId}`, { headers: danaSession.headers });
    expect(view.signer).toMatchObject({ roleId: newRoleId, name: "Dana Delegate", email: "dana.delegate@example.test" });
    expect(view.progress).toMatchObject({ consentAccepted: false, mayStart: true });
    expect(await signAs(packageId, danaSession.headers, "doc1-buyer")).toEqual({ roleCompleted: true });

    const sol = await openInvitation(packageId, "sol.seller@example.test");
    expect(await signAs(packageId, sol.headers, "doc1-seller")).toEqual({ roleCompleted: true });
    expect((await callJson<WirePackage>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    const completions = await db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "SIGNER_COMPLETE"))).orderBy(asc(auditEvents.id));
    expect(completions.map((event) => event.sessionUser)).toEqual([newRoleId, "Seller"]);
  });

  it("is refused (403) when the sender did not allow the role to delegate, and nothing changes", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner, { buyer: false, seller: true });
    const bea = await openInvitation(packageId, "bea.buyer@example.test");
    const refused = await reassign(packageId, bea.headers, dana, 403);
    expect(refused.messageKey).toBe("error.forbidden.reassignNotAllowed");
    const db = await getDb();
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "ROLE_REASSIGN")))).toEqual([]);
    expect(await invitationsTo(packageId, "dana.delegate@example.test")).toEqual([]);
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, { headers: bea.headers })).signer.roleId).toBe("Buyer");
  });

  it("is refused before the signer's turn, to another signer or oneself, after signing part, and with an invalid body", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner, { buyer: true, seller: true }, ["doc1", "doc2"]);
    const db = await getDb();
    const sellerToken = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: owner.apiKey, json: { packageId, signerId: "Seller" } });
    const sellerOpened = await call("GET", `/access?sessionToken=${sellerToken.value}`);
    const seller = { cookie: sellerOpened.headers.get("set-cookie")!.split(";")[0] };
    expect((await reassign(packageId, seller, dana, 409)).messageKey).toBe("error.conflict.notYourTurn");

    const bea = await openInvitation(packageId, "bea.buyer@example.test");
    expect((await reassign(packageId, bea.headers, { ...dana, email: "SOL.seller@example.test" }, 422)).message).toContain("already signs this package");
    expect((await reassign(packageId, bea.headers, { ...dana, email: "bea.buyer@example.test" }, 422)).message).toContain("yourself");
    expect((await reassign(packageId, bea.headers, { email: "not-an-email", firstName: "X" }, 400)).messageKey).toBe("error.validation.invalidBody");

    expect(await signAs(packageId, bea.headers, "doc1-buyer")).toEqual({ roleCompleted: false });
    expect((await reassign(packageId, bea.headers, dana, 409)).messageKey).toBe("error.conflict.alreadySigned");
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.packageId, packageId), eq(auditEvents.name, "ROLE_REASSIGN")))).toEqual([]);
  });

  it("is refused (409) to a group signer: any other member signs instead", async () => {
    const owner = await seedAccount();
    const member = await seedSender(owner);
    const groupId = await seedGroup(owner, { name: "Board", email: `board-${member.userId}@example.test` }, [member.userId]);
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Resolution",
      status: "SENT",
      roles: [{ id: "Board", index: 1, type: "SIGNER", reassign: true, signers: [{ group: { id: groupId } }] }],
      documents: [{ id: "doc1", name: "Resolution", approvals: [{ id: "board", role: "Board", fields: [signatureField(500)] }] }],
    });
    const opened = await openInvitation(packageId, member.email);
    expect((await reassign(packageId, opened.headers, dana, 409)).messageKey).toBe("error.conflict.groupCannotReassign");
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, { headers: opened.headers })).signer.roleId).toBe("Board");
  });
});
