import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, signerAttachmentFiles } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { blobStore, sha256Hex } from "@/lib/esign/storage/blob-store";
import { purgeExpiredDocuments } from "@/lib/esign/time-based/purge-packages";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { seedAccount, type SeededAccount } from "../support/seed";

const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  resetClock();
  delete process.env.MAX_FILE_MB;
});

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-attachments-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A session cookie for a role, opened the way `/access` opens one. */
async function sessionFor(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, ipAddress: "203.0.113.9", userAgent: "AttachmentTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

interface FilePart {
  name: string;
  bytes: Buffer;
  contentType?: string;
  field?: string;
}

/** multipart/form-data with the given file parts (field `file` unless told). */
function multipart(parts: FilePart[]) {
  const boundary = `----attach${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? "file"}"; filename="${part.name}"\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Requirement {
  id: string;
  name: string;
  description: string;
  required: boolean;
  status: string;
  comment: string;
  files: { id: string; name: string; size: number }[];
}

function upload(session: Record<string, string>, packageId: string, attachmentId: string, parts: FilePart[]) {
  const { body, contentType } = multipart(parts);
  return call("POST", `/api/signing/${packageId}/attachments/${attachmentId}`, { headers: { ...session, "content-type": contentType }, body });
}

async function uploadOk(session: Record<string, string>, packageId: string, attachmentId: string, part: FilePart): Promise<Requirement> {
  const response = await upload(session, packageId, attachmentId, [part]);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Requirement;
}

async function expectError(response: Response, status: number, messageKey: string) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(JSON.parse(text)).toMatchObject({ code: status, messageKey });
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const uniqueBytes = (label: string) => Buffer.from(`${label} ${randomBytes(16).toString("hex")}`);

/** A zip's entry names, in order, and a way to read one. */
function unzip(bytes: Buffer) {
  const folder = fs.mkdtempSync(path.join(scratch, "zip-"));
  const file = path.join(folder, "archive.zip");
  fs.writeFileSync(file, bytes);
  return {
    entries: execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n"),
    read: (entry: string) => execFileSync("unzip", ["-p", file, entry]),
  };
}

async function eventsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.packageId, packageId)).orderBy(asc(auditEvents.id));
}

async function fileRowsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(signerAttachmentFiles).where(eq(signerAttachmentFiles.packageId, packageId));
}

const signature = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 };

/**
 * Tenant and Landlord sign in parallel (both index 1) on one document. The tenant must upload a
 * photo ID (required) and may upload payslips; the landlord is asked for nothing.
 */
async function leaseWithAttachments(owner: SeededAccount, options: { status?: string } = {}) {
  const packageId = await createPackageWithFiles(owner.apiKey, {
    name: "Lease",
    status: options.status ?? "SENT",
    autocomplete: true,
    roles: [
      {
        id: "Tenant",
        name: "Tenant",
        index: 1,
        type: "SIGNER",
        signers: [{ email: "tenant@example.test", firstName: "Tia", lastName: "Tenant" }],
        attachmentRequirements: [
          { name: "Photo ID", description: "Both sides of your ID card", required: true },
          { name: "Payslips", description: "The last three", required: false },
        ],
      },
      { id: "Landlord", name: "Landlord", index: 1, type: "SIGNER", signers: [{ email: "landlord@example.test", firstName: "Lou", lastName: "Landlord" }] },
    ],
    documents: [
      {
        id: "doc1",
        name: "Lease",
        approvals: [
          { id: "tenant-signs", role: "Tenant", fields: [signature] },
          { id: "landlord-signs", role: "Landlord", fields: [{ ...signature, top: 680 }] },
        ],
      },
    ],
  });
  const pkg = await callJson<{ roles: { id: string; attachmentRequirements: Requirement[] }[] }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey });
  const requirements = pkg.roles.find((role) => role.id === "Tenant")!.attachmentRequirements;
  const byName = (name: string) => requirements.find((requirement) => requirement.name === name)!.id;
  return { packageId, photoId: byName("Photo ID"), payslips: byName("Payslips") };
}

async function signLease(session: Record<string, string>, packageId: string, approvalId: string) {
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers: session })).status).toBe(204);
  return callJson<{ roleCompleted: boolean }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers: session, json: { approvals: [{ id: approvalId }] } });
}

describe("attachment requirements on roles", () => {
  it("get ids when created, keep them through updates, and are validated", async () => {
    const owner = await seedAccount();
    const { packageId, photoId, payslips } = await leaseWithAttachments(owner, { status: "DRAFT" });
    expect(photoId).toMatch(/^\S+$/);
    expect(photoId).not.toBe(payslips);

    const role = await callJson<{ attachmentRequirements: unknown[] }>("GET", `/api/packages/${packageId}/roles/Tenant`, { key: owner.apiKey });
    expect(role.attachmentRequirements).toEqual([
      { id: photoId, name: "Photo ID", description: "Both sides of your ID card", required: true, status: "INCOMPLETE", comment: "", files: [], data: {} },
      { id: payslips, name: "Payslips", description: "The last three", required: false, status: "INCOMPLETE", comment: "", files: [], data: {} },
    ]);

    // An update naming the same requirements keeps their ids; a new one gets its own; status and files are the service's.
    const updated = await callJson<{ attachmentRequirements: Requirement[] }>("PUT", `/api/packages/${packageId}/roles/Tenant`, {
      key: owner.apiKey,
      json: { attachmentRequirements: [{ name: "Photo ID", required: true, status: "COMPLETE", files: [{ id: "x", name: "x" }] }, { name: "Bank statement", comment: "PDF please" }] },
    });
    expect(updated.attachmentRequirements.map((requirement) => [requirement.name, requirement.status, requirement.files])).toEqual([
      ["Photo ID", "INCOMPLETE", []],
      ["Bank statement", "INCOMPLETE", []],
    ]);
    expect(updated.attachmentRequirements[0].id).toBe(photoId);
    expect(updated.attachmentRequirements[1]).toMatchObject({ comment: "PDF please", required: false });
    expect([photoId, payslips]).not.toContain(updated.attachmentRequirements[1].id);

    const put = (json: unknown) => call("PUT", `/api/packages/${packageId}/roles/Tenant`, { key: owner.apiKey, json });
    await expectError(await put({ attachmentRequirements: [{ name: "ID" }, { name: "id" }] }), 400, "error.validation.duplicateAttachmentName");
    await expectError(await put({ attachmentRequirements: [{ description: "no name" }] }), 400, "error.validation.invalidBody");
    await expectError(await put({ attachmentRequirements: [{ name: "x".repeat(256) }] }), 400, "error.validation.invalidBody");
    // Ids are unique within the package: the sender's downloads name an attachment by its id alone.
    await expectError(
      await call("PUT", `/api/packages/${packageId}/roles/Landlord`, { key: owner.apiKey, json: { attachmentRequirements: [{ id: photoId, name: "Deed" }] } }),
      400,
      "error.validation.duplicateId",
    );
  });
});

describe("signer attachments in the ceremony", () => {
  it("a required attachment holds the signer back after signing; its upload finishes the signer and the package", async () => {
    const owner = await seedAccount();
    const { packageId, photoId, payslips } = await leaseWithAttachments(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    const landlord = await sessionFor(packageId, "Landlord");

    const view = await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/signing/${packageId}`, { headers: tenant });
    expect(view.attachmentRequirements).toEqual([
      { id: photoId, name: "Photo ID", description: "Both sides of your ID card", required: true, status: "INCOMPLETE", accepted: false, comment: "", files: [] },
      { id: payslips, name: "Payslips", description: "The last three", required: false, status: "INCOMPLETE", accepted: false, comment: "", files: [] },
    ]);
    expect((await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/signing/${packageId}`, { headers: landlord })).attachmentRequirements).toEqual([]);

    // The landlord's role has no such requirement.
    await expectError(await upload(landlord, packageId, photoId, [{ name: "deed.pdf", bytes: uniqueBytes("deed") }]), 404, "error.notFound.attachmentNotFound");

    expect(await signLease(landlord, packageId, "landlord-signs")).toEqual({ roleCompleted: true });
    // Everything signed, but the photo ID is missing: the tenant has not finished.
    expect(await signLease(tenant, packageId, "tenant-signs")).toEqual({ roleCompleted: false });
    expect((await callJson<{ progress: { completed: boolean } }>("GET", `/api/signing/${packageId}`, { headers: tenant })).progress.completed).toBe(false);
    // The signing status agrees: signing everything is not finishing while an attachment is owed.
    const signingStatus = async (roleId: string) => (await callJson<{ status: string }>("GET", `/api/packages/${packageId}/signingStatus?signer=${roleId}`, { key: owner.apiKey })).status;
    expect(await signingStatus("Tenant")).toBe("SIGNING_PENDING");
    expect(await signingStatus("Landlord")).toBe("SIGNING_COMPLETED");

    const payslip = uniqueBytes("payslip");
    const optional = await uploadOk(tenant, packageId, payslips, { name: "march.pdf", bytes: payslip, contentType: "application/pdf" });
    expect(optional).toMatchObject({ id: payslips, status: "COMPLETE", files: [{ name: "march.pdf", size: payslip.length }] });
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("SENT");

    const photo = uniqueBytes("photo");
    const answered = await uploadOk(tenant, packageId, photoId, { name: "front.png", bytes: photo, contentType: "image/png" });
    expect(answered).toMatchObject({ id: photoId, name: "Photo ID", required: true, status: "COMPLETE", files: [{ id: expect.any(String), name: "front.png", size: photo.length }] });

    const pkg = await callJson<{ status: string; roles: { id: string; attachmentRequirements: Requirement[] }[] }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey });
    expect(pkg.status).toBe("COMPLETED");
    expect(pkg.roles.find((role) => role.id === "Tenant")!.attachmentRequirements.map((requirement) => [requirement.name, requirement.status, requirement.files])).toEqual([
      ["Photo ID", "COMPLETE", [{ id: answered.files[0].id, name: "front.png" }]],
      ["Payslips", "COMPLETE", [{ id: optional.files[0].id, name: "march.pdf" }]],
    ]);

    const events = (await eventsOf(packageId)).filter((event) => ["PACKAGE_ATTACHMENT", "SIGNER_COMPLETE", "PACKAGE_COMPLETE"].includes(event.name));
    expect(events.map((event) => [event.name, event.sessionUser, event.message ?? ""])).toEqual([
      ["SIGNER_COMPLETE", "Landlord", ""],
      ["PACKAGE_ATTACHMENT", "Tenant", "Payslips"],
      ["PACKAGE_ATTACHMENT", "Tenant", "Photo ID"],
      ["SIGNER_COMPLETE", "Tenant", ""],
      ["PACKAGE_COMPLETE", "Tenant", ""],
    ]);
    expect(events[1]).toMatchObject({ ipAddress: "203.0.113.9", userAgent: "AttachmentTest/1.0" });

    const [row] = (await fileRowsOf(packageId)).filter((file) => file.requirementId === photoId);
    expect(row).toMatchObject({ roleId: "Tenant", name: "front.png", contentType: "image/png", size: photo.length, blobSha256: sha256Hex(photo), uploadedByName: "Tia Tenant", uploadedByEmail: "tenant@example.test" });
    expect(await (await blobStore()).get(sha256Hex(photo))).toEqual(photo);

    // The ceremony is over.
    await expectError(await upload(tenant, packageId, photoId, [{ name: "back.png", bytes: uniqueBytes("back") }]), 409, "error.conflict.packageNotSent");

    // The evidence summary lists the upload: requirement, file, who, fingerprint.
    const summary = await call("GET", `/api/packages/${packageId}/evidence/summary`, { key: owner.apiKey });
    expect(summary.status).toBe(200);
    const folder = fs.mkdtempSync(path.join(scratch, "pdf-"));
    fs.writeFileSync(path.join(folder, "summary.pdf"), await bytesOf(summary));
    const text = execFileSync("pdftotext", ["-raw", path.join(folder, "summary.pdf"), "-"], { encoding: "utf8" });
    expect(text).toContain("Attachment: Photo ID");
    expect(text).toContain('Uploaded "front.png"');
    expect(text.replace(/\s+/g, "")).toContain(sha256Hex(photo));
  });

  it("refuses empty, oversized and malformed uploads with JSON errors, storing nothing", async () => {
    const owner = await seedAccount();
    const { packageId, photoId } = await leaseWithAttachments(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    const store = await blobStore();

    await expectError(await upload(tenant, packageId, photoId, [{ name: "empty.png", bytes: Buffer.alloc(0) }]), 400, "error.validation.emptyFile");

    process.env.MAX_FILE_MB = "0.01"; // 10,485 bytes
    const big = Buffer.concat([uniqueBytes("big"), randomBytes(20_000)]);
    await expectError(await upload(tenant, packageId, photoId, [{ name: "big.png", bytes: big }]), 413, "error.validation.uploadTooLarge");
    expect(await store.size(sha256Hex(big))).toBeNull();
    delete process.env.MAX_FILE_MB;

    const twoFiles = [
      { name: "a.png", bytes: uniqueBytes("a") },
      { name: "b.png", bytes: uniqueBytes("b") },
    ];
    await expectError(await upload(tenant, packageId, photoId, twoFiles), 400, "error.validation.attachmentFile");
    await expectError(await upload(tenant, packageId, photoId, [{ name: "a.png", bytes: twoFiles[0].bytes, field: "document" }]), 400, "error.validation.attachmentFile");
    await expectError(
      await call("POST", `/api/signing/${packageId}/attachments/${photoId}`, { headers: tenant, json: { file: "not multipart" } }),
      415,
      "error.validation.contentType",
    );
    await expectError(await upload(tenant, packageId, "no-such-requirement", [{ name: "a.png", bytes: twoFiles[0].bytes }]), 404, "error.notFound.attachmentNotFound");
    await expectError(await upload({}, packageId, photoId, [{ name: "a.png", bytes: twoFiles[0].bytes }]), 401, "error.unauthorised.noSigningSession");

    expect(await fileRowsOf(packageId)).toEqual([]);
    for (const { bytes } of twoFiles) expect(await store.size(sha256Hex(bytes))).toBeNull();
    expect((await eventsOf(packageId)).map((event) => event.name)).not.toContain("PACKAGE_ATTACHMENT");
    expect((await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/signing/${packageId}`, { headers: tenant })).attachmentRequirements[0].status).toBe("INCOMPLETE");
  });

  it("the signer removes files before finishing: INCOMPLETE again when none is left, and the bytes go", async () => {
    const owner = await seedAccount();
    const { packageId, photoId, payslips } = await leaseWithAttachments(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    const front = uniqueBytes("front");
    const back = uniqueBytes("back");
    const first = await uploadOk(tenant, packageId, photoId, { name: "front.png", bytes: front });
    const both = await uploadOk(tenant, packageId, photoId, { name: "back.png", bytes: back });
    expect(both.files.map((file) => file.name)).toEqual(["front.png", "back.png"]);

    const remove = (attachmentId: string, fileId: string) => call("DELETE", `/api/signing/${packageId}/attachments/${attachmentId}/files/${fileId}`, { headers: tenant });
    await expectError(await remove(payslips, first.files[0].id), 404, "error.notFound.attachmentFileNotFound");
    await expectError(await remove(photoId, "no-such-file"), 404, "error.notFound.attachmentFileNotFound");

    const afterFirst = await remove(photoId, first.files[0].id);
    expect(afterFirst.status).toBe(200);
    expect(await afterFirst.json()).toMatchObject({ status: "COMPLETE", files: [{ name: "back.png" }] });
    const afterBoth = await remove(photoId, both.files[1].id);
    expect(await afterBoth.json()).toMatchObject({ status: "INCOMPLETE", files: [] });

    const store = await blobStore();
    expect(await store.size(sha256Hex(front))).toBeNull();
    expect(await store.size(sha256Hex(back))).toBeNull();
    expect(await fileRowsOf(packageId)).toEqual([]);
    const role = await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/packages/${packageId}/roles/Tenant`, { key: owner.apiKey });
    expect(role.attachmentRequirements[0]).toMatchObject({ status: "INCOMPLETE", files: [] });

    // Without the photo ID, signing leaves the tenant unfinished; uploading it again finishes them.
    expect(await signLease(tenant, packageId, "tenant-signs")).toEqual({ roleCompleted: false });
    await uploadOk(tenant, packageId, photoId, { name: "front.png", bytes: front });
    const state = await callJson<{ progress: { completed: boolean } }>("GET", `/api/signing/${packageId}`, { headers: tenant });
    expect(state.progress.completed).toBe(true);
    await expectError(await remove(photoId, (await fileRowsOf(packageId))[0].id), 409, "error.conflict.signerCompleted");
  });
});

describe("the sender's attachment downloads", () => {
  it("one file as is, several as a zip, every role's or one role's as a zip, and whether they exist", async () => {
    const owner = await seedAccount();
    const { packageId, photoId, payslips } = await leaseWithAttachments(owner);
    const tenant = await sessionFor(packageId, "Tenant");
    const get = (suffix: string, key = owner.apiKey) => call("GET", `/api/packages/${packageId}/attachment/${suffix}`, { key });
    const exists = async (suffix: string) => ((await (await get(suffix)).json()) as { exists: boolean }).exists;

    await expectError(await get(photoId), 404, "error.notFound.attachmentFileNotFound");
    await expectError(await get("zip"), 404, "error.notFound.attachmentFileNotFound");
    expect(await exists(`${photoId}/exists`)).toBe(false);
    expect(await exists("zip/Tenant/exists")).toBe(false);

    const front = uniqueBytes("front");
    const back = uniqueBytes("back");
    const march = uniqueBytes("march");
    const one = await uploadOk(tenant, packageId, photoId, { name: "front.png", bytes: front, contentType: "image/png" });
    const single = await get(photoId);
    expect(single.status).toBe(200);
    expect(single.headers.get("content-type")).toBe("image/png");
    expect(single.headers.get("content-disposition")).toBe(`attachment; filename="front.png"; filename*=UTF-8''front.png`);
    expect(await bytesOf(single)).toEqual(front);

    const two = await uploadOk(tenant, packageId, photoId, { name: "front.png", bytes: back, contentType: "image/png" });
    await uploadOk(tenant, packageId, payslips, { name: "march.pdf", bytes: march, contentType: "application/pdf" });
    const several = await get(photoId);
    expect(several.headers.get("content-type")).toBe("application/zip");
    expect(several.headers.get("content-disposition")).toContain(`filename="Photo ID.zip"`);
    const requirementZip = unzip(await bytesOf(several));
    expect(requirementZip.entries).toEqual(["front.png", "front (2).png"]);
    expect(requirementZip.read("front (2).png")).toEqual(back);

    const file = await get(`${photoId}/file/${two.files[1].id}`);
    expect(file.headers.get("content-length")).toBe(String(back.length));
    expect(await bytesOf(file)).toEqual(back);
    expect(await exists(`${photoId}/file/${one.files[0].id}/exists`)).toBe(true);
    expect(await exists(`${payslips}/file/${one.files[0].id}/exists`)).toBe(false);
    expect(await exists(`${photoId}/exists`)).toBe(true);
    expect(await exists("zip/Tenant/exists")).toBe(true);
    expect(await exists("zip/Landlord/exists")).toBe(false);

    const all = unzip(await bytesOf(await get("zip")));
    expect(all.entries).toEqual(["Tenant/Photo ID/front.png", "Tenant/Photo ID/front (2).png", "Tenant/Payslips/march.pdf"]);
    expect(all.read("Tenant/Payslips/march.pdf")).toEqual(march);
    const tenantZip = await get("zip/Tenant");
    expect(tenantZip.headers.get("content-disposition")).toContain(`filename="Lease - Tenant - Attachments.zip"`);
    expect(unzip(await bytesOf(tenantZip)).entries).toEqual(["Photo ID/front.png", "Photo ID/front (2).png", "Payslips/march.pdf"]);
    await expectError(await get("zip/Landlord"), 404, "error.notFound.attachmentFileNotFound");
    await expectError(await get("zip/Nobody"), 404, "error.notFound.roleNotFound");

    // Another package of the same account does not have this attachment; another account sees no package.
    const other = await leaseWithAttachments(owner);
    await expectError(await call("GET", `/api/packages/${other.packageId}/attachment/${photoId}`, { key: owner.apiKey }), 404, "error.notFound.attachmentNotFound");
    await expectError(await call("GET", `/api/packages/${other.packageId}/attachment/${photoId}/file/${one.files[0].id}`, { key: owner.apiKey }), 404, "error.notFound.attachmentNotFound");
    await expectError(await call("GET", `/api/packages/${other.packageId}/attachment/${other.photoId}/file/${one.files[0].id}`, { key: owner.apiKey }), 404, "error.notFound.attachmentFileNotFound");
    const stranger = await seedAccount();
    await expectError(await get(photoId, stranger.apiKey), 404, "error.notFound.packageNotFound");
    await expectError(await get(`${photoId}/exists`, stranger.apiKey), 404, "error.notFound.packageNotFound");

    // The sender removes a file while the package is out for signing.
    const removed = await call("DELETE", `/api/packages/${packageId}/attachment/${payslips}/file/${(await fileRowsOf(packageId)).find((row) => row.name === "march.pdf")!.id}`, { key: owner.apiKey });
    expect(removed.status).toBe(204);
    expect(await exists(`${payslips}/exists`)).toBe(false);
    expect(await (await blobStore()).size(sha256Hex(march))).toBeNull();
    const role = await callJson<{ attachmentRequirements: Requirement[] }>("GET", `/api/packages/${packageId}/roles/Tenant`, { key: owner.apiKey });
    expect(role.attachmentRequirements.map((requirement) => [requirement.name, requirement.status, requirement.files.length])).toEqual([
      ["Photo ID", "COMPLETE", 2],
      ["Payslips", "INCOMPLETE", 0],
    ]);

    // Once complete, what was uploaded stays.
    await signLease(await sessionFor(packageId, "Landlord"), packageId, "landlord-signs");
    expect(await signLease(tenant, packageId, "tenant-signs")).toEqual({ roleCompleted: true });
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    await expectError(await call("DELETE", `/api/packages/${packageId}/attachment/${photoId}/file/${one.files[0].id}`, { key: owner.apiKey }), 409, "error.conflict.packageNotSent");

    // A template made from the completed package asks for the same attachments, none answered.
    const { id: templateId } = await callJson<{ id: string }>("POST", `/api/packages/${packageId}/clone`, { key: owner.apiKey, json: { name: "Lease template" } });
    const template = await callJson<{ roles: { id: string; attachmentRequirements: Requirement[] }[] }>("GET", `/api/packages/${templateId}`, { key: owner.apiKey });
    expect(template.roles.find((candidate) => candidate.id === "Tenant")!.attachmentRequirements.map((requirement) => [requirement.id, requirement.status, requirement.files])).toEqual([
      [photoId, "INCOMPLETE", []],
      [payslips, "INCOMPLETE", []],
    ]);
  });

  it("retention removes the attachment files with the documents; bytes another package holds survive", async () => {
    const owner = await seedAccount();
    const done = await leaseWithAttachments(owner);
    const live = await leaseWithAttachments(owner);
    const shared = uniqueBytes("shared");
    const own = uniqueBytes("own");
    const tenant = await sessionFor(done.packageId, "Tenant");
    await uploadOk(tenant, done.packageId, done.photoId, { name: "shared.png", bytes: shared });
    await uploadOk(tenant, done.packageId, done.payslips, { name: "own.pdf", bytes: own });
    await uploadOk(await sessionFor(live.packageId, "Tenant"), live.packageId, live.photoId, { name: "same.png", bytes: shared });
    await signLease(await sessionFor(done.packageId, "Landlord"), done.packageId, "landlord-signs");
    await signLease(tenant, done.packageId, "tenant-signs");
    expect((await callJson<{ status: string }>("GET", `/api/packages/${done.packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");

    advanceClock(91 * DAY);
    expect(await purgeExpiredDocuments(now(), { accountIds: [owner.accountId] })).toBe(1);

    await expectError(await call("GET", `/api/packages/${done.packageId}/attachment/${done.photoId}`, { key: owner.apiKey }), 410, "error.gone.attachmentPurged");
    await expectError(await call("GET", `/api/packages/${done.packageId}/attachment/zip`, { key: owner.apiKey }), 410, "error.gone.attachmentPurged");
    expect(await (await call("GET", `/api/packages/${done.packageId}/attachment/${done.photoId}/exists`, { key: owner.apiKey })).json()).toEqual({ exists: false });
    const store = await blobStore();
    expect(await store.size(sha256Hex(own))).toBeNull();
    expect(await store.size(sha256Hex(shared))).toBe(shared.length);
    expect(await bytesOf(await call("GET", `/api/packages/${live.packageId}/attachment/${live.photoId}`, { key: owner.apiKey }))).toEqual(shared);

    const db = await getDb();
    const [purge] = await db.select().from(auditEvents).where(and(eq(auditEvents.packageId, done.packageId), eq(auditEvents.name, "PACKAGE_PURGE")));
    expect(purge.message).toContain(sha256Hex(own));
  });
});
