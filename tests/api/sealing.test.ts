import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { boxToWire } from "@/lib/api/wire-units";
import { config } from "@/lib/config";
import { database, getDb } from "@/lib/db/client";
import { approvals, approvalSignatures, auditEvents, documents, fields, packages, roles, roleSigningStates, sealLeases } from "@/lib/db/schema";
import { advanceClock, now, resetClock } from "@/lib/esign/clock";
import { queuePackageSealing } from "@/lib/esign/sealing/queue-package-sealing";
import { resumeInterruptedSeals } from "@/lib/esign/sealing/resume-interrupted-seals";
import { renewSealLease, SEAL_LEASE_SECONDS, takeSealLease } from "@/lib/esign/sealing/seal-lease";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { runDueWork } from "@/lib/esign/time-based/run-due-work";
import { SEAL_PACKAGE_JOB } from "@/lib/jobs/names";
import { startJobQueue, stopJobQueue } from "@/lib/jobs/queue";
import { call, callJson } from "../support/api-client";
import { scribblePng } from "../support/images";
import { makePdf, multipartBody } from "../support/pdfs";
import { darkShare, pdfFonts, pdfSig, pdfText, renderPageGray } from "../support/poppler";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";
import { startTsaServer, unreachableTsaUrl } from "../support/tsa-server";

// A job schema of its own: the sealing jobs queued here are worked by this file's worker only.
process.env.JOB_SCHEMA = `seal_test_${randomBytes(4).toString("hex")}`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-sealing-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
afterEach(async () => {
  resetClock();
  await stopJobQueue();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Evening of 22 November in Toronto, the package's time zone; already the 23rd in UTC. */
const SIGNED_AT = new Date("2026-11-23T02:30:00Z");

interface Signing {
  account: SeededAccount;
  packageId: string;
  member: SeededAccount;
}

/**
 * A SENT package with two documents: the lease (Tenant: a typed signature, a text field, a check
 * box, the signer's name and the signing date as labels; Legal, a group: a hand-drawn signature
 * and its member's name as a label) and the annex (Tenant: initials, a list, a date).
 */
async function sentPackage(options: { autocomplete?: boolean } = {}): Promise<Signing> {
  const account = await seedAccount();
  const member = await seedSender(account);
  const groupId = await seedGroup(account, { name: "Legal", email: `legal-${randomBytes(4).toString("hex")}@example.test` }, [member.userId]);
  // Placed in PDF points (the page renders below check them there), sent in the wire's unit.
  const box = (top: number, left = 72, width = 220, height = 24) => ({ page: 0, ...boxToWire({ top, left, width, height }) });
  const payload = {
    name: "Lease 2026",
    type: "PACKAGE",
    status: "SENT",
    autocomplete: options.autocomplete ?? true,
    timezoneId: "America/Toronto",
    roles: [
      { id: "Tenant", type: "SIGNER", index: 1, signers: [{ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", title: "Countess" }] },
      { id: "Legal", type: "SIGNER", index: 2, signers: [{ group: { id: groupId } }] },
    ],
    documents: [
      {
        id: "lease",
        name: "Lease",
        approvals: [
          {
            id: "tenant-sign",
            role: "Tenant",
            fields: [
              { id: "sig", type: "SIGNATURE", subtype: "FULLNAME", ...box(100, 72, 260, 44) },
              { id: "flat", type: "INPUT", subtype: "TEXTFIELD", ...box(160) },
              { id: "pets", type: "INPUT", subtype: "CHECKBOX", ...box(200, 72, 16, 16) },
              { id: "name", type: "INPUT", subtype: "LABEL", binding: "{signer.name}, {signer.title}", ...box(230) },
              { id: "date", type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", ...box(260) },
            ],
          },
          {
            id: "legal-sign",
            role: "Legal",
            fields: [
              { id: "capture", type: "SIGNATURE", subtype: "CAPTURE", ...box(320, 72, 200, 60) },
              { id: "member", type: "INPUT", subtype: "LABEL", binding: "{signer.name}", ...box(390) },
            ],
          },
        ],
      },
      {
        id: "annex",
        name: "Annex",
        approvals: [
          {
            id: "tenant-initials",
            role: "Tenant",
            fields: [
              { id: "initials", type: "SIGNATURE", subtype: "INITIALS", ...box(100, 72, 60, 30) },
              { id: "plan", type: "INPUT", subtype: "LIST", validation: { enum: ["Monthly", "Yearly"] }, ...box(150) },
              { id: "start", type: "INPUT", subtype: "DATEPICKER", ...box(190) },
            ],
          },
        ],
      },
    ],
  };
  const files = [
    { name: "lease.pdf", bytes: await makePdf({ texts: [{ page: 0, text: "Lease agreement", x: 72, y: 740, size: 18 }] }) },
    { name: "annex.pdf", bytes: await makePdf({ texts: [{ page: 0, text: "Annex one", x: 72, y: 740, size: 18 }] }) },
  ];
  const { body, contentType } = multipartBody(payload, files);
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body, headers: { "content-type": contentType } });
  return { account, packageId: id, member };
}

const MEMBER_NAME = "Sam Sender";

/**
 * What the ceremony writes, written directly (it is being built beside this): every approval
 * signed, how each was signed, the input values, and the listed roles finished.
 */
async function signDirectly(signing: Signing, finishedRoles = ["Tenant", "Legal"]): Promise<void> {
  const { packageId, member } = signing;
  const db = await getDb();
  const { sha256: captureSha256 } = await (await blobStore()).put(scribblePng());
  const common = { packageId, signedAt: SIGNED_AT, ipAddress: "198.51.100.23", userAgent: USER_AGENT };
  await db.update(approvals).set({ signed: SIGNED_AT }).where(eq(approvals.packageId, packageId));
  await db.insert(approvalSignatures).values([
    { ...common, documentId: "lease", approvalId: "tenant-sign", roleId: "Tenant", kind: "FULLNAME", signerName: "Ada Lovelace", signerEmail: "ada@example.test" },
    { ...common, documentId: "annex", approvalId: "tenant-initials", roleId: "Tenant", kind: "INITIALS", text: "AL", signerName: "Ada Lovelace", signerEmail: "ada@example.test" },
    {
      ...common,
      documentId: "lease",
      approvalId: "legal-sign",
      roleId: "Legal",
      kind: "CAPTURE",
      imageSha256: captureSha256,
      signerName: MEMBER_NAME,
      signerEmail: member.email,
      ipAddress: "203.0.113.9",
    },
  ]);
  const setValue = (documentId: string, id: string, value: string) =>
    db.update(fields).set({ value }).where(and(eq(fields.packageId, packageId), eq(fields.documentId, documentId), eq(fields.id, id)));
  await setValue("lease", "flat", "Flat 4, Byron House");
  await setValue("lease", "pets", "X");
  await setValue("annex", "plan", "Yearly");
  await setValue("annex", "start", "2026-12-01");
  await finishRoles(signing, finishedRoles);
}

/** SIGNER_COMPLETE of each role as the ceremony records it: when, who signed (the member for the group), verified. */
async function finishRoles({ packageId, member }: Signing, roleIds: string[]): Promise<void> {
  const db = await getDb();
  const byRole: Record<string, { signedByEmail: string; signedByName: string }> = {
    Tenant: { signedByEmail: "ada@example.test", signedByName: "Ada Lovelace" },
    Legal: { signedByEmail: member.email, signedByName: MEMBER_NAME },
  };
  for (const roleId of roleIds) {
    const state = { completed: SIGNED_AT, verified: roleId === "Tenant" ? SIGNED_AT : null, ...byRole[roleId] };
    await db
      .insert(roleSigningStates)
      .values({ packageId, roleId, ...state })
      .onConflictDoUpdate({ target: [roleSigningStates.packageId, roleSigningStates.roleId], set: state });
  }
}

/** Completes a package as a completion does, but without its sealing job (as if the job were lost). */
async function completeDirectly(packageId: string, completed = now()) {
  const db = await getDb();
  await db.update(packages).set({ status: "COMPLETED", completed, awaitingSeal: true }).where(eq(packages.id, packageId));
}

async function documentRows(packageId: string) {
  const db = await getDb();
  return (await db.select().from(documents).where(eq(documents.packageId, packageId))).sort((a, b) => a.position - b.position);
}

async function download(account: SeededAccount, pathAndQuery: string): Promise<Buffer> {
  const response = await call("GET", pathAndQuery, { key: account.apiKey });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Sealing jobs queued for the package in this file's job schema, any state. */
async function sealJobsOf(packageId: string): Promise<number> {
  const { rows } = await (await database()).executeSql(
    `select count(*)::int as n from ${config().jobSchema}.job where name = $1 and data->>'packageId' = $2`,
    [SEAL_PACKAGE_JOB, packageId],
  );
  return (rows[0] as { n: number }).n;
}

async function waitUntilSealed(packageId: string) {
  await vi.waitFor(
    async () => {
      const unsealed = (await documentRows(packageId)).filter((row) => row.id !== "default-consent" && !row.sealedBlobSha256);
      expect(unsealed).toEqual([]);
    },
    { timeout: 40_000, interval: 200 },
  );
}

/** The /Reason of the seal's signature dictionary (pdfsig does not print it). */
async function sealReason(bytes: Uint8Array): Promise<string | undefined> {
  const pdf = await PDFDocument.load(bytes);
  const seal = pdf.getForm().getFields().find((field) => field.getName() === "Signet seal");
  const reason = seal?.acroField.dict.lookup(PDFName.of("V"), PDFDict).lookup(PDFName.of("Reason"));
  return reason instanceof PDFString || reason instanceof PDFHexString ? reason.decodeText() : undefined;
}

function unzip(zip: Buffer): Map<string, Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(scratch, "zip-")), "documents.zip");
  fs.writeFileSync(file, zip);
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
  return new Map(names.map((name) => [name, execFileSync("unzip", ["-p", file, name], { maxBuffer: 64 * 1024 * 1024 })]));
}

describe("sealing a completed package", () => {
  it("stamps every value, signs each document, and the downloads answer the sealed PDFs", async () => {
    const signing = await sentPackage();
    const { account, packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId, new Date("2026-11-23T02:31:00Z"));

    expect(await sealPackage(packageId)).toEqual({ sealed: ["lease", "annex"] });

    const rows = await documentRows(packageId);
    expect(rows.find((row) => row.id === "default-consent")?.sealedBlobSha256).toBeNull();
    const lease = await download(account, `/api/packages/${packageId}/documents/lease/pdf`);
    const annex = await download(account, `/api/packages/${packageId}/documents/annex/pdf`);
    expect(sha256(lease)).toBe(rows.find((row) => row.id === "lease")?.sealedBlobSha256);
    expect(sha256(annex)).toBe(rows.find((row) => row.id === "annex")?.sealedBlobSha256);

    for (const sealed of [lease, annex]) {
      const report = pdfSig(sealed);
      expect(report).toContain("Signature Type: ETSI.CAdES.detached");
      expect(report).toContain("Signature Validation: Signature is Valid.");
      expect(report).toContain("Total document signed");
      expect(report).toContain("Signing Time: Nov 23 2026 02:31:00");
    }
    if (process.env.KEEP_SEALED_PDF) fs.writeFileSync(process.env.KEEP_SEALED_PDF, lease);
    expect(await sealReason(lease)).toBe("Sealed by Signet on completion of Lease 2026");
    const leaseText = pdfText(lease);
    for (const value of ["Lease agreement", "Ada Lovelace", "Flat 4, Byron House", "Ada Lovelace, Countess", "2026-11-22", "Sam Sender"]) {
      expect(leaseText).toContain(value);
    }
    expect(leaseText).not.toContain("2026-11-23");
    // The check box is ticked (ink inside its square) and the drawn signature is there.
    const page = renderPageGray(lease, 0, 144);
    expect(darkShare(page, { left: 76, top: 204, width: 8, height: 8 })).toBeGreaterThan(0.05);
    expect(darkShare(page, { left: 72, top: 320, width: 200, height: 60 })).toBeGreaterThan(0.01);
    const annexText = pdfText(annex);
    for (const value of ["Annex one", "AL", "Yearly", "2026-12-01"]) expect(annexText).toContain(value);

    // The zip holds the sealed PDFs, byte for byte, not the consent document, and the sealed certificate of completion.
    const zip = unzip(await download(account, `/api/packages/${packageId}/documents/zip`));
    expect([...zip.keys()]).toEqual(["Lease.pdf", "Annex.pdf", "Lease 2026 - Certificate of Completion.pdf"]);
    expect(pdfSig(zip.get("Lease 2026 - Certificate of Completion.pdf")!)).toContain("Signature Validation: Signature is Valid.");
    expect(sha256(zip.get("Lease.pdf")!)).toBe(sha256(lease));
    expect(sha256(zip.get("Annex.pdf")!)).toBe(sha256(annex));
    // The original stays as uploaded.
    const original = await download(account, `/api/packages/${packageId}/documents/lease/original`);
    expect(sha256(original)).toBe(rows.find((row) => row.id === "lease")?.blobSha256);
  });

  it("changes nothing when run again", async () => {
    const signing = await sentPackage();
    await signDirectly(signing);
    await completeDirectly(signing.packageId);
    await sealPackage(signing.packageId);
    const first = await documentRows(signing.packageId);

    expect(await sealPackage(signing.packageId)).toEqual({ sealed: [] });
    expect(await documentRows(signing.packageId)).toEqual(first);
  });

  it("leaves a package that is not complete alone", async () => {
    const signing = await sentPackage();
    await signDirectly(signing);
    expect(await sealPackage(signing.packageId)).toEqual({ sealed: [] });
    expect((await documentRows(signing.packageId)).every((row) => row.sealedBlobSha256 === null)).toBe(true);
  });

  it("puts both fingerprints, each signer's actions with IP address and browser, and their verification in the evidence summary", async () => {
    const signing = await sentPackage();
    const { account, packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);
    const db = await getDb();
    await db.insert(auditEvents).values({
      accountId: account.accountId,
      packageId,
      name: "DOCUMENT_SIGNED",
      sessionUser: "Tenant",
      documentId: "lease",
      ipAddress: "198.51.100.23",
      userAgent: USER_AGENT,
      created: now(),
    });
    await db
      .update(roles)
      .set({ verification: { typeId: "EMAIL_OTP", payload: "" } })
      .where(and(eq(roles.packageId, packageId), eq(roles.id, "Tenant")));
    await sealPackage(packageId);
    const lease = (await documentRows(packageId)).find((row) => row.id === "lease")!;

    const summary = await download(account, `/api/packages/${packageId}/evidence/summary`);
    if (process.env.KEEP_EVIDENCE_PDF) fs.writeFileSync(process.env.KEEP_EVIDENCE_PDF, summary);
    const text = pdfText(summary);
    const flat = text.replace(/\s+/g, " ");
    expect(text).toContain(lease.blobSha256);
    expect(text).toContain(lease.sealedBlobSha256);
    for (const expected of [
      "Ada Lovelace <ada@example.test>",
      "Signed with a typed name: Ada Lovelace",
      "Signed with initials: AL",
      "198.51.100.23",
      "203.0.113.9",
      `Signed for the group by Sam Sender <${signing.member.email}>`,
      "One-time code by e-mail (EMAIL_OTP): passed 22 Nov 2026, 21:30:00 EST (UTC-05:00)",
      "No verification attached",
    ]) {
      expect(flat).toContain(expected);
    }
    // The browser, wrapped in its column, is there whole: in the signer's actions and in the audit trail.
    const joined = text.replace(/\s+/g, "");
    const agent = USER_AGENT.replace(/\s+/g, "");
    expect(joined.split(agent).length - 1).toBeGreaterThanOrEqual(2);
    // The signer event, in words, by the signer behind the role id.
    expect(flat).toContain("Signed “Lease” Ada Lovelace <ada@example.test>");
    // Sealed like the documents, each signature drawn in its frame as on them (the typed one in the seal's embedded font).
    expect(pdfSig(summary)).toContain("Signature Validation: Signature is Valid.");
    expect(pdfFonts(summary)).toMatch(/DejaVuSans.*yes/);
    expect((await PDFDocument.load(summary)).getPages().some((page) => page.node.Resources()?.toString().includes("/XObject"))).toBe(true);
  });
});

describe("the sealing job", () => {
  it("lets the sender complete only once every signer has finished, then seals through the job", async () => {
    const signing = await sentPackage({ autocomplete: false });
    const { account, packageId } = signing;
    await signDirectly(signing, ["Tenant"]);

    const refused = await callJson<{ messageKey: string; message: string }>("POST", `/api/packages/${packageId}`, {
      key: account.apiKey,
      json: { status: "COMPLETED" },
      expect: 409,
    });
    expect(refused.messageKey).toBe("error.conflict.signingNotFinished");
    expect(refused.message).toContain('"Legal"');
    expect(refused.message).not.toContain('"Tenant"');
    expect(await sealJobsOf(packageId)).toBe(0);

    await finishRoles(signing, ["Legal"]);
    await callJson("POST", `/api/packages/${packageId}`, { key: account.apiKey, json: { status: "COMPLETED" } });
    expect(await sealJobsOf(packageId)).toBe(1);

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    await waitUntilSealed(packageId);
    const sealed = await download(account, `/api/packages/${packageId}/documents/lease/pdf`);
    expect(pdfSig(sealed)).toContain("Signature is Valid.");
  });

  it("retries a seal that failed, later, and leaves the package unsealed meanwhile", async () => {
    const signing = await sentPackage();
    const { packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);
    // The hand-drawn signature's image is missing: sealing cannot go on without it.
    const db = await getDb();
    await db.update(approvalSignatures).set({ imageSha256: sha256(randomBytes(16)) }).where(eq(approvalSignatures.packageId, packageId));
    await db.transaction((tx) => queuePackageSealing(tx, packageId));

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    const job = async () => {
      const { rows } = await (await database()).executeSql(
        `select state, retry_limit, retry_backoff, start_after > now() as later, output->>'message' as message
         from ${config().jobSchema}.job where name = $1 and data->>'packageId' = $2`,
        [SEAL_PACKAGE_JOB, packageId],
      );
      return rows[0] as { state: string; retry_limit: number; retry_backoff: boolean; later: boolean; message: string };
    };
    await vi.waitFor(async () => expect((await job()).state).toBe("retry"), { timeout: 20_000, interval: 200 });
    // Failed once, to be tried again later, with backoff, up to four times; the sweep takes over after that.
    expect(await job()).toMatchObject({ retry_limit: 4, retry_backoff: true, later: true, message: expect.stringContaining("is not stored") });
    expect((await documentRows(packageId)).every((row) => row.sealedBlobSha256 === null)).toBe(true);
  });

  it("is queued by the sweep for a package left unsealed five minutes after completion, once", async () => {
    const signing = await sentPackage();
    const { account, packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);
    const sweep = async () => (await runDueWork(now(), { accountIds: [account.accountId] })).sealingQueued;

    advanceClock(4 * 60 * 1000);
    expect(await sweep()).toBe(0);
    advanceClock(2 * 60 * 1000);
    expect(await sweep()).toBe(1);
    // A sweep a minute later does not pile up another job for it.
    advanceClock(60 * 1000);
    expect(await sweep()).toBe(0);
    expect(await sealJobsOf(packageId)).toBe(1);

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    await waitUntilSealed(packageId);
    expect(pdfSig(await download(account, `/api/packages/${packageId}/documents/annex/pdf`))).toContain("Signature is Valid.");
    // Sealed: nothing left for the sweep.
    advanceClock(60 * 60 * 1000);
    expect(await sweep()).toBe(0);
  });
});

describe("a seal cut short by a crash", () => {
  const leaseOf = async (packageId: string) => {
    const [lease] = await (await getDb()).select().from(sealLeases).where(eq(sealLeases.packageId, packageId));
    return lease;
  };

  it("is left to the live run that holds its lease, and queued again at once when that lease is not renewed", async () => {
    const signing = await sentPackage();
    const { account, packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);

    // A run on another instance holds the lease and renews it: this run leaves the package to it.
    const db = await getDb();
    const otherRun = await takeSealLease(db, packageId);
    expect(otherRun).toMatch(/:/);
    expect(await sealPackage(packageId)).toEqual({ sealed: [] });
    expect(await takeSealLease(db, packageId)).toBeNull();
    expect(await resumeInterruptedSeals({ all: false })).toBe(0);
    const pdf = await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: account.apiKey });
    expect([pdf.status, pdf.headers.get("retry-after")]).toEqual([409, "5"]);

    // That instance dies: its lease is not renewed and runs out. The watch queues the seal again (once).
    await db.execute(sql`update seal_leases set until = now() - interval '1 second' where package_id = ${packageId}`);
    const before = await sealJobsOf(packageId);
    expect(await resumeInterruptedSeals({ all: false })).toBe(1);
    expect(await resumeInterruptedSeals({ all: false })).toBe(0);
    expect(await sealJobsOf(packageId)).toBe(before + 1);
    expect(await leaseOf(packageId)).toMatchObject({ holder: null });
    // The dead run cannot renew what is no longer its own.
    expect(await renewSealLease(db, packageId, otherRun!)).toBe(false);

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    await waitUntilSealed(packageId);
    expect(await leaseOf(packageId)).toBeUndefined();
    expect(pdfSig(await download(account, `/api/packages/${packageId}/documents/lease/pdf`))).toContain("Signature is Valid.");

    // A seal queued again for a package sealed meanwhile drops the lease set aside for it, which would otherwise be found and queued every minute.
    await db.execute(sql`insert into seal_leases (package_id, holder, until, started) values (${packageId}, null, now() + interval '1 minute', now())`);
    expect(await sealPackage(packageId)).toEqual({ sealed: [] });
    expect(await leaseOf(packageId)).toBeUndefined();
  });

  it("is queued again, once, when its run was killed before it took the lease: its job marked running longer than a lease lasts, no lease", async () => {
    const signing = await sentPackage();
    const { account, packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);
    const db = await getDb();
    await db.transaction((tx) => queuePackageSealing(tx, packageId));
    const jobStates = async () => {
      const { rows } = await (await database()).executeSql(`select state from ${config().jobSchema}.job where name = $1 and data->>'packageId' = $2 order by created_on`, [
        SEAL_PACKAGE_JOB,
        packageId,
      ]);
      return rows.map((row) => (row as { state: string }).state);
    };
    // What a run killed between its job's start and its lease leaves: the job marked running, nothing in seal_leases.
    const markRunning = async (secondsAgo: number) =>
      (await database()).executeSql(`update ${config().jobSchema}.job set state = 'active', started_on = now() - make_interval(secs => $3) where name = $1 and data->>'packageId' = $2`, [
        SEAL_PACKAGE_JOB,
        packageId,
        secondsAgo,
      ]);
    // Started a moment ago: its run may still be about to take the lease.
    await markRunning(2);
    expect(await resumeInterruptedSeals({ all: false })).toBe(0);
    expect(await leaseOf(packageId)).toBeUndefined();

    // Running longer than a lease lasts and still no lease: the run is dead. Its job is marked
    // failed and the seal queued again, with a lease set aside for the new run; the next look finds nothing.
    await markRunning(SEAL_LEASE_SECONDS + 5);
    expect(await resumeInterruptedSeals({ all: false })).toBe(1);
    expect(await jobStates()).toEqual(["failed", "created"]);
    expect(await leaseOf(packageId)).toMatchObject({ holder: null });
    expect(await resumeInterruptedSeals({ all: false })).toBe(0);
    // Should the new run fail (its lease released, the package still awaiting its seal), the dead
    // run's job is not found again: the new run's own retries and the sweep take it from there.
    await db.delete(sealLeases).where(eq(sealLeases.packageId, packageId));
    expect(await resumeInterruptedSeals({ all: false })).toBe(0);

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    await waitUntilSealed(packageId);
    expect(await leaseOf(packageId)).toBeUndefined();
    expect(pdfSig(await download(account, `/api/packages/${packageId}/documents/lease/pdf`))).toContain("Signature is Valid.");
    await vi.waitFor(async () => expect(await jobStates()).toEqual(["failed", "completed"]), { timeout: 10_000, interval: 100 });
  });

  it("on PGlite, every lease found when the workers start is a dead run's, and is queued again at once", async () => {
    const signing = await sentPackage();
    const { packageId } = signing;
    await signDirectly(signing);
    await completeDirectly(packageId);
    const db = await getDb();
    await takeSealLease(db, packageId); // fresh: the run was killed a moment ago
    const kind = (await database()).kind;

    await startJobQueue({ only: [SEAL_PACKAGE_JOB], pollingIntervalSeconds: 0.5 });
    if (kind === "pglite") {
      await waitUntilSealed(packageId);
      expect(await leaseOf(packageId)).toBeUndefined();
    } else {
      // PostgreSQL: another instance may still be running it; it waits for the lease to run out.
      expect(await resumeInterruptedSeals({ all: false })).toBe(0);
      expect((await leaseOf(packageId))?.holder).toMatch(/:/);
    }
  });
});

describe("sealing with a time-stamping authority (SEAL_TSA_URL)", () => {
  afterEach(() => {
    delete process.env.SEAL_TSA_URL;
  });

  it("fails while the TSA cannot be reached, leaving the package unsealed, then seals with its timestamp", async () => {
    const tsa = await startTsaServer();
    try {
      const signing = await sentPackage();
      const { account, packageId } = signing;
      await signDirectly(signing);
      await completeDirectly(packageId);

      process.env.SEAL_TSA_URL = await unreachableTsaUrl();
      await expect(sealPackage(packageId)).rejects.toMatchObject({ status: 503, message: expect.stringContaining("time-stamping authority") });
      expect((await documentRows(packageId)).every((row) => row.sealedBlobSha256 === null)).toBe(true);

      process.env.SEAL_TSA_URL = tsa.url;
      expect(await sealPackage(packageId)).toEqual({ sealed: ["lease", "annex"] });
      expect(tsa.answered).toBe(2);
      const lease = await download(account, `/api/packages/${packageId}/documents/lease/pdf`);
      expect(pdfSig(lease)).toContain("Signature Validation: Signature is Valid.");
      // The validation data (certificates, PAdES B-LT) is in the document security store.
      expect((await PDFDocument.load(lease)).catalog.has(PDFName.of("DSS"))).toBe(true);

      // The certificate of completion is sealed the same way.
      const summary = await download(account, `/api/packages/${packageId}/evidence/summary`);
      expect(tsa.answered).toBe(3);
      expect(pdfSig(summary)).toContain("Signature Validation: Signature is Valid.");
    } finally {
      await tsa.stop();
    }
    // Two seals and a certificate of completion.
  }, 90_000);
});
