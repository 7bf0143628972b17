import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { approvalSignatures, auditEvents } from "@/lib/db/schema";
import { CONSENT_DOCUMENT_ID, CONSENT_DOCUMENT_NAME } from "@/lib/esign/documents/consent-document-id";
import { callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { seedAccount, seedManager, seedSender, type SeededAccount } from "../support/seed";

interface AuditTrail {
  "package-id": string;
  "audit-events": Record<string, string>[];
}

/** Every value of the wire: no nulls anywhere, dates in UTC ending in Z. */
function assertWireRules(value: unknown, where = "body") {
  expect(value, where).not.toBeNull();
  expect(value, where).not.toBeUndefined();
  if (Array.isArray(value)) value.forEach((item, i) => assertWireRules(item, `${where}[${i}]`));
  else if (value && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      if (typeof member === "string" && /^\d{4}-\d\d-\d\dT/.test(member)) expect(member, `${where}.${key}`).toMatch(/Z$/);
      assertWireRules(member, `${where}.${key}`);
    }
  }
}

/** With every event (our extension), as the console's history reads it. */
const audit = (key: string, packageId: string, expect = 200) => callJson<AuditTrail>("GET", `/api/packages/${packageId}/audit?events=all`, { key, expect });
/** As the original's: the signers' events only. */
const signersAudit = (key: string, packageId: string) => callJson<AuditTrail>("GET", `/api/packages/${packageId}/audit`, { key });

let owner: SeededAccount;
let packageId: string;

beforeAll(async () => {
  owner = await seedAccount();
  packageId = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Lease 2026", documents: ["Agreement"] }));
  await callJson("POST", `/api/packages/${packageId}`, { key: owner.apiKey, json: { status: "SENT" }, headers: { "x-forwarded-for": "203.0.113.5" } });
});

describe("GET /api/packages/{packageId}/audit", () => {
  it("lists the creation and the sending, oldest first, with the sender's name, e-mail and address", async () => {
    const trail = await audit(owner.apiKey, packageId);
    assertWireRules(trail);
    expect(trail["package-id"]).toBe(packageId);
    const sender = { "target-type": "Package", target: "Lease 2026", user: "Olive Owner", "user-email": owner.email, data: "" };
    expect(trail["audit-events"]).toEqual([
      { type: "Package Create", ...sender, "user-ip": "127.0.0.1", "date-time": expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      { type: "Package Send", ...sender, "user-ip": "203.0.113.5", "date-time": expect.stringMatching(/Z$/) },
    ]);
    const [created, sent] = trail["audit-events"].map((event) => Date.parse(event["date-time"]));
    expect(created).toBeLessThanOrEqual(sent);
  });

  it("names signers' actions with OneSpan's audit types and their documents", async () => {
    const ownPackage = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Signed", documents: ["Agreement"], status: "SENT" }));
    const db = await getDb();
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 2, 10, minute));
    const signer = { accountId: owner.accountId, packageId: ownPackage, sessionUser: "Signer1", ipAddress: "198.51.100.23" };
    await db.insert(approvalSignatures).values({
      packageId: ownPackage,
      documentId: "doc1",
      approvalId: "drawn",
      roleId: "Signer1",
      kind: "CAPTURE",
      signerName: "Signer Number1",
      signerEmail: "signer1@example.test",
      signedAt: at(3),
    });
    await db.insert(auditEvents).values([
      { ...signer, name: "DOCUMENT_SIGNED", documentId: CONSENT_DOCUMENT_ID, created: at(1) },
      { ...signer, name: "DOCUMENT_VIEWED", documentId: "doc1", created: at(2) },
      { ...signer, name: "DOCUMENT_SIGNED", documentId: "doc1", created: at(3) },
      { ...signer, name: "PACKAGE_DECLINE", message: "The rent is wrong", created: at(4) },
      { ...signer, name: "EMAIL_BOUNCE", sessionUser: "signer2@example.test", ipAddress: null, message: "BOUNCE", created: at(5) },
    ]);

    const trail = await audit(owner.apiKey, ownPackage);
    assertWireRules(trail);
    const person = { user: "Signer Number1", "user-email": "signer1@example.test", "user-ip": "198.51.100.23" };
    expect(trail["audit-events"].slice(-5)).toEqual([
      { type: "Accept", "target-type": "Document", target: CONSENT_DOCUMENT_NAME, ...person, "date-time": "2026-05-02T10:01:00.000Z", data: "" },
      { type: "View", "target-type": "Document", target: "Agreement", ...person, "date-time": "2026-05-02T10:02:00.000Z", data: "" },
      { type: "Capture Signature", "target-type": "Document", target: "Agreement", ...person, "date-time": "2026-05-02T10:03:00.000Z", data: "" },
      { type: "Decline", "target-type": "Package", target: "Signed", ...person, "date-time": "2026-05-02T10:04:00.000Z", data: "The rent is wrong" },
      {
        type: "Email Bounce",
        "target-type": "Package",
        target: "Signed",
        user: "",
        "user-email": "signer2@example.test",
        "user-ip": "",
        "date-time": "2026-05-02T10:05:00.000Z",
        data: "BOUNCE",
      },
    ]);

    // Without events=all, as the original: only its audit types, the sender's events and the bounce left out.
    const original = await signersAudit(owner.apiKey, ownPackage);
    expect(original["audit-events"].map((event) => event.type)).toEqual(["Accept", "View", "Capture Signature", "Decline"]);
  });

  it("names a document signed with an uploaded picture Upload Signature in the whole trail, Capture Signature as the original's", async () => {
    const ownPackage = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Uploaded", documents: ["Agreement"], status: "SENT" }));
    const db = await getDb();
    const signedAt = new Date(Date.UTC(2026, 4, 3, 9, 0));
    await db.insert(approvalSignatures).values({
      packageId: ownPackage,
      documentId: "doc1",
      approvalId: "uploaded",
      roleId: "Signer1",
      kind: "CAPTURE",
      imageUploaded: true,
      signerName: "Signer Number1",
      signerEmail: "signer1@example.test",
      signedAt,
    });
    await db.insert(auditEvents).values({ accountId: owner.accountId, packageId: ownPackage, sessionUser: "Signer1", name: "DOCUMENT_SIGNED", documentId: "doc1", created: signedAt });

    expect((await audit(owner.apiKey, ownPackage))["audit-events"].at(-1)).toMatchObject({ type: "Upload Signature", target: "Agreement", user: "Signer Number1" });
    expect((await signersAudit(owner.apiKey, ownPackage))["audit-events"].at(-1)).toMatchObject({ type: "Capture Signature", target: "Agreement" });
  });

  it("names the builder's signatures, fields and signers as the sender knows them, in the whole trail", async () => {
    const draft = await createPackageWithFiles(owner.apiKey, packagePayload({ name: "Built", documents: ["Agreement"] }));
    const added = await callJson<{ id: string }>("POST", `/api/packages/${draft}/documents/doc1/approvals`, {
      key: owner.apiKey,
      json: { role: "Signer2", fields: [{ type: "SIGNATURE", subtype: "INITIALS", page: 0, top: 100, left: 100, width: 60, height: 40 }] },
    });
    await callJson("PUT", `/api/packages/${draft}/roles`, { key: owner.apiKey, json: [{ id: "Signer2", index: 1 }, { id: "Signer1", index: 2 }] });

    const events = (await audit(owner.apiKey, draft))["audit-events"];
    const approvalAdd = events.find((event) => event.type === "Approval Add")!;
    expect(approvalAdd).toMatchObject({ target: "Agreement", data: expect.stringMatching(/^Initials of \S+ \S+$/) });
    expect(approvalAdd.data).not.toContain(added.id);
    expect(approvalAdd.data).not.toContain("Signer2");
    const reorder = events.find((event) => event.type === "Role Reorder");
    if (reorder) expect(reorder.data).not.toMatch(/Signer\d/);
    for (const event of events) expect(event.data, event.type).not.toContain(added.id);
  });

  it("is readable by whoever may follow the account's transactions, and by no one else", async () => {
    const manager = await seedManager({ accountId: owner.accountId });
    expect((await audit(manager.apiKey, packageId))["audit-events"].length).toBeGreaterThanOrEqual(2);

    const sender = await seedSender({ accountId: owner.accountId });
    const stranger = await seedAccount("Elsewhere");
    for (const key of [sender.apiKey, stranger.apiKey]) {
      const refused = await callJson<{ messageKey: string }>("GET", `/api/packages/${packageId}/audit`, { key, expect: 404 });
      expect(refused.messageKey).toBe("error.notFound.packageNotFound");
    }
    await callJson("GET", `/api/packages/no-such-package/audit`, { key: owner.apiKey, expect: 404 });
  });
});
