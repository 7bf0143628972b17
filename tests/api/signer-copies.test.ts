import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { outboxBody } from "@/lib/email/outbox-body";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { runDueWork } from "@/lib/esign/time-based/run-due-work";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { pdfSig } from "../support/poppler";
import { outboxOf } from "../support/recorded";
import { seedAccount, seedGroup, seedSender } from "../support/seed";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-copies-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
afterEach(() => resetClock());

const DAY_MS = 24 * 60 * 60 * 1000;
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
/** A download's status, its body read to the end (a stream left open would hold the database's blob reads). */
const statusOf = async (response: Promise<Response>) => {
  const answered = await response;
  await answered.arrayBuffer();
  return answered.status;
};

function unzip(bytes: Buffer) {
  const folder = fs.mkdtempSync(path.join(scratch, "zip-"));
  const file = path.join(folder, "archive.zip");
  fs.writeFileSync(file, bytes);
  return {
    entries: execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n"),
    read: (entry: string) => execFileSync("unzip", ["-p", file, entry]),
  };
}

async function sessionFor(packageId: string, roleId: string, memberEmail: string | null = null): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail, ipAddress: "203.0.113.7", userAgent: "CopyTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

const signature = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 };

/**
 * A SENT package signed in order by a person (Tenant) and a group of two members (Legal), and the
 * sender's own role, which has nothing to sign; two documents.
 */
async function sentPackage() {
  const owner = await seedAccount();
  const signing = await seedSender(owner);
  const other = await seedSender(owner);
  const groupId = await seedGroup(owner, { name: "Legal", email: `legal-${Date.now()}@example.test` }, [signing.userId, other.userId]);
  const packageId = await createPackageWithFiles(owner.apiKey, {
    name: "Lease",
    status: "SENT",
    autocomplete: true,
    roles: [
      { id: "Tenant", index: 1, type: "SIGNER", signers: [{ email: "tia@example.test", firstName: "Tia", lastName: "Tenant" }] },
      { id: "Legal", index: 2, type: "SIGNER", signers: [{ group: { id: groupId } }] },
    ],
    documents: ["doc1", "doc2"].map((id, index) => ({
      id,
      name: `Document ${index + 1}`,
      index,
      approvals: [
        { id: `${id}-tenant`, role: "Tenant", fields: [signature] },
        { id: `${id}-legal`, role: "Legal", fields: [{ ...signature, top: 680 }] },
      ],
    })),
  });
  return { owner, packageId, signing, other };
}

async function signAll(packageId: string, headers: Record<string, string>, role: string) {
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  for (const id of ["doc1", "doc2"]) {
    await callJson("POST", `/api/signing/${packageId}/documents/${id}/sign`, { headers, json: { approvals: [{ id: `${id}-${role}` }] } });
  }
}

const offerOf = (packageId: string, headers: Record<string, string>) => callJson<{ status: string; pageUrl?: string; zipUrl?: string }>("POST", `/api/signing/${packageId}/copy`, { headers });

/** Both signers sign; then the seal runs (as its job would). */
async function completedAndSealed() {
  const signed = await sentPackage();
  const { packageId } = signed;
  const tenant = await sessionFor(packageId, "Tenant");
  await signAll(packageId, tenant, "tenant");
  const legal = await sessionFor(packageId, "Legal", signed.signing.email);
  await callJson("POST", `/api/signing/${packageId}/lock`, { headers: legal });
  await signAll(packageId, legal, "legal");
  return { ...signed, tenant, legal };
}

/** The token of the copy link an e-mail carries. */
function copyTokenOf(text: string): string {
  const match = new RegExp(`${config().publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/copy/([A-Za-z0-9_-]+)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe("the signers' copies", () => {
  it("once sealed, each signer is e-mailed a link that downloads the sealed documents, as a zip and one by one", { timeout: 90_000 }, async () => {
    const { owner, packageId, signing, other, tenant, legal } = await completedAndSealed();
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    // Completed, not sealed yet: no copy is sent, and the ceremony's last page waits for the seal.
    expect(await outboxOf(packageId, "SIGNER_COPY")).toEqual([]);
    expect(await offerOf(packageId, legal)).toEqual({ status: "SEALING" });

    expect((await sealPackage(packageId)).sealed.sort()).toEqual(["doc1", "doc2"]);
    // Once: a second run seals nothing and sends nothing.
    await sealPackage(packageId);
    const mails = await outboxOf(packageId, "SIGNER_COPY");
    // The person, and the group's member who signed for it; not the other member, not the sender.
    expect(mails.map((mail) => mail.to).sort()).toEqual(["tia@example.test", signing.email.toLowerCase()].sort());
    expect(mails.map((mail) => mail.to)).not.toContain(other.email.toLowerCase());
    expect(mails.map((mail) => mail.to)).not.toContain(owner.email.toLowerCase());
    expect(mails[0]!.subject).toBe('Your signed copy of "Lease"');
    // The link is the recipient's alone: the account's outbox does not show it.
    expect(outboxBody("SIGNER_COPY", mails[0]!.text)).not.toContain("/copy/");

    const db = await getDb();
    const store = await blobStore();
    const sealedRows = await db.select().from(documents).where(eq(documents.packageId, packageId));
    const sealedOf = async (id: string) => Buffer.from((await store.get(sealedRows.find((row) => row.id === id)!.sealedBlobSha256!))!);

    for (const mail of mails) {
      const token = copyTokenOf(mail.text);
      const zip = await call("GET", `/api/signerCopies/${token}/zip`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get("content-type")).toBe("application/zip");
      const archive = unzip(await bytesOf(zip));
      expect(archive.entries).toEqual(expect.arrayContaining(["Document 1.pdf", "Document 2.pdf"]));
      for (const [entry, id] of [["Document 1.pdf", "doc1"], ["Document 2.pdf", "doc2"]] as const) {
        const bytes = archive.read(entry);
        expect(bytes.equals(await sealedOf(id))).toBe(true);
        expect(bytes.toString("latin1")).toContain("/ByteRange");
      }
      const pdf = await call("GET", `/api/signerCopies/${token}/documents/doc2/pdf`);
      expect(pdf.status).toBe(200);
      const pdfBytes = await bytesOf(pdf);
      expect(pdfBytes.equals(await sealedOf("doc2"))).toBe(true);
      expect(pdfSig(pdfBytes)).toMatch(/Signature Validation: Signature is Valid/);
      // No other document, nor the consent document, through the link.
      expect(await statusOf(call("GET", `/api/signerCopies/${token}/documents/default-consent/pdf`))).toBe(404);
      // It opens no ceremony: not at /access, nor as a ceremony session.
      expect(await statusOf(call("GET", `/access?sessionToken=${token}`))).toBe(404);
      const asSession = { cookie: `${signingCookieName(packageId)}=${token}` };
      expect(await statusOf(call("GET", `/api/signing/${packageId}`, { headers: asSession }))).toBe(401);
      expect((await call("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers: asSession, json: { approvals: [{ id: "doc1-tenant" }] } })).status).toBe(401);
    }

    // The ceremony's last page offers the download now: a link of the signer's own.
    const offer = await offerOf(packageId, legal);
    expect(offer).toMatchObject({ status: "READY", pageUrl: expect.stringMatching(/^\/copy\//), zipUrl: expect.stringMatching(/^\/api\/signerCopies\/.+\/zip$/) });
    expect(await statusOf(call("GET", offer.zipUrl!))).toBe(200);
    // The earlier signer's session too (it still holds their session cookie).
    expect((await offerOf(packageId, tenant)).status).toBe("READY");
    // Guessing does not work.
    expect(await statusOf(call("GET", `/api/signerCopies/${"A".repeat(43)}/zip`))).toBe(404);
  });

  it("an earlier signer is told the copy comes by e-mail: WAITING while others still sign", async () => {
    const { packageId } = await sentPackage();
    const tenant = await sessionFor(packageId, "Tenant");
    await signAll(packageId, tenant, "tenant");
    expect(await offerOf(packageId, tenant)).toEqual({ status: "WAITING" });
  });

  it("the link stops working when the retention period ends", async () => {
    const { owner, packageId } = await completedAndSealed();
    await sealPackage(packageId);
    const token = copyTokenOf((await outboxOf(packageId, "SIGNER_COPY"))[0]!.text);
    expect(await statusOf(call("GET", `/api/signerCopies/${token}/zip`))).toBe(200);
    // A day before the end, it still works; past it, 410 even before the purge ran, and after.
    advanceClock((config().retentionDays - 1) * DAY_MS);
    expect(await statusOf(call("GET", `/api/signerCopies/${token}/documents/doc1/pdf`))).toBe(200);
    advanceClock(2 * DAY_MS);
    const expired = await callJson<{ messageKey: string }>("GET", `/api/signerCopies/${token}/zip`, { expect: 410 });
    expect(expired.messageKey).toBe("error.gone.signerCopyExpired");
    await runDueWork(undefined, { accountIds: [owner.accountId] });
    expect(await statusOf(call("GET", `/api/signerCopies/${token}/documents/doc1/pdf`))).toBe(410);
  });

  it("the link stops working when the sender trashes or deletes the package", async () => {
    const { owner, packageId } = await completedAndSealed();
    await sealPackage(packageId);
    const token = copyTokenOf((await outboxOf(packageId, "SIGNER_COPY"))[0]!.text);
    await callJson("POST", `/api/packages/${packageId}`, { key: owner.apiKey, json: { trashed: true } });
    expect(await statusOf(call("GET", `/api/signerCopies/${token}/zip`))).toBe(410);
    expect((await call("DELETE", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBeLessThan(300);
    const deleted = await callJson<{ messageKey: string }>("GET", `/api/signerCopies/${token}/zip`, { expect: 410 });
    expect(deleted.messageKey).toBe("error.gone.packageDeleted");
  });
});
