import { describe, expect, it } from "vitest";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { call, callJson } from "../support/api-client";
import { auditEventsOf, outboxOf, signOwnApprovalAs } from "../support/recorded";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Archiving a completed package, and cancelling the signing of a sent one with a reason (our
 * `message` extension of `{"status":"DRAFT"}`): the invited signers are e-mailed the reason.
 */

interface ErrorBody {
  code: number;
  messageKey: string;
  message: string;
}

const TOKEN = /\/access\?sessionToken=([A-Za-z0-9_-]+)/;
const person = (first: string) => ({ email: `${first.toLowerCase()}@example.test`, firstName: first, lastName: "Signer" });
const signature = (left: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left, width: 150, height: 50 });

/** Ann signs first, then Ben, then Cy: each is invited when the one before has signed. */
async function twoSignerPackage(owner: SeededAccount, status: "DRAFT" | "SENT" = "SENT") {
  return createPackageWithFiles(owner.apiKey, {
    name: "Lease",
    status,
    roles: [
      { id: "Ann", index: 1, type: "SIGNER", signers: [person("Ann")] },
      { id: "Ben", index: 2, type: "SIGNER", signers: [person("Ben")] },
      { id: "Cy", index: 3, type: "SIGNER", signers: [person("Cy")] },
    ],
    documents: [{ id: "doc1", name: "Lease", approvals: ["Ann", "Ben", "Cy"].map((id, i) => ({ id: `sign-${id}`, role: id, fields: [signature(60 + 170 * i)] })) }],
  });
}

function update(key: string, packageId: string, json: Record<string, unknown>) {
  return call("PUT", `/api/packages/${packageId}`, { key, json });
}

async function refusal(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  return (await response.json()) as ErrorBody;
}




describe("archiving a completed package", () => {
  it("sets ARCHIVED, records PACKAGE_ARCHIVE, and the documents still download", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);
    await signOwnApprovalAs(id, "Ann");
    await signOwnApprovalAs(id, "Ben");
    await signOwnApprovalAs(id, "Cy");

    // The zip holds sealed documents only (409 until then): sealed as the job does it.
    expect((await call("GET", `/api/packages/${id}/documents/zip`, { key: owner.apiKey })).status).toBe(409);
    await sealPackage(id);
    const archived = await callJson<{ status: string }>("PUT", `/api/packages/${id}`, { key: owner.apiKey, json: { status: "ARCHIVED" } });
    expect(archived.status).toBe("ARCHIVED");
    expect(await auditEventsOf(id, "PACKAGE_ARCHIVE")).toHaveLength(1);

    const zip = await call("GET", `/api/packages/${id}/documents/zip`, { key: owner.apiKey });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect((await call("GET", `/api/packages/${id}/documents/doc1/pdf`, { key: owner.apiKey })).status).toBe(200);
    const listed = await callJson<{ results: { id: string }[] }>("GET", "/api/packages?query=COMPLETED,ARCHIVED&from=1&to=50", { key: owner.apiKey });
    expect(listed.results.map((pkg) => pkg.id)).toContain(id);
  });

  it("unarchives back to COMPLETED with PACKAGE_UNARCHIVE: no second completion, seal or callback event; the Archived folder lists it until then", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);
    for (const role of ["Ann", "Ben", "Cy"]) await signOwnApprovalAs(id, role);
    await sealPackage(id);
    const completed = await callJson<{ completed: string }>("GET", `/api/packages/${id}`, { key: owner.apiKey });
    await update(owner.apiKey, id, { status: "ARCHIVED" });
    const archivedFolder = await callJson<{ results: { id: string }[]; count: number }>("GET", "/api/packages?query=ARCHIVED&from=1&to=50", { key: owner.apiKey });
    expect(archivedFolder.results.map((pkg) => pkg.id)).toEqual([id]);

    expect((await update(owner.apiKey, id, { status: "COMPLETED" })).status).toBe(200);
    const back = await callJson<{ status: string; completed: string }>("GET", `/api/packages/${id}`, { key: owner.apiKey });
    expect(back.status).toBe("COMPLETED");
    expect(back.completed).toBe(completed.completed);
    expect(await auditEventsOf(id, "PACKAGE_UNARCHIVE")).toHaveLength(1);
    expect(await auditEventsOf(id, "PACKAGE_COMPLETE")).toHaveLength(1);
    expect((await callJson<{ count: number }>("GET", "/api/packages?query=ARCHIVED&from=1&to=50", { key: owner.apiKey })).count).toBe(0);
    const completedFolder = await callJson<{ results: { id: string }[] }>("GET", "/api/packages?query=COMPLETED&from=1&to=50", { key: owner.apiKey });
    expect(completedFolder.results.map((pkg) => pkg.id)).toEqual([id]);
    expect((await call("GET", `/api/packages/${id}/documents/zip`, { key: owner.apiKey })).status).toBe(200);
  });

  it("refuses to archive a package that is not complete (409)", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);
    const refused = await refusal(await update(owner.apiKey, id, { status: "ARCHIVED" }), 409);
    expect(refused.messageKey).toBe("error.conflict.invalidStatusChange");
    expect(refused.message).toContain("COMPLETED");
  });
});

describe("cancelling the signing of a sent package with a reason", () => {
  it("goes back to DRAFT, e-mails each invited signer once with the reason, records it, and the old links stop working", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);
    await signOwnApprovalAs(id, "Ann"); // Ben is invited once Ann has signed; Cy's turn has not come: never invited.
    const [annInvitation] = (await outboxOf(id, "SIGNING_INVITATION")).filter((mail) => mail.to === "ann@example.test");
    const [benInvitation] = (await outboxOf(id, "SIGNING_INVITATION")).filter((mail) => mail.to === "ben@example.test");
    expect(benInvitation).toBeDefined();

    const reason = "The rent in clause 4 is wrong; a corrected lease follows.";
    const draft = await callJson<{ status: string }>("PUT", `/api/packages/${id}`, { key: owner.apiKey, json: { status: "DRAFT", message: `  ${reason}  ` } });
    expect(draft.status).toBe("DRAFT");

    const cancelled = await outboxOf(id, "SIGNING_CANCELLED");
    expect(cancelled.map((mail) => mail.to)).toEqual(["ann@example.test", "ben@example.test"]);
    for (const mail of cancelled) {
      expect(mail.subject).toContain('cancelled the signing of "Lease"');
      expect(mail.text).toContain(`> ${reason}`);
    }

    const [event] = await auditEventsOf(id, "PACKAGE_DEACTIVATE");
    expect(event).toMatchObject({ sessionUser: owner.userId, message: reason });

    // The outbox API lists them too.
    const outbox = await callJson<{ results: { kind: string; to: string }[] }>("GET", "/api/account/outbox?from=1&to=100", { key: owner.apiKey });
    expect(outbox.results.filter((mail) => mail.kind === "SIGNING_CANCELLED")).toHaveLength(2);

    // The old links no longer open the ceremony, and say why: the sender cancelled, with the reason.
    for (const invitation of [annInvitation!, benInvitation!]) {
      const token = TOKEN.exec(invitation.text)![1];
      const refused = await call("GET", `/access?sessionToken=${token}`, { headers: { "user-agent": "TestBrowser/1.0" } });
      expect(refused.status).toBe(410);
      expect(refused.headers.get("set-cookie")).toBeNull();
      const page = await refused.text();
      expect(page).toContain('<html lang="en">');
      expect(page).toContain("The signing was cancelled");
      expect(page).toContain(`Olive Owner cancelled the signing of “Lease”, so this link no longer opens it.`);
      expect(page).toContain(reason);
      expect(page).not.toContain("not valid");
    }
  });

  it("tells a signer who opens a cancelled link, in their language, that the sender cancelled and why; sending again makes new links", async () => {
    const owner = await seedAccount();
    const id = await createPackageWithFiles(owner.apiKey, {
      name: "Bail",
      status: "SENT",
      roles: [{ id: "Zoe", index: 1, type: "SIGNER", signers: [{ ...person("Zoe"), language: "fr-CA" }] }],
      documents: [{ id: "doc1", name: "Bail", approvals: [{ id: "sign-Zoe", role: "Zoe", fields: [signature(60)] }] }],
    });
    const [invitation] = await outboxOf(id, "SIGNING_INVITATION");
    const token = TOKEN.exec(invitation!.text)![1];
    const reason = "Le loyer <clause 4> est faux & sera corrigé.";
    expect((await update(owner.apiKey, id, { status: "DRAFT", message: reason })).status).toBe(200);

    const opened = async () => {
      const response = await call("GET", `/access?sessionToken=${token}`);
      expect(response.status).toBe(410);
      return response.text();
    };
    const page = await opened();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain("La signature a été annulée");
    expect(page).toContain(`Olive Owner a annulé la signature de « Bail » : ce lien ne l’ouvre plus.`);
    expect(page).toContain("Motif indiqué :");
    expect(page).toContain("Le loyer &lt;clause 4&gt; est faux &amp; sera corrigé.");

    // Sent again: new invitations, and the old link still says it was cancelled (it never opens the new signing).
    expect((await update(owner.apiKey, id, { status: "SENT" })).status).toBe(200);
    expect((await outboxOf(id, "SIGNING_INVITATION")).length).toBe(2);
    expect(await opened()).toContain("La signature a été annulée");

    // A link of the new signing opens it.
    const signerToken = await callJson<{ value: string }>("POST", "/api/authenticationTokens/signer/multiUse", { key: owner.apiKey, json: { packageId: id, signerId: "Zoe" } });
    expect((await call("GET", `/access?sessionToken=${signerToken.value}`)).status).toBe(303);
  });

  it("sends nothing when taken back to draft without a message, as before", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);
    expect((await update(owner.apiKey, id, { status: "DRAFT" })).status).toBe(200);
    expect((await update(owner.apiKey, (await twoSignerPackage(owner)), { status: "DRAFT", message: "  " })).status).toBe(200);
    expect(await outboxOf(id, "SIGNING_CANCELLED")).toHaveLength(0);
    const [event] = await auditEventsOf(id, "PACKAGE_DEACTIVATE");
    expect(event.message).toBeNull();
    // Its old link says the sender cancelled, without a reason to quote.
    const [invitation] = await outboxOf(id, "SIGNING_INVITATION");
    const refused = await call("GET", `/access?sessionToken=${TOKEN.exec(invitation!.text)![1]}`);
    expect(refused.status).toBe(410);
    const page = await refused.text();
    expect(page).toContain("cancelled the signing of “Lease”");
    expect(page).not.toContain("Their reason");
  });

  it("refuses a reason that is too long (400), a message without the status change (400), and cancelling a draft (409)", async () => {
    const owner = await seedAccount();
    const id = await twoSignerPackage(owner);

    const tooLong = await refusal(await update(owner.apiKey, id, { status: "DRAFT", message: "x".repeat(1001) }), 400);
    expect(tooLong.messageKey).toMatch(/^error\.validation/);
    expect(tooLong.message).toContain("message");

    const alone = await refusal(await update(owner.apiKey, id, { message: "Why" }), 400);
    expect(alone.messageKey).toBe("error.validation.messageWithoutCancel");

    const withSend = await refusal(await update(owner.apiKey, id, { status: "SENT", message: "Why" }), 400);
    expect(withSend.messageKey).toBe("error.validation.messageWithoutCancel");

    // Nothing changed: still SENT, no e-mail.
    expect((await callJson<{ status: string }>("GET", `/api/packages/${id}`, { key: owner.apiKey })).status).toBe("SENT");
    expect(await outboxOf(id, "SIGNING_CANCELLED")).toHaveLength(0);

    const draft = await twoSignerPackage(owner, "DRAFT");
    const notSent = await refusal(await update(owner.apiKey, draft, { status: "DRAFT", message: "Why" }), 409);
    expect(notSent.messageKey).toBe("error.conflict.packageNotSent");
    expect(notSent.message).toContain("DRAFT");
    expect(await outboxOf(draft, "SIGNING_CANCELLED")).toHaveLength(0);
  });
});
