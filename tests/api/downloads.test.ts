import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDocument, PDFName } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { auditEvents, documents, packages } from "@/lib/db/schema";
import { consentPdf } from "@/lib/esign/documents/consent-document";
import { CONSENT_DOCUMENT_ID, CONSENT_DOCUMENT_NAME } from "@/lib/esign/documents/consent-document-id";
import { newId } from "@/lib/esign/ids";
import { referencedBlobs } from "@/lib/esign/storage/blob-references";
import { blobStore } from "@/lib/esign/storage/blob-store";
import { call } from "../support/api-client";
import { pdfSig } from "../support/poppler";
import { makeFormPdf, makePdf } from "../support/pdfs";
import { seedAccount, type SeededAccount } from "../support/seed";

// Packages are inserted directly: these tests are about downloads, not about creating packages.

interface TestDocument {
  id: string;
  name: string;
  bytes: Buffer;
  sealed?: Buffer;
}

async function insertPackage(
  owner: SeededAccount,
  options: { name?: string; status?: string; documents?: TestDocument[]; timezoneId?: string } = {},
): Promise<string> {
  const db = await getDb();
  const store = await blobStore();
  const id = newId();
  const status = options.status ?? "DRAFT";
  await db.insert(packages).values({
    id,
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    type: "PACKAGE",
    status,
    name: options.name ?? "Lease 2026",
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    sent: status === "DRAFT" ? null : new Date("2026-05-01T09:00:00Z"),
    completed: status === "COMPLETED" ? new Date("2026-05-02T10:30:00Z") : null,
  });
  const consent = await consentPdf();
  await db.insert(documents).values({
    packageId: id,
    id: CONSENT_DOCUMENT_ID,
    position: 0,
    name: CONSENT_DOCUMENT_NAME,
    blobSha256: (await store.put(consent)).sha256,
    size: consent.byteLength,
  });
  for (const [i, document] of (options.documents ?? []).entries()) {
    await db.insert(documents).values({
      packageId: id,
      id: document.id,
      position: i + 1,
      index: i + 1,
      name: document.name,
      blobSha256: (await store.put(document.bytes)).sha256,
      sealedBlobSha256: document.sealed ? (await store.put(document.sealed)).sha256 : null,
      size: document.bytes.byteLength,
    });
  }
  return id;
}

async function insertEvents(owner: SeededAccount, packageId: string, events: Partial<typeof auditEvents.$inferInsert>[]) {
  const db = await getDb();
  const start = Date.parse("2026-05-01T08:00:00Z");
  await db.insert(auditEvents).values(
    events.map((event, i) => ({
      accountId: owner.accountId,
      packageId,
      name: "PACKAGE_UPDATE",
      sessionUser: owner.userId,
      ipAddress: "203.0.113.7",
      created: new Date(start + i * 61_000),
      ...event,
    })),
  );
}

async function setStatus(packageId: string, status: string) {
  const db = await getDb();
  await db.update(packages).set({ status, completed: new Date("2026-05-02T10:30:00Z") }).where(eq(packages.id, packageId));
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function expectError(response: Response, status: number, messageKey: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ code: status, messageKey });
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-downloads-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A file for the command-line tools (pdftotext, unzip), in a folder of its own. */
function tempFile(name: string, bytes: Buffer): string {
  const folder = fs.mkdtempSync(path.join(scratch, "f-"));
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
}

function pdfText(bytes: Buffer): string {
  return execFileSync("pdftotext", [tempFile("file.pdf", bytes), "-"], { encoding: "utf8" });
}

async function formFieldCount(bytes: Buffer): Promise<number> {
  return (await PDFDocument.load(bytes)).getForm().getFields().length;
}

async function widgetCount(bytes: Buffer): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().reduce((count, page) => {
    const annots = page.node.Annots();
    if (!annots) return count;
    return count + annots.asArray().filter((ref) => page.doc.context.lookup(ref)?.toString().includes("/Widget")).length;
  }, 0);
}

let owner: SeededAccount;
let stranger: SeededAccount;
let plain: Buffer;
let form: Buffer;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([seedAccount("Downloads Ltd"), seedAccount("Elsewhere Inc")]);
  plain = await makePdf({ pages: 2, texts: [{ page: 0, text: "Lease agreement", x: 72, y: 700 }] });
  form = await makeFormPdf();
});

describe("GET /api/packages/{packageId}/documents/{documentId}/original", () => {
  it("answers the upload byte for byte, with its length and a download name", async () => {
    const packageId = await insertPackage(owner, { documents: [{ id: "lease", name: "Lease", bytes: form }] });
    const response = await call("GET", `/api/packages/${packageId}/documents/lease/original`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Lease.pdf"; filename*=UTF-8''Lease.pdf`);
    expect(response.headers.get("content-length")).toBe(String(form.byteLength));
    expect(sha256(await bytesOf(response))).toBe(sha256(form));
  });

  it("keeps a name that already ends in .pdf and encodes one that is not ASCII", async () => {
    const packageId = await insertPackage(owner, {
      documents: [
        { id: "a", name: "Annex.PDF", bytes: plain },
        { id: "b", name: "Zoë 漢字 😀", bytes: plain },
      ],
    });
    const annex = await call("GET", `/api/packages/${packageId}/documents/a/original`, { key: owner.apiKey });
    expect(annex.headers.get("content-disposition")).toBe(`attachment; filename="Annex.PDF"; filename*=UTF-8''Annex.PDF`);
    const unicode = await call("GET", `/api/packages/${packageId}/documents/b/original`, { key: owner.apiKey });
    expect(unicode.headers.get("content-disposition")).toBe(
      `attachment; filename="Zo_ __ __.pdf"; filename*=UTF-8''Zo%C3%AB%20%E6%BC%A2%E5%AD%97%20%F0%9F%98%80.pdf`,
    );
  });

  it("answers the consent document too", async () => {
    const packageId = await insertPackage(owner);
    const response = await call("GET", `/api/packages/${packageId}/documents/${CONSENT_DOCUMENT_ID}/original`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(sha256(await bytesOf(response))).toBe(sha256(await consentPdf()));
  });
});

describe("GET /api/packages/{packageId}/documents/{documentId}/pdf", () => {
  it("flattens the form fields of an upload before completion and keeps its page", async () => {
    const packageId = await insertPackage(owner, { status: "SENT", documents: [{ id: "lease", name: "Lease", bytes: form }] });
    expect(await formFieldCount(form)).toBe(4);

    const response = await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Lease.pdf"; filename*=UTF-8''Lease.pdf`);
    const flattened = await bytesOf(response);
    expect(response.headers.get("content-length")).toBe(String(flattened.byteLength));
    expect(await formFieldCount(flattened)).toBe(0);
    expect(await widgetCount(flattened)).toBe(0);
    const pdf = await PDFDocument.load(flattened);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.catalog.has(PDFName.of("AcroForm"))).toBe(false);
    // The filled value is now page content, as the signer saw it.
    expect(pdfText(flattened)).toContain("Ada Lovelace");
  });

  it("answers a PDF without a form unchanged", async () => {
    const packageId = await insertPackage(owner, { documents: [{ id: "plain", name: "Plain", bytes: plain }] });
    const response = await call("GET", `/api/packages/${packageId}/documents/plain/pdf`, { key: owner.apiKey });
    expect(sha256(await bytesOf(response))).toBe(sha256(plain));
  });

  it("keeps the flattened PDF as a blob of the document after the first /pdf, and answers it from the store after", async () => {
    const packageId = await insertPackage(owner, { status: "SENT", documents: [{ id: "lease", name: "Lease", bytes: form }, { id: "plain", name: "Plain", bytes: plain }] });
    const db = await getDb();
    const store = await blobStore();
    const row = async (id: string) => (await db.select().from(documents).where(and(eq(documents.packageId, packageId), eq(documents.id, id))))[0]!;
    expect((await row("lease")).flattenedBlobSha256).toBeNull();

    const first = await bytesOf(await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: owner.apiKey }));
    const kept = (await row("lease")).flattenedBlobSha256;
    expect(kept).toBe(sha256(first));
    expect(sha256((await store.get(kept!))!)).toBe(kept);
    expect((await referencedBlobs(db, [kept!])).has(kept!)).toBe(true);
    // A PDF without a form flattens to itself: its kept copy is the upload, no second blob.
    await call("GET", `/api/packages/${packageId}/documents/plain/pdf`, { key: owner.apiKey });
    expect((await row("plain")).flattenedBlobSha256).toBe(sha256(plain));

    // Served from the store, not flattened again: the row names which blob answers.
    await db.update(documents).set({ flattenedBlobSha256: sha256(plain) }).where(and(eq(documents.packageId, packageId), eq(documents.id, "lease")));
    const fromStore = await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: owner.apiKey });
    expect(fromStore.headers.get("content-length")).toBe(String(plain.byteLength));
    expect(sha256(await bytesOf(fromStore))).toBe(sha256(plain));

    // A kept copy the store no longer has is made again.
    await db.update(documents).set({ flattenedBlobSha256: kept }).where(and(eq(documents.packageId, packageId), eq(documents.id, "lease")));
    await store.delete(kept!);
    expect(sha256(await bytesOf(await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: owner.apiKey })))).toBe(kept);
    expect(await store.size(kept!)).toBe(first.byteLength);
  });

  it("answers the sealed PDF once the package is completed, and 409 with Retry-After while it is not sealed", async () => {
    const sealed = await makePdf({ texts: [{ page: 0, text: "Sealed copy", x: 72, y: 700 }] });
    const packageId = await insertPackage(owner, {
      status: "COMPLETED",
      documents: [
        { id: "sealed", name: "Sealed", bytes: plain, sealed },
        { id: "unsealed", name: "Unsealed", bytes: form },
      ],
    });
    const sealedResponse = await call("GET", `/api/packages/${packageId}/documents/sealed/pdf`, { key: owner.apiKey });
    expect(sealedResponse.headers.get("content-length")).toBe(String(sealed.byteLength));
    expect(sha256(await bytesOf(sealedResponse))).toBe(sha256(sealed));
    // Never the unsealed file in place of the sealed one: the client is told to come back.
    const unsealed = await call("GET", `/api/packages/${packageId}/documents/unsealed/pdf`, { key: owner.apiKey });
    expect(unsealed.status).toBe(409);
    expect(unsealed.headers.get("retry-after")).toBe("5");
    expect(unsealed.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await unsealed.json();
    expect(body).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.documentNotSealed", entity: { retryAfterSeconds: 5 } });
    expect(body.message).toMatch(/"Unsealed" is being sealed/);
    // The consent document is never sealed: it is answered as it is.
    expect((await call("GET", `/api/packages/${packageId}/documents/default-consent/pdf`, { key: owner.apiKey })).status).toBe(200);
  });
});

describe("GET /api/packages/{packageId}/documents/zip", () => {
  it("serves a package that is not completed, as the original does: each document as …/pdf answers it, no certificate", async () => {
    const packageId = await insertPackage(owner, { status: "SENT", documents: [{ id: "lease", name: "Lease", bytes: form }, { id: "annex", name: "Annex", bytes: plain }] });
    const response = await call("GET", `/api/packages/${packageId}/documents/zip`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const zip = tempFile("documents.zip", await bytesOf(response));
    expect(execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n")).toEqual(["Lease.pdf", "Annex.pdf"]);
    const entry = (name: string) => execFileSync("unzip", ["-p", zip, name], { maxBuffer: 64 * 1024 * 1024 });
    const leasePdf = await call("GET", `/api/packages/${packageId}/documents/lease/pdf`, { key: owner.apiKey });
    expect(sha256(entry("Lease.pdf"))).toBe(sha256(await bytesOf(leasePdf)));
    expect(await formFieldCount(entry("Lease.pdf"))).toBe(0);
  });

  it("refuses a package not completed whose settings.ceremony.disableDownloadForUncompletedPackage is true (409)", async () => {
    const packageId = await insertPackage(owner, { status: "SENT", documents: [{ id: "lease", name: "Lease", bytes: plain }] });
    await (await getDb()).update(packages).set({ settings: { ceremony: { disableDownloadForUncompletedPackage: true } } }).where(eq(packages.id, packageId));
    const response = await call("GET", `/api/packages/${packageId}/documents/zip`, { key: owner.apiKey });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.packageNotComplete" });
    expect(body.message).toContain("disableDownloadForUncompletedPackage");
  });

  it("answers 409 with Retry-After while a document of the completed package is not sealed yet", async () => {
    const sealed = await makePdf({ texts: [{ page: 0, text: "Sealed annex", x: 72, y: 700 }] });
    const packageId = await insertPackage(owner, {
      status: "COMPLETED",
      documents: [
        { id: "annex", name: "Annex", bytes: plain, sealed },
        { id: "lease", name: "Lease", bytes: form },
      ],
    });
    const response = await call("GET", `/api/packages/${packageId}/documents/zip`, { key: owner.apiKey });
    expect(response.status).toBe(409);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.documentNotSealed", message: expect.stringContaining('"Lease" is being sealed') });
  });

  it("zips every document but the consent, sealed, named by document name", async () => {
    const sealed = await makePdf({ texts: [{ page: 0, text: "Sealed annex", x: 72, y: 700 }] });
    const sealedLease = await makePdf({ texts: [{ page: 0, text: "Ada Lovelace", x: 72, y: 700 }] });
    const sealedCopy = await makePdf({ texts: [{ page: 0, text: "Sealed copy", x: 72, y: 700 }] });
    const packageId = await insertPackage(owner, {
      status: "SENT",
      documents: [
        { id: "lease", name: "Lease", bytes: form, sealed: sealedLease },
        { id: "annex", name: "Annex.pdf", bytes: plain, sealed },
        { id: "lease-copy", name: "Lease", bytes: plain, sealed: sealedCopy },
      ],
    });
    await setStatus(packageId, "COMPLETED");

    const response = await call("GET", `/api/packages/${packageId}/documents/zip`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Lease 2026.zip"; filename*=UTF-8''Lease%202026.zip`);
    const zip = tempFile("documents.zip", await bytesOf(response));

    const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    expect(entries).toEqual(["Lease.pdf", "Annex.pdf", "Lease (2).pdf", "Lease 2026 - Certificate of Completion.pdf"]);
    const entry = (name: string) => execFileSync("unzip", ["-p", zip, name], { maxBuffer: 64 * 1024 * 1024 });
    expect(sha256(entry("Lease.pdf"))).toBe(sha256(sealedLease));
    expect(sha256(entry("Annex.pdf"))).toBe(sha256(sealed));
    expect(sha256(entry("Lease (2).pdf"))).toBe(sha256(sealedCopy));
    // The certificate of completion, sealed, with the fingerprints of what the zip holds.
    const certificate = entry("Lease 2026 - Certificate of Completion.pdf");
    expect(pdfSig(certificate)).toContain("Signature Validation: Signature is Valid.");
    const certificateText = pdfText(certificate);
    expect(certificateText).toContain("Certificate of Completion");
    expect(certificateText).toContain(sha256(sealed));
  });
});

describe("GET /api/packages/{packageId}/evidence/summary", () => {
  it("is a sealed certificate: events in words, times in the package's zone, IPv4 addresses as such, hashes, and no draft edits", async () => {
    const packageId = await insertPackage(owner, { status: "SENT", timezoneId: "Europe/Paris", documents: [{ id: "lease", name: "Lease", bytes: plain }] });
    await insertEvents(owner, packageId, [
      { name: "PACKAGE_CREATE" },
      { name: "DOCUMENT_ADD", documentId: "lease", message: "Lease" },
      { name: "FIELD_ADD", documentId: "lease" },
      { name: "PACKAGE_ACTIVATE" },
      { name: "DOCUMENT_VIEWED", sessionUser: "signer-7f3a", documentId: "lease", ipAddress: "::ffff:198.51.100.23" },
      { name: "PACKAGE_DECLINE", sessionUser: "signer-7f3a", message: "Clause 7 is wrong.", ipAddress: "::ffff:198.51.100.23" },
    ]);

    const response = await call("GET", `/api/packages/${packageId}/evidence/summary`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Lease 2026 - Evidence Summary.pdf"; filename*=UTF-8''Lease%202026%20-%20Evidence%20Summary.pdf`,
    );
    const bytes = await bytesOf(response);
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfSig(bytes)).toContain("Signature Validation: Signature is Valid.");

    const text = pdfText(bytes);
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Certificate of Completion",
      packageId,
      "Sent: signing in progress (SENT)",
      `Olive Owner <${owner.email}>`,
      // 08:00 UTC is 10:00 in Paris in May.
      "1 May 2026, 10:00:00 CEST (UTC+02:00) Created and prepared as a draft (3 changes)",
      "1 May 2026, 10:03:03 CEST (UTC+02:00) Sent for signing",
      "Viewed “Lease”",
      "Declined: Clause 7 is wrong.",
      "signer-7f3a",
      "198.51.100.23",
      "Times in Europe/Paris",
      sha256(plain),
      sha256(await consentPdf()),
      "not sealed: the consent is accepted, not signed",
    ]) {
      expect(flat).toContain(expected);
    }
    for (const absent of ["::ffff:", "PACKAGE_", "DOCUMENT_", "FIELD_ADD"]) expect(flat).not.toContain(absent);
    // No UTC timestamps in ISO form: every time is local, zone shown.
    expect(flat).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("paginates 300 events with page numbers, and survives characters the fonts lack", async () => {
    const packageId = await insertPackage(owner, {
      name: "Zoë 漢字 😀",
      status: "COMPLETED",
      documents: [{ id: "lease", name: "Zoë 漢字 😀", bytes: plain, sealed: await makePdf({ texts: [{ page: 0, text: "Sealed 300", x: 72, y: 700 }] }) }],
    });
    const longReason = `I do not agree with clause 7 of ${"this lease ".repeat(300)}at all.`;
    await insertEvents(
      owner,
      packageId,
      Array.from({ length: 300 }, (_, i) => ({
        name: i === 150 ? "PACKAGE_DECLINE" : i % 3 ? "REMINDER_SENT" : "SIGNER_REINVITE",
        sessionUser: i % 2 ? owner.userId : `signer-${i}`,
        documentId: i % 2 ? "lease" : null,
        message: i === 150 ? longReason : `event #${i + 1} by Zoë 漢字 😀`,
      })),
    );

    const response = await call("GET", `/api/packages/${packageId}/evidence/summary`, { key: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Zo_ __ __ - Evidence Summary.pdf"; filename*=UTF-8''Zo%C3%AB%20%E6%BC%A2%E5%AD%97%20%F0%9F%98%80%20-%20Evidence%20Summary.pdf`,
    );
    const bytes = await bytesOf(response);
    const pageCount = (await PDFDocument.load(bytes)).getPageCount();
    expect(pageCount).toBeGreaterThan(5);

    const text = pdfText(bytes);
    if (process.env.KEEP_EVIDENCE_PDF) fs.writeFileSync(process.env.KEEP_EVIDENCE_PDF, bytes);
    expect(text).toContain(`Page 1 of ${pageCount}`);
    expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
    // The kanji in a CJK face (Simplified Chinese: the package's language says nothing of them), the emoji no font here has.
    expect(text).toContain("Zoë 漢字 ?");
    expect(text).toContain("event #1 by");
    expect(text).toContain("event #300 by");
    expect(text).toContain("Declined: I do not agree with clause 7");
    // The decline reason is longer than a page: it continues on the next one, to its last words.
    expect(text.replace(/\s+/g, " ")).toContain("this lease at all.");
  });
});

describe("who may download", () => {
  it("answers 404 for another account's package, as if it did not exist", async () => {
    const packageId = await insertPackage(owner, { status: "COMPLETED", documents: [{ id: "lease", name: "Lease", bytes: plain }] });
    for (const suffix of ["documents/lease/original", "documents/lease/pdf", "documents/zip", "evidence/summary"]) {
      await expectError(await call("GET", `/api/packages/${packageId}/${suffix}`, { key: stranger.apiKey }), 404, "error.notFound.packageNotFound");
    }
  });

  it("answers 404 for an unknown document", async () => {
    const packageId = await insertPackage(owner, { documents: [{ id: "lease", name: "Lease", bytes: plain }] });
    for (const kind of ["original", "pdf"]) {
      await expectError(
        await call("GET", `/api/packages/${packageId}/documents/nope/${kind}`, { key: owner.apiKey }),
        404,
        "error.notFound.documentNotFound",
      );
    }
  });

  it("answers 401 without a key", async () => {
    const packageId = await insertPackage(owner, { documents: [{ id: "lease", name: "Lease", bytes: plain }] });
    for (const suffix of ["documents/lease/original", "documents/lease/pdf", "documents/zip", "evidence/summary"]) {
      await expectError(await call("GET", `/api/packages/${packageId}/${suffix}`), 401, "error.unauthorised.noUser");
    }
  });

  it("answers 410 when the document's file is no longer stored", async () => {
    const purgeable = await makePdf({ texts: [{ page: 0, text: `Purged ${newId()}`, x: 72, y: 700 }] });
    const packageId = await insertPackage(owner, { status: "COMPLETED", documents: [{ id: "old", name: "Old", bytes: purgeable }] });
    await (await blobStore()).delete(sha256(purgeable));
    for (const suffix of ["documents/old/original", "documents/old/pdf", "documents/zip"]) {
      await expectError(await call("GET", `/api/packages/${packageId}/${suffix}`, { key: owner.apiKey }), 410, "error.gone.documentPurged");
    }
    // The evidence summary still lists the document and its fingerprint.
    const summary = await call("GET", `/api/packages/${packageId}/evidence/summary`, { key: owner.apiKey });
    expect(pdfText(await bytesOf(summary))).toContain(sha256(purgeable));
  });
});
