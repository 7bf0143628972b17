import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { approvalSignatures, auditEvents, fields, outboxMessages, users } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { scribblePng } from "../support/images";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

/** A session cookie for a role, opened the way `/access` opens one (that redemption is tested with the links). */
async function sessionFor(packageId: string, roleId: string, memberEmail: string | null = null): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail, ipAddress: "203.0.113.7", userAgent: "CeremonyTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

const as = (headers: Record<string, string>, json?: unknown) => ({ headers, ...(json === undefined ? {} : { json }) });

interface View {
  package: { status: string };
  signer: { roleId: string; name: string };
  progress: { consentAccepted: boolean; mayStart: boolean; waitingFor: string[]; completed: boolean; groupLock: { heldByYou: boolean; heldBy: string | null } | null };
  documents: { id: string; open: boolean; done: boolean; approvals: { id: string; mine: boolean; fields: { id: string; subtype: string; value: string }[] }[] }[];
}

async function eventsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(asc(auditEvents.id));
}

const signatureField = (subtype = "FULLNAME", top = 600) => ({ type: "SIGNATURE", subtype, page: 0, top, left: 100, width: 200, height: 50 });

/** Two signers in order (index 1 then 2) on one document; the first also fills a required list and a text field. */
async function twoSignerPackage(owner: SeededAccount, options: { autocomplete?: boolean; documents?: { id: string; index: number }[] } = {}) {
  const documentSpecs = options.documents ?? [{ id: "doc1", index: 0 }];
  return createPackageWithFiles(owner.apiKey, {
    name: "Lease",
    status: "SENT",
    autocomplete: options.autocomplete ?? true,
    roles: [
      { id: "Tenant", index: 1, type: "SIGNER", signers: [{ email: "tenant@example.test", firstName: "Tia", lastName: "Tenant" }] },
      { id: "Landlord", index: 2, type: "SIGNER", signers: [{ email: "landlord@example.test", firstName: "Lou", lastName: "Landlord" }] },
    ],
    documents: documentSpecs.map((document) => ({
      id: document.id,
      name: `Document ${document.id}`,
      index: document.index,
      approvals: [
        {
          id: `${document.id}-tenant`,
          role: "Tenant",
          fields: [
            signatureField(),
            { id: "floor", type: "INPUT", subtype: "LIST", page: 0, top: 100, left: 100, width: 100, height: 20, validation: { required: true, enum: ["1", "2"] } },
            { id: "note", type: "INPUT", subtype: "TEXTFIELD", page: 0, top: 140, left: 100, width: 100, height: 20, validation: { maxLength: 10 } },
            { id: "when", type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", page: 0, top: 180, left: 100, width: 100, height: 20 },
          ],
        },
        { id: `${document.id}-landlord`, role: "Landlord", fields: [signatureField("CAPTURE", 680)] },
      ],
    })),
  });
}

describe("the signing ceremony", () => {
  it("two signers in order: consent, fields checked, signatures, SIGNER_COMPLETE each, then PACKAGE_COMPLETE", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    const landlord = await sessionFor(packageId, "Landlord");

    const waiting = await callJson<View>("GET", `/api/signing/${packageId}`, as(landlord));
    expect(waiting.progress).toMatchObject({ mayStart: false, waitingFor: ["Tia Tenant"], consentAccepted: false });
    const early = await callJson<{ messageKey: string }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { ...as(landlord, { approvals: [] }), expect: 409 });
    expect(early.messageKey).toBe("error.conflict.notYourTurn");

    const noConsent = await callJson<{ messageKey: string }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { ...as(tenant, { approvals: [{ id: "doc1-tenant" }] }), expect: 409 });
    expect(noConsent.messageKey).toBe("error.conflict.consentNotAccepted");
    expect((await call("POST", `/api/signing/${packageId}/consent`, as(tenant))).status).toBe(204);
    expect((await call("POST", `/api/signing/${packageId}/documents/doc1/viewed`, as(tenant))).status).toBe(204);

    const view = await callJson<View>("GET", `/api/signing/${packageId}`, as(tenant));
    expect(view.progress).toMatchObject({ mayStart: true, consentAccepted: true, completed: false });
    expect(view.documents.map((document) => document.id)).toEqual(["doc1"]);
    expect(view.documents[0].approvals.map((approval) => [approval.id, approval.mine])).toEqual([["doc1-tenant", true], ["doc1-landlord", false]]);

    const sign = (headers: Record<string, string>, body: unknown, expect = 200) => callJson<{ messageKey?: string; roleCompleted?: boolean }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { ...as(headers, body), expect });
    expect((await sign(tenant, { approvals: [{ id: "doc1-tenant", fields: [] }] }, 422)).messageKey).toBe("error.validation.fieldRequired");
    expect((await sign(tenant, { approvals: [{ id: "doc1-tenant", fields: [{ id: "floor", value: "7" }] }] }, 422)).messageKey).toBe("error.validation.fieldValue");
    expect((await sign(tenant, { approvals: [{ id: "doc1-tenant", fields: [{ id: "floor", value: "2" }, { id: "note", value: "far too long here" }] }] }, 422)).messageKey).toBe(
      "error.validation.fieldValue",
    );
    expect((await sign(tenant, { approvals: [{ id: "doc1-landlord" }] }, 400)).messageKey).toBe("error.validation.unknownApproval");
    expect(await sign(tenant, { approvals: [{ id: "doc1-tenant", fields: [{ id: "floor", value: "2" }, { id: "note", value: "Flat B" }] }] })).toEqual({ roleCompleted: true });
    expect((await sign(tenant, { approvals: [] }, 409)).messageKey).toBe("error.conflict.signerCompleted");

    const db = await getDb();
    const values = await db.select({ id: fields.id, value: fields.value }).from(fields).where(and(eq(fields.packageId, packageId), eq(fields.approvalId, "doc1-tenant")));
    expect(Object.fromEntries(values.map((field) => [field.id, field.value]))).toMatchObject({ floor: "2", note: "Flat B", when: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    const [typed] = await db.select().from(approvalSignatures).where(and(eq(approvalSignatures.packageId, packageId), eq(approvalSignatures.approvalId, "doc1-tenant")));
    expect(typed).toMatchObject({ kind: "FULLNAME", text: "Tia Tenant", signerName: "Tia Tenant", ipAddress: "203.0.113.7", userAgent: "CeremonyTest/1.0" });

    // The landlord's turn now; a drawn signature is required for CAPTURE.
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, as(landlord))).progress.mayStart).toBe(true);
    await call("POST", `/api/signing/${packageId}/consent`, as(landlord));
    expect((await sign(landlord, { approvals: [{ id: "doc1-landlord", signature: { text: "Lou" } }] }, 422)).messageKey).toBe("error.validation.signatureRequired");
    const image = `data:image/png;base64,${Buffer.from(scribblePng()).toString("base64")}`;
    expect(await sign(landlord, { approvals: [{ id: "doc1-landlord", signature: { image } }] })).toEqual({ roleCompleted: true });

    const pkg = await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey });
    expect(pkg.status).toBe("COMPLETED");
    const names = (await eventsOf(packageId)).map((event) => `${event.name}${event.documentId ? `:${event.documentId}` : ""}@${event.sessionUser}`);
    expect(names.filter((name) => !name.startsWith("PACKAGE_CREATE") && !name.startsWith("PACKAGE_ACTIVATE") && !/^[A-Z_]+_(ADD|UPDATE)/.test(name))).toEqual([
      "DOCUMENT_SIGNED:default-consent@Tenant",
      "DOCUMENT_VIEWED:doc1@Tenant",
      "DOCUMENT_SIGNED:doc1@Tenant",
      "SIGNER_COMPLETE@Tenant",
      "DOCUMENT_SIGNED:default-consent@Landlord",
      "DOCUMENT_SIGNED:doc1@Landlord",
      "SIGNER_COMPLETE@Landlord",
      "PACKAGE_COMPLETE@Landlord",
    ]);
    const completedMail = await db.select().from(outboxMessages).where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "PACKAGE_COMPLETED")));
    expect(completedMail.map((mail) => mail.to)).toEqual([owner.email]);
    // It leads to the console's page of the package (where a browser signed in can download), not to API URLs.
    expect(completedMail[0]!.text).toContain(`${config().publicUrl}/packages/${packageId}`);
    expect(completedMail[0]!.text + completedMail[0]!.html).not.toContain("/api/");
    // The package left SENT: the ceremony is over for everyone.
    expect((await call("GET", `/api/signing/${packageId}`, as(tenant))).status).toBe(409);
  });

  it("a required radio button is met by any button of its group: the other one chosen signs, none chosen is refused", async () => {
    const owner = await seedAccount();
    const radioButton = (id: string, top: number, required: boolean) => ({
      id,
      type: "INPUT",
      subtype: "RADIO",
      page: 0,
      top,
      left: 100,
      width: 20,
      height: 20,
      validation: { group: "parking", ...(required ? { required: true } : {}) },
    });
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Parking",
      status: "SENT",
      roles: [{ id: "Tenant", index: 1, type: "SIGNER", signers: [{ email: "tenant@example.test", firstName: "Tia", lastName: "Tenant" }] }],
      documents: [{ id: "doc1", name: "Parking", approvals: [{ id: "tenant", role: "Tenant", fields: [signatureField(), radioButton("spot", 100, true), radioButton("none", 140, false)] }] }],
    });
    const tenant = await sessionFor(packageId, "Tenant");
    await call("POST", `/api/signing/${packageId}/consent`, as(tenant));
    const sign = (fieldValues: { id: string; value: string }[], expect = 200) =>
      callJson<{ messageKey?: string; message?: string; roleCompleted?: boolean }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, {
        ...as(tenant, { approvals: [{ id: "tenant", fields: fieldValues }] }),
        expect,
      });

    const noneChosen = await sign([], 422);
    expect(noneChosen.messageKey).toBe("error.validation.fieldRequired");
    expect(noneChosen.message).toContain('"spot"');
    expect((await sign([{ id: "spot", value: "" }, { id: "none", value: "" }], 422)).messageKey).toBe("error.validation.fieldRequired");
    expect(await sign([{ id: "none", value: "X" }])).toEqual({ roleCompleted: true });

    const db = await getDb();
    const values = await db.select({ id: fields.id, value: fields.value }).from(fields).where(and(eq(fields.packageId, packageId), eq(fields.approvalId, "tenant"), eq(fields.subtype, "RADIO")));
    expect(Object.fromEntries(values.map((field) => [field.id, field.value]))).toEqual({ spot: "", none: "X" });
  });

  it("without autocomplete the last signature raises PACKAGE_READY_FOR_COMPLETE and the package stays SENT", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner, { autocomplete: false });
    const image = `data:image/png;base64,${Buffer.from(scribblePng()).toString("base64")}`;
    for (const [roleId, approval] of [["Tenant", { id: "doc1-tenant", fields: [{ id: "floor", value: "1" }] }], ["Landlord", { id: "doc1-landlord", signature: { image } }]] as const) {
      const session = await sessionFor(packageId, roleId);
      await call("POST", `/api/signing/${packageId}/consent`, as(session));
      await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, as(session, { approvals: [approval] }));
    }
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("SENT");
    expect((await eventsOf(packageId)).map((event) => event.name)).toContain("PACKAGE_READY_FOR_COMPLETE");
    expect((await eventsOf(packageId)).map((event) => event.name)).not.toContain("PACKAGE_COMPLETE");
  });

  it("with document indexes the signer signs the lowest index first (spec 3.4)", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner, { documents: [{ id: "second", index: 2 }, { id: "first", index: 1 }] });
    const tenant = await sessionFor(packageId, "Tenant");
    await call("POST", `/api/signing/${packageId}/consent`, as(tenant));
    const view = await callJson<View>("GET", `/api/signing/${packageId}`, as(tenant));
    expect(view.documents.map((document) => [document.id, document.open])).toEqual([["first", true], ["second", false]]);
    const refused = await callJson<{ messageKey: string }>("POST", `/api/signing/${packageId}/documents/second/sign`, {
      ...as(tenant, { approvals: [{ id: "second-tenant", fields: [{ id: "floor", value: "1" }] }] }),
      expect: 409,
    });
    expect(refused.messageKey).toBe("error.conflict.documentOrder");
    await callJson("POST", `/api/signing/${packageId}/documents/first/sign`, as(tenant, { approvals: [{ id: "first-tenant", fields: [{ id: "floor", value: "1" }] }] }));
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, as(tenant))).documents.map((document) => document.open)).toEqual([true, true]);
  });

  it("declining ends signing: DECLINED, PACKAGE_DECLINE with the reason, the sender e-mailed", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    expect((await call("POST", `/api/signing/${packageId}/decline`, as(tenant, { reason: "" }))).status).toBe(400);
    expect((await call("POST", `/api/signing/${packageId}/decline`, as(tenant, { reason: "x".repeat(4001) }))).status).toBe(400);
    expect((await call("POST", `/api/signing/${packageId}/decline`, as(tenant, { reason: "The rent is wrong" }))).status).toBe(204);
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("DECLINED");
    const declined = (await eventsOf(packageId)).find((event) => event.name === "PACKAGE_DECLINE");
    expect(declined).toMatchObject({ sessionUser: "Tenant", message: "The rent is wrong" });
    const db = await getDb();
    const [mail] = await db.select().from(outboxMessages).where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "DECLINED")));
    expect(mail.to).toBe(owner.email);
    expect(mail.text).toContain("The rent is wrong");
    expect((await call("POST", `/api/signing/${packageId}/opt-out`, as(tenant, { reason: "paper please" }))).status).toBe(409);
  });

  it("opting out: OPTED_OUT and PACKAGE_OPT_OUT", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    expect((await call("POST", `/api/signing/${packageId}/opt-out`, as(tenant, { reason: "On paper, please" }))).status).toBe(204);
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("OPTED_OUT");
    expect((await eventsOf(packageId)).map((event) => event.name)).toContain("PACKAGE_OPT_OUT");
  });

  it("a group signer: of two members taking the lock at once exactly one gets it; the member's own name signs", async () => {
    const owner = await seedAccount();
    const first = await seedSender(owner);
    const second = await seedSender(owner);
    const db = await getDb();
    await db.update(users).set({ firstName: "Gina", lastName: "First" }).where(eq(users.id, first.userId));
    await db.update(users).set({ firstName: "Gus", lastName: "Second" }).where(eq(users.id, second.userId));
    const groupId = await seedGroup(owner, { name: "Legal", email: `legal-${first.userId}@example.test` }, [first.userId, second.userId]);
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Group deal",
      status: "SENT",
      roles: [{ id: "Legal", index: 1, type: "SIGNER", signers: [{ group: { id: groupId } }] }],
      documents: [{ id: "doc1", name: "Deal", approvals: [{ id: "legal", role: "Legal", fields: [signatureField()] }] }],
    });
    const sessions = [await sessionFor(packageId, "Legal", first.email), await sessionFor(packageId, "Legal", second.email)];
    const attempts = await Promise.all(sessions.map((session) => call("POST", `/api/signing/${packageId}/lock`, as(session))));
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = sessions[attempts.findIndex((response) => response.status === 200)];
    const loser = sessions[attempts.findIndex((response) => response.status === 409)];
    const winnerName = winner === sessions[0] ? "Gina First" : "Gus Second";
    expect(((await attempts.find((response) => response.status === 409)!.json()) as { message: string }).message).toContain(winnerName);

    expect((await callJson<View>("GET", `/api/signing/${packageId}`, as(loser))).progress.groupLock).toMatchObject({ heldByYou: false, heldBy: winnerName });
    expect((await call("POST", `/api/signing/${packageId}/consent`, as(loser))).status).toBe(409);
    await call("POST", `/api/signing/${packageId}/consent`, as(winner));
    expect(await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, as(winner, { approvals: [{ id: "legal" }] }))).toEqual({ roleCompleted: true });
    const [signature] = await db.select().from(approvalSignatures).where(eq(approvalSignatures.packageId, packageId));
    expect(signature).toMatchObject({ text: winnerName, signerName: winnerName });
  });

  it("two signers of the same index sign in parallel; finishing at the same instant, the package still completes", async () => {
    const owner = await seedAccount();
    const packageId = await createPackageWithFiles(owner.apiKey, {
      name: "Parallel",
      status: "SENT",
      roles: ["A", "B"].map((id) => ({ id, index: 1, type: "SIGNER", signers: [{ email: `${id.toLowerCase()}@example.test`, firstName: id, lastName: "Signer" }] })),
      documents: [{ id: "doc1", name: "Deal", approvals: ["A", "B"].map((role, i) => ({ id: `sig-${role}`, role, fields: [signatureField("FULLNAME", 500 + i * 100)] })) }],
    });
    const sessions = [await sessionFor(packageId, "A"), await sessionFor(packageId, "B")];
    for (const session of sessions) expect((await callJson<View>("GET", `/api/signing/${packageId}`, as(session))).progress.mayStart).toBe(true);
    for (const session of sessions) await call("POST", `/api/signing/${packageId}/consent`, as(session));
    const results = await Promise.all(
      sessions.map((session, i) => callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, as(session, { approvals: [{ id: `sig-${["A", "B"][i]}` }] }))),
    );
    expect(results).toEqual([{ roleCompleted: true }, { roleCompleted: true }]);
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    expect((await eventsOf(packageId)).filter((event) => event.name === "PACKAGE_COMPLETE")).toHaveLength(1);
  });

  it("401 without a session, and a session of one package does not open another", async () => {
    const owner = await seedAccount();
    const packageId = await twoSignerPackage(owner);
    const other = await twoSignerPackage(owner);
    expect((await call("GET", `/api/signing/${packageId}`)).status).toBe(401);
    const tenant = await sessionFor(packageId, "Tenant");
    expect((await call("GET", `/api/signing/${other}`, as({ cookie: tenant.cookie.replace(packageId, other) }))).status).toBe(401);
  });
});
