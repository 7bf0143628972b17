import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, outboxMessages } from "@/lib/db/schema";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { makePdf } from "../support/pdfs";
import { seedAccount, type SeededAccount } from "../support/seed";

async function sessionFor(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, ipAddress: "203.0.113.9", userAgent: "ReviewTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

function upload(session: Record<string, string>, packageId: string, attachmentId: string, name: string, bytes: Buffer, contentType = "application/octet-stream") {
  const boundary = `----review${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call("POST", `/api/signing/${packageId}/attachments/${attachmentId}`, { headers: { ...session, "content-type": `multipart/form-data; boundary=${boundary}` }, body });
}

async function expectError(response: Response, status: number, messageKey: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(JSON.parse(text)).toMatchObject({ code: status, messageKey });
}

interface Requirement {
  id: string;
  name: string;
  description: string;
  required: boolean;
  status: string;
  comment: string;
  accepted?: boolean;
  files: { id: string; name: string }[];
}
interface Role {
  id: string;
  name: string;
  index: number;
  reassign: boolean;
  signers: Record<string, unknown>[];
  attachmentRequirements: Requirement[];
}

const signature = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 };

async function sentPackage(owner: SeededAccount, language = "en") {
  const packageId = await createPackageWithFiles(owner.apiKey, {
    name: "Loan",
    status: "SENT",
    // Kept SENT once the borrower finished, for the sender to review.
    autocomplete: false,
    roles: [
      {
        id: "Borrower",
        name: "Borrower",
        index: 1,
        type: "SIGNER",
        signers: [{ email: "borrower@example.test", firstName: "Bo", lastName: "Rower", language }],
        attachmentRequirements: [
          { name: "Photo ID", description: "Both sides", required: true },
          { name: "Payslip", description: "Last month", required: false },
        ],
      },
    ],
    documents: [{ id: "doc1", name: "Loan", approvals: [{ id: "borrower-signs", role: "Borrower", fields: [signature] }] }],
  });
  return packageId;
}

const roleOf = (owner: SeededAccount, packageId: string) => callJson<Role>("GET", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey });

/** The role sent back whole with one requirement changed, as the SDK's acceptAttachment/rejectAttachment do. */
function withReview(role: Role, name: string, change: Partial<Requirement>) {
  return { ...role, attachmentRequirements: role.attachmentRequirements.map((requirement) => (requirement.name === name ? { ...requirement, ...change } : requirement)) };
}

async function eventsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(asc(auditEvents.id));
}

async function mailsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(outboxMessages).where(and(eq(outboxMessages.packageId, packageId), eq(outboxMessages.kind, "ATTACHMENT_REJECTED")));
}

describe("the sender's review of a signer's attachments on a SENT package", () => {
  it("rejects with a comment (signer e-mailed in their language, held back), the signer uploads again, the sender accepts for good", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner, "fr");
    const signer = await sessionFor(packageId, "Borrower");
    const initial = await roleOf(owner, packageId);
    const photoId = initial.attachmentRequirements[0].id;

    // Nothing uploaded yet: nothing to reject.
    await expectError(
      await call("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: withReview(initial, "Photo ID", { status: "REJECTED", comment: "Blurry" }) }),
      409,
      "error.conflict.attachmentNotUploaded",
    );

    expect((await upload(signer, packageId, photoId, "id.png", Buffer.from("not really a png"))).status).toBe(200);
    const uploaded = await roleOf(owner, packageId);
    expect(uploaded.attachmentRequirements[0]).toMatchObject({ status: "COMPLETE" });
    expect(uploaded.attachmentRequirements[0].accepted).toBeUndefined();

    const rejected = await callJson<Role>("PUT", `/api/packages/${packageId}/roles/Borrower`, {
      key: owner.apiKey,
      json: withReview(uploaded, "Photo ID", { status: "REJECTED", comment: "Blurry: please scan it again." }),
    });
    expect(rejected.attachmentRequirements[0]).toMatchObject({ status: "REJECTED", comment: "Blurry: please scan it again." });
    // The other requirement, sent back unchanged, is untouched.
    expect(rejected.attachmentRequirements[1]).toMatchObject({ status: "INCOMPLETE", comment: "" });

    const [mail] = await mailsOf(packageId);
    expect(mail).toMatchObject({ to: "borrower@example.test" });
    expect(mail.subject).toContain("Photo ID");
    expect(mail.text).toContain("Blurry: please scan it again.");
    expect(mail.text).toContain("Téléverser de nouveau");
    expect(mail.text).toMatch(/https?:\/\/\S+/);

    // The ceremony shows the rejection; signing everything does not finish while it stands.
    const view = await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/signing/${packageId}`, { headers: signer });
    expect(view.attachmentRequirements[0]).toMatchObject({ status: "REJECTED", comment: "Blurry: please scan it again." });
    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers: signer })).status).toBe(204);
    expect(await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers: signer, json: { approvals: [{ id: "borrower-signs" }] } })).toEqual({ roleCompleted: false });

    // Uploading again answers the rejection: COMPLETE again, which finishes the signer.
    const again = await upload(signer, packageId, photoId, "id-rescan.pdf", await makePdf({ pages: 1 }), "application/pdf");
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({ status: "COMPLETE" });
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}/signingStatus?signer=Borrower`, { key: owner.apiKey })).status).toBe("SIGNING_COMPLETED");

    const accepted = await callJson<Role>("PUT", `/api/packages/${packageId}/roles/Borrower`, {
      key: owner.apiKey,
      json: withReview(await roleOf(owner, packageId), "Photo ID", { status: "COMPLETE", comment: "", accepted: true }),
    });
    expect(accepted.attachmentRequirements[0]).toMatchObject({ status: "COMPLETE", comment: "", accepted: true });
    // Accepted is final.
    await expectError(
      await call("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: withReview(accepted, "Photo ID", { status: "REJECTED", comment: "Changed my mind" }) }),
      409,
      "error.conflict.attachmentAccepted",
    );

    const names = (await eventsOf(packageId)).filter((event) => event.name.startsWith("ATTACHMENT_")).map((event) => [event.name, event.sessionUser, event.message]);
    expect(names).toEqual([
      ["ATTACHMENT_REJECT", owner.userId, "Photo ID: Blurry: please scan it again."],
      ["ATTACHMENT_ACCEPT", owner.userId, "Photo ID"],
    ]);
  });

  it("an accepted attachment's files no longer change; a rejected one's signer may remove and upload, the rejection standing until the upload", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner);
    const signer = await sessionFor(packageId, "Borrower");
    const role = await roleOf(owner, packageId);
    const [photo, payslip] = role.attachmentRequirements;
    const first = await (await upload(signer, packageId, payslip.id, "may.txt", Buffer.from("payslip of May"))).json();
    await callJson("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: withReview(await roleOf(owner, packageId), "Payslip", { status: "COMPLETE", accepted: true }) });
    await expectError(await upload(signer, packageId, payslip.id, "june.txt", Buffer.from("payslip of June")), 409, "error.conflict.attachmentAccepted");
    await expectError(await call("DELETE", `/api/signing/${packageId}/attachments/${payslip.id}/files/${first.files[0].id}`, { headers: signer }), 409, "error.conflict.attachmentAccepted");

    const second = await (await upload(signer, packageId, photo.id, "id.png", Buffer.from("id"))).json();
    await callJson("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: withReview(await roleOf(owner, packageId), "Photo ID", { status: "REJECTED", comment: "Wrong" }) });
    const removed = await callJson<Requirement>("DELETE", `/api/signing/${packageId}/attachments/${photo.id}/files/${second.files[0].id}`, { headers: signer });
    // The rejected file gone, the rejection and its comment stand: the signer still owes a new one.
    expect(removed).toMatchObject({ status: "REJECTED", comment: "Wrong", files: [] });
    expect((await roleOf(owner, packageId)).attachmentRequirements[0]).toMatchObject({ status: "REJECTED", comment: "Wrong", files: [] });
    // Nothing to accept, and the same rejection again is no change.
    await expectError(
      await call("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: withReview(await roleOf(owner, packageId), "Photo ID", { status: "COMPLETE", accepted: true }) }),
      409,
      "error.conflict.attachmentNotUploaded",
    );
    expect((await call("PUT", `/api/packages/${packageId}/roles/Borrower`, { key: owner.apiKey, json: await roleOf(owner, packageId) })).status).toBe(200);
    const uploadedAgain = await (await upload(signer, packageId, photo.id, "id-2.png", Buffer.from("id, again"))).json();
    expect(uploadedAgain).toMatchObject({ status: "COMPLETE", files: [{ name: "id-2.png" }] });
  });

  it("refuses any other change to a sent package's role, and a draft's PUT stays as it was", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner);
    const role = await roleOf(owner, packageId);
    const url = `/api/packages/${packageId}/roles/Borrower`;
    await expectError(await call("PUT", url, { key: owner.apiKey, json: { ...role, name: "Lender" } }), 409, "error.conflict.packageNotDraft");
    await expectError(await call("PUT", url, { key: owner.apiKey, json: { ...role, signers: [{ ...role.signers[0], email: "other@example.test" }] } }), 409, "error.conflict.packageNotDraft");
    await expectError(await call("PUT", url, { key: owner.apiKey, json: { name: "Borrower" } }), 409, "error.conflict.packageNotDraft");
    await expectError(
      await call("PUT", url, { key: owner.apiKey, json: { ...role, attachmentRequirements: [...role.attachmentRequirements, { name: "Extra" }] } }),
      409,
      "error.conflict.packageNotDraft",
    );
    // The whole role sent back unchanged is no change at all.
    expect((await call("PUT", url, { key: owner.apiKey, json: role })).status).toBe(200);
    expect(await roleOf(owner, packageId)).toEqual(role);
  });

  it("answers one verification result per uploaded file: kind against extension, size, SHA-256, PDF pages", async () => {
    const owner = await seedAccount();
    const packageId = await sentPackage(owner);
    const signer = await sessionFor(packageId, "Borrower");
    const url = `/api/packages/${packageId}/attachment/verifications`;
    expect(await callJson("GET", url, { key: owner.apiKey })).toEqual([]);
    const [photo, payslip] = (await roleOf(owner, packageId)).attachmentRequirements;
    const pdf = await makePdf({ pages: 3 });
    expect((await upload(signer, packageId, photo.id, "scan.pdf", pdf, "application/pdf")).status).toBe(200);
    expect((await upload(signer, packageId, payslip.id, "payslip.png", Buffer.from("%PDF-1.4 pretending"), "image/png")).status).toBe(200);

    const results = await callJson<Record<string, unknown>[]>("GET", url, { key: owner.apiKey });
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      attachmentUuid: photo.id,
      fileName: "scan.pdf",
      extension: "pdf",
      typeMatch: true,
      classificationResult: null,
      extractionResult: null,
      attachmentName: "Photo ID",
      roleId: "Borrower",
      detectedType: "pdf",
      size: pdf.length,
      intact: true,
      pageCount: 3,
    });
    expect(results[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(results[1]).toMatchObject({ attachmentUuid: payslip.id, fileName: "payslip.png", extension: "png", typeMatch: false, detectedType: "pdf", contentType: "image/png" });
    // Only the package's sender reads them.
    const stranger = await seedAccount();
    expect((await call("GET", url, { key: stranger.apiKey })).status).toBe(404);
  });
});
