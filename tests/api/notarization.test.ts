import { getDb } from "@/lib/db/client";
import { sealPackage } from "@/lib/esign/sealing/seal-package";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { describe, expect, it } from "vitest";
import english from "@/messages/ceremony/en.json";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles } from "../support/packages";
import { pdfSig, pdfText } from "../support/poppler";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

async function sessionFor(packageId: string, roleId: string): Promise<Record<string, string>> {
  const db = await getDb();
  const { token } = await db.transaction((tx) => openSigningSession(tx, { packageId, roleId, memberEmail: null, ipAddress: "203.0.113.9", userAgent: "NotaryTest/1.0" }));
  return { cookie: `${signingCookieName(packageId)}=${token}` };
}

const signature = (top: number) => ({ type: "SIGNATURE", subtype: "FULLNAME", page: 0, top, left: 100, width: 200, height: 50 });
const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

/** A draft with a client (index 1) and the notary's role (index `notaryIndex`), notarized by that role. */
async function notarizedDraft(owner: SeededAccount, notaryEmail: string, notaryIndex = 2): Promise<string> {
  return createPackageWithFiles(owner.apiKey, {
    name: "Affidavit",
    notarized: true,
    notaryRoleId: "Notary",
    roles: [
      { id: "Client", index: 1, type: "SIGNER", signers: [{ email: "client@example.test", firstName: "Cleo", lastName: "Client" }] },
      { id: "Notary", index: notaryIndex, type: "SIGNER", signers: [{ email: notaryEmail, firstName: "Nora", lastName: "Notary" }] },
    ],
    documents: [
      {
        id: "doc1",
        name: "Affidavit of residence",
        approvals: [
          { id: "client-sig", role: "Client", fields: [signature(500)] },
          { id: "notary-sig", role: "Notary", fields: [signature(600)] },
        ],
      },
    ],
  });
}

async function signAll(packageId: string, roleId: string, approvalId: string): Promise<void> {
  const headers = await sessionFor(packageId, roleId);
  expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
  if (roleId === "Notary") await callJson("POST", `/api/signing/${packageId}/notary`, { headers });
  await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals: [{ id: approvalId }] } });
}

const send = (owner: SeededAccount, packageId: string, expect = 200) =>
  callJson<{ messageKey?: string; message?: string }>("POST", `/api/packages/${packageId}`, { key: owner.apiKey, json: { status: "SENT" }, expect });

describe("notarization", () => {
  it("a notary's commission is set by the owner or themself, read back, and removed", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    const other = await seedSender(owner);
    const path = `/api/account/senders/${notary.userId}/notaryCommission`;
    expect((await callJson<{ messageKey: string }>("GET", path, { key: owner.apiKey, expect: 404 })).messageKey).toBe("error.notFound.notaryCommission");
    const body = { name: "Nora Notary", number: 12345, jurisdiction: "Ontario", country: "Canada", expirationDate: nextYear() };
    const set = await callJson("PUT", path, { key: owner.apiKey, json: body });
    expect(set).toMatchObject({ name: "Nora Notary", number: 12345, jurisdiction: "Ontario", country: "Canada", confirmed: true });
    expect(await callJson("GET", path, { key: notary.apiKey })).toEqual(set);
    // Another sender without users.manage may not change it; bad input is a 400 naming the field.
    await callJson("PUT", path, { key: other.apiKey, json: body, expect: 403 });
    await callJson("PUT", path, { key: notary.apiKey, json: { ...body, jurisdiction: "" }, expect: 400 });
    expect((await call("DELETE", path, { key: notary.apiKey })).status).toBe(204);
    await callJson("GET", path, { key: owner.apiKey, expect: 404 });
  });

  it("notarized and notaryRoleId are stored and answered, and change in a draft", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    const packageId = await notarizedDraft(owner, notary.email);
    expect(await callJson("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).toMatchObject({ notarized: true, notaryRoleId: "Notary" });
    await callJson("PUT", `/api/packages/${packageId}`, { key: owner.apiKey, json: { notarized: false } });
    expect(await callJson("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).toMatchObject({ notarized: false, notaryRoleId: "Notary" });
  });

  it("refuses to send a notarized package until its notary is a sender with a commission in force who signs last", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    const path = `/api/account/senders/${notary.userId}/notaryCommission`;

    const stranger = await notarizedDraft(owner, "not-a-sender@example.test");
    expect((await send(owner, stranger, 422)).messageKey).toBe("error.validation.notary.notarySenderRequired");

    const packageId = await notarizedDraft(owner, notary.email);
    const missing = await send(owner, packageId, 422);
    expect(missing.messageKey).toBe("error.validation.notary.notaryCommissionMissing");
    expect(missing.message).toContain("commission number, jurisdiction, expiry");

    await callJson("PUT", path, { key: owner.apiKey, json: { number: 7, jurisdiction: "Ontario", expirationDate: "2001-01-01T00:00:00Z" } });
    expect((await send(owner, packageId, 422)).messageKey).toBe("error.validation.notary.notaryCommissionExpired");

    await callJson("PUT", path, { key: owner.apiKey, json: { number: 7, jurisdiction: "Ontario", expirationDate: nextYear() } });
    const first = await notarizedDraft(owner, notary.email, 1);
    expect((await send(owner, first, 422)).messageKey).toBe("error.validation.notary.notaryMustSignLast");

    await callJson("PUT", `/api/packages/${packageId}`, { key: owner.apiKey, json: { notaryRoleId: "" } });
    expect((await send(owner, packageId, 422)).messageKey).toBe("error.validation.notary.noNotaryRole");
    await callJson("PUT", `/api/packages/${packageId}`, { key: owner.apiKey, json: { notaryRoleId: "Nobody" } });
    expect((await send(owner, packageId, 422)).messageKey).toBe("error.validation.notary.notaryRoleNotFound");
    await callJson("PUT", `/api/packages/${packageId}`, { key: owner.apiKey, json: { notaryRoleId: "Notary" } });
    await send(owner, packageId);
  });

  it("the notary completing their step writes the journal, read as JSON and CSV by the notary and the owner only", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    const other = await seedSender(owner);
    await callJson("PUT", `/api/account/senders/${notary.userId}/notaryCommission`, { key: notary.apiKey, json: { number: 4242, jurisdiction: "Quebec", expirationDate: nextYear() } });
    const journal = `/api/user/${notary.userId}/journal`;
    expect(await callJson("GET", journal, { key: notary.apiKey })).toEqual({ results: [], count: 0 });

    const packageId = await notarizedDraft(owner, notary.email);
    await send(owner, packageId);
    await signAll(packageId, "Client", "client-sig");
    expect((await callJson<{ count: number }>("GET", journal, { key: notary.apiKey })).count).toBe(0);
    await signAll(packageId, "Notary", "notary-sig");
    expect((await callJson<{ status: string }>("GET", `/api/packages/${packageId}`, { key: owner.apiKey })).status).toBe("COMPLETED");

    const entries = await callJson<{ results: Record<string, unknown>[]; count: number }>("GET", journal, { key: notary.apiKey });
    expect(entries.count).toBe(1);
    expect(entries.results[0]).toMatchObject({
      sequenceNumber: 1,
      creationDate: expect.stringMatching(/Z$/),
      documentType: "PDF",
      documentName: "Affidavit of residence",
      signerName: "Cleo Client",
      signatureType: "ELECTRONIC",
      jurisdiction: "Quebec",
      packageId,
      signerEmail: "client@example.test",
    });
    expect(await callJson("GET", journal, { key: owner.apiKey })).toEqual(entries);

    // The sealed document carries the notary's stamp, under the service's signature.
    await sealPackage(packageId);
    const sealed = new Uint8Array(await (await call("GET", `/api/packages/${packageId}/documents/doc1/pdf`, { key: owner.apiKey })).arrayBuffer());
    const text = pdfText(sealed).replace(/\s+/g, " ");
    for (const words of ["ELECTRONIC NOTARY SEAL", "Notary: Sam Sender", "Commission No. 4242", "Jurisdiction: Quebec", "Commission expires:", "Notarized:"]) expect(text).toContain(words);
    expect(pdfSig(sealed)).toContain("Signature is Valid");
    expect((await callJson<{ messageKey: string }>("GET", journal, { key: other.apiKey, expect: 403 })).messageKey).toBe("error.forbidden.notaryJournal");

    const csv = await call("GET", `${journal}/download`, { key: notary.apiKey, headers: { accept: "*/*; esl-api-version=11.21" } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("notary-journal.csv");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Cleo Client"');
    const byAccept = await call("GET", journal, { key: notary.apiKey, headers: { accept: "text/csv" } });
    expect(byAccept.headers.get("content-type")).toContain("text/csv");

    // A second notarization numbers on.
    const second = await notarizedDraft(owner, notary.email);
    await send(owner, second);
    await signAll(second, "Client", "client-sig");
    await signAll(second, "Notary", "notary-sig");
    const both = await callJson<{ results: { sequenceNumber: number }[]; count: number }>("GET", `${journal}?from=1&to=1&dir=DESC`, { key: notary.apiKey });
    expect(both.count).toBe(2);
    expect(both.results.map((entry) => entry.sequenceNumber)).toEqual([2]);
  });

  it("the notary's ceremony has the notary step: their commission and the certificate they adopt; nobody else's has", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    await callJson("PUT", `/api/account/senders/${notary.userId}/notaryCommission`, { key: notary.apiKey, json: { number: 5150, jurisdiction: "Ontario", country: "Canada", expirationDate: "2031-06-30T00:00:00Z" } });
    const packageId = await notarizedDraft(owner, notary.email);
    await send(owner, packageId);
    const clientView = await callJson<{ notary: unknown }>("GET", `/api/signing/${packageId}`, { headers: await sessionFor(packageId, "Client") });
    expect(clientView.notary).toBeNull();
    const notaryView = await callJson<{ notary: { name: string; certificate: string } }>("GET", `/api/signing/${packageId}`, { headers: await sessionFor(packageId, "Notary") });
    expect(notaryView.notary).toEqual({
      name: "Sam Sender",
      commission: { number: 5150, jurisdiction: "Ontario", country: "Canada", expirationDate: "2031-06-30T00:00:00.000Z" },
      certificate: expect.stringContaining("I, Sam Sender, a notary public commissioned in Ontario, certify"),
      adopted: null,
    });
    // The ceremony's English message is the certificate the service answers, word for word.
    const rendered = english.notary.certificate.replace("{notaryName}", notaryView.notary.name).replace("{jurisdiction}", "Ontario");
    expect(rendered).toBe(notaryView.notary.certificate);
  });

  it("the notary adopts the certificate through the ceremony before signing: recorded in the audit trail, the evidence summary and the journal", async () => {
    const owner = await seedAccount();
    const notary = await seedSender(owner);
    await callJson("PUT", `/api/account/senders/${notary.userId}/notaryCommission`, { key: notary.apiKey, json: { number: 808, jurisdiction: "Ontario", expirationDate: nextYear() } });
    const packageId = await notarizedDraft(owner, notary.email);
    await send(owner, packageId);
    await signAll(packageId, "Client", "client-sig");

    const adopt = (headers: Record<string, string>, expect = 200) => callJson<{ adopted: string; messageKey: string }>("POST", `/api/signing/${packageId}/notary`, { headers, expect });
    // Only the notary adopts it, and only after the consent.
    expect((await adopt(await sessionFor(packageId, "Client"), 403)).messageKey).toBe("error.forbidden.notNotary");
    const headers = await sessionFor(packageId, "Notary");
    expect((await adopt(headers, 409)).messageKey).toBe("error.conflict.consentNotAccepted");
    expect((await call("POST", `/api/signing/${packageId}/consent`, { headers })).status).toBe(204);
    // The notary cannot sign before adopting it.
    const early = await callJson<{ messageKey: string }>("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals: [{ id: "notary-sig" }] }, expect: 409 });
    expect(early.messageKey).toBe("error.conflict.notarialCertificateNotAdopted");

    const { adopted } = await adopt(headers);
    expect(adopted).toMatch(/Z$/);
    expect((await adopt(headers)).adopted).toBe(adopted);
    const view = await callJson<{ notary: { adopted: string } }>("GET", `/api/signing/${packageId}`, { headers });
    expect(view.notary.adopted).toBe(adopted);
    await callJson("POST", `/api/signing/${packageId}/documents/doc1/sign`, { headers, json: { approvals: [{ id: "notary-sig" }] } });

    // The history: one adoption event, from the notary's browser, with the certificate's words.
    const audit = await callJson<{ "audit-events": { type: string; data: string; date: string; "user-ip": string }[] }>("GET", `/api/packages/${packageId}/audit?events=all`, { key: owner.apiKey });
    const adoptions = audit["audit-events"].filter((event) => event.type === "Notary Certificate Adopt");
    expect(adoptions).toHaveLength(1);
    expect(adoptions[0]).toMatchObject({ "user-ip": "203.0.113.9", data: expect.stringContaining("I, Sam Sender, a notary public commissioned in Ontario, certify") });

    const summary = await call("GET", `/api/packages/${packageId}/evidence/summary`, { key: owner.apiKey });
    const certificate = pdfText(new Uint8Array(await summary.arrayBuffer())).replace(/\s+/g, " ");
    expect(certificate).toContain("Adopted the notarial certificate as notary");

    const journal = await callJson<{ results: { comment: string }[] }>("GET", `/api/user/${notary.userId}/journal`, { key: notary.apiKey });
    expect(journal.results[0].comment).toBe(`Notarized by Sam Sender, commission 808; notarial certificate adopted ${adopted}`);
  });
});
