import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { auditEventsOf, outboxOf } from "../support/recorded";
import { seedAccount } from "../support/seed";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "signet-visibility-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Visibility = { configurations: { documentUid: string; roleUids: string[] }[] };
type ErrorBody = { code: number; messageKey: string; message: string };
const signature = { type: "SIGNATURE", subtype: "FULLNAME", page: 0, top: 600, left: 100, width: 200, height: 50 };

/** Two signers; "a" is signed by both, "b" (the private annex) by s1 only. */
async function draft() {
  const owner = await seedAccount();
  const packageId = await createPackageWithFiles(owner.apiKey, {
    name: "Partnership",
    roles: [
      { id: "s1", index: 1, type: "SIGNER", signers: [{ email: "one@example.test", firstName: "Ona", lastName: "One" }] },
      { id: "s2", index: 1, type: "SIGNER", signers: [{ email: "two@example.test", firstName: "Tom", lastName: "Two" }] },
    ],
    documents: [
      { id: "a", name: "Agreement", index: 0, approvals: [{ id: "a-s1", role: "s1", fields: [signature] }, { id: "a-s2", role: "s2", fields: [{ ...signature, top: 680 }] }] },
      { id: "b", name: "Annex", index: 1, approvals: [{ id: "b-s1", role: "s1", fields: [signature] }] },
    ],
  });
  return { owner, packageId, url: `/api/packages/${packageId}/documents/visibility` };
}

async function sessionFor(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.9", userAgent: "VisibilityTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

const drain = async (response: Promise<Response>) => {
  const answered = await response;
  await answered.arrayBuffer();
  return answered.status;
};

function zipEntries(bytes: Buffer): string[] {
  const file = path.join(fs.mkdtempSync(path.join(scratch, "zip-")), "archive.zip");
  fs.writeFileSync(file, bytes);
  return execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n").sort();
}

describe("POST/GET /api/packages/{id}/documents/visibility", () => {
  it("stores the original's shape, answers it, audits the change, and is kept by a clone", async () => {
    const { owner, packageId, url } = await draft();
    expect(await callJson<Visibility>("GET", url, { key: owner.apiKey })).toEqual({ configurations: [] });
    // The SDK's Entity fields ride along and are ignored.
    const body = { id: "", name: "", data: null, configurations: [{ id: "", name: "", documentUid: "b", roleUids: ["s1", "s1"] }] };
    expect(await callJson<Visibility>("POST", url, { key: owner.apiKey, json: body })).toEqual({ configurations: [{ documentUid: "b", roleUids: ["s1"] }] });
    expect(await callJson<Visibility>("GET", url, { key: owner.apiKey })).toEqual({ configurations: [{ documentUid: "b", roleUids: ["s1"] }] });
    const events = await auditEventsOf(packageId, "PACKAGE_UPDATE");
    expect(events.some((event) => String(event.message).includes("b → s1"))).toBe(true);

    const { id: templateId } = await callJson<{ id: string }>("POST", `/api/packages/${packageId}/clone`, { key: owner.apiKey, json: { name: "Partnership template", type: "TEMPLATE" } });
    expect(await callJson<Visibility>("GET", `/api/packages/${templateId}/documents/visibility`, { key: owner.apiKey })).toEqual({
      configurations: [{ documentUid: "b", roleUids: ["s1"] }],
    });

    // A document removed since leaves the answer; an empty list shows everything to everyone again.
    expect(await drain(call("DELETE", `/api/packages/${templateId}/documents/b`, { key: owner.apiKey }))).toBe(204);
    expect(await callJson<Visibility>("GET", `/api/packages/${templateId}/documents/visibility`, { key: owner.apiKey })).toEqual({ configurations: [] });
    expect(await callJson<Visibility>("POST", url, { key: owner.apiKey, json: { configurations: [] } })).toEqual({ configurations: [] });
  });

  it("refuses a document or role the package lacks, a document twice, and hiding a document from a role that signs it", async () => {
    const { owner, url } = await draft();
    const refuse = async (configurations: unknown[], messageKey: string) => {
      const error = await callJson<ErrorBody>("POST", url, { key: owner.apiKey, json: { configurations }, expect: 400 });
      expect(error).toMatchObject({ code: 400, messageKey });
      return error;
    };
    await refuse([{ documentUid: "zzz", roleUids: ["s1"] }], "error.validation.documentVisibility.invalidDocument");
    await refuse([{ documentUid: "b", roleUids: ["s1", "ghost"] }], "error.validation.documentVisibility.invalidRole");
    await refuse([{ documentUid: "b", roleUids: ["s1"] }, { documentUid: "b", roleUids: ["s1"] }], "error.validation.documentVisibility.duplicateDocument");
    const hidden = await refuse([{ documentUid: "b", roleUids: ["s2"] }], "error.validation.documentVisibility.signerHasApprovals");
    expect(hidden.message).toContain("s1");
    // The consent is accepted by every signer: it cannot be hidden from one.
    await refuse([{ documentUid: "default-consent", roleUids: ["s1"] }], "error.validation.documentVisibility.signerHasApprovals");
    expect(await callJson<Visibility>("GET", url, { key: owner.apiKey })).toEqual({ configurations: [] });
  });

  it("is set on drafts only", async () => {
    const { owner, packageId, url } = await draft();
    await callJson("POST", `/api/packages/${packageId}`, { key: owner.apiKey, json: { status: "SENT" } });
    const error = await callJson<ErrorBody>("POST", url, { key: owner.apiKey, json: { configurations: [{ documentUid: "b", roleUids: ["s1"] }] }, expect: 409 });
    expect(error.messageKey).toBe("error.conflict.packageNotDraft");
    expect(await callJson<Visibility>("GET", url, { key: owner.apiKey })).toEqual({ configurations: [] });
  });
});

describe("a document hidden from a signer", () => {
  it("is not in their ceremony, its PDF answers 404, and their copy leaves it (and the certificate) out; the other signer and the sender get everything", { timeout: 120_000 }, async () => {
    const { owner, packageId, url } = await draft();
    await callJson("POST", url, { key: owner.apiKey, json: { configurations: [{ documentUid: "b", roleUids: ["s1"] }] } });
    await callJson("POST", `/api/packages/${packageId}`, { key: owner.apiKey, json: { status: "SENT" } });
    const one = await sessionFor(packageId, "s1");
    const two = await sessionFor(packageId, "s2");

    type View = { documents: { id: string }[] };
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, { headers: one })).documents.map((document) => document.id)).toEqual(["a", "b"]);
    expect((await callJson<View>("GET", `/api/signing/${packageId}`, { headers: two })).documents.map((document) => document.id)).toEqual(["a"]);
    expect(await drain(call("GET", `/api/signing/${packageId}/documents/b/pdf`, { headers: one }))).toBe(200);
    const hiddenPdf = await callJson<ErrorBody>("GET", `/api/signing/${packageId}/documents/b/pdf`, { headers: two, expect: 404 });
    expect(hiddenPdf.messageKey).toBe("error.notFound.documentNotFound");
    expect(await drain(call("POST", `/api/signing/${packageId}/documents/b/viewed`, { headers: two }))).toBe(404);
    expect(await drain(call("POST", `/api/signing/${packageId}/documents/a/viewed`, { headers: two }))).toBe(204);

    for (const [headers, role, ids] of [[one, "s1", ["a", "b"]], [two, "s2", ["a"]]] as const) {
      expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
      for (const id of ids) await callJson("POST", `/api/signing/${packageId}/documents/${id}/sign`, { headers, json: { approvals: [{ id: `${id}-${role}` }] } });
    }
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");
    await sealPackage(packageId);

    const mails = await outboxOf(packageId, "SIGNER_COPY");
    const tokenOf = (to: string) => {
      const mail = mails.find((candidate) => candidate.to === to)!;
      return new RegExp(`${config().publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/copy/([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
    };
    const zipOf = async (token: string) => zipEntries(Buffer.from(await (await call("GET", `/api/signerCopies/${token}/zip`)).arrayBuffer()));
    const twoToken = tokenOf("two@example.test");
    expect(await zipOf(twoToken)).toEqual(["Agreement.pdf"]);
    expect(await drain(call("GET", `/api/signerCopies/${twoToken}/documents/b/pdf`))).toBe(404);
    expect(await drain(call("GET", `/api/signerCopies/${twoToken}/documents/a/pdf`))).toBe(200);
    const oneZip = await zipOf(tokenOf("one@example.test"));
    expect(oneZip).toEqual(expect.arrayContaining(["Agreement.pdf", "Annex.pdf"]));
    expect(oneZip).toHaveLength(3); // and the certificate of completion
    const senderZip = zipEntries(Buffer.from(await (await call("GET", `/api/packages/${packageId}/documents/zip`, { key: owner.apiKey })).arrayBuffer()));
    expect(senderZip).toEqual(oneZip);
  });
});
