import { describe, expect, it } from "vitest";
import { callJson } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { seedAccount } from "../support/seed";

/**
 * Issue 16, item 2: a document with more fields than one INSERT can bind (PostgreSQL's 65,535
 * parameters, about 3,640 fields) is stored, copied and read back whole.
 */
describe("a document with 10,000 fields", () => {
  it("is created, read back and cloned with every field", async () => {
    const account = await seedAccount();
    const approvals = Array.from({ length: 10 }, (_, a) => ({
      role: "Signer1",
      fields: Array.from({ length: 1000 }, (_, f) => ({
        type: "INPUT",
        subtype: "TEXTFIELD",
        page: 0,
        left: 10 + (f % 40) * 19,
        top: 10 + Math.floor(f / 40) * 30 + a,
        width: 15,
        height: 10,
      })),
    }));
    const payload = {
      name: "Census form",
      roles: [{ id: "Signer1", signers: [{ email: "signer@example.test", firstName: "Sig", lastName: "Ner" }] }],
      documents: [{ id: "census", name: "Census", approvals }],
    };
    const multipart = multipartBody(payload, [{ name: "census.pdf", bytes: await makePdf() }]);
    const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });

    type Read = { documents: { id: string; approvals: { fields: unknown[] }[] }[] };
    const fieldCount = (pkg: Read) => pkg.documents.find((document) => document.id === "census")!.approvals.reduce((sum, approval) => sum + approval.fields.length, 0);
    expect(fieldCount(await callJson<Read>("GET", `/api/packages/${id}`, { key: account.apiKey }))).toBe(10_000);

    const clone = await callJson<{ id: string }>("POST", `/api/packages/${id}/clone`, { key: account.apiKey, json: { name: "Census copy" } });
    expect(fieldCount(await callJson<Read>("GET", `/api/packages/${clone.id}`, { key: account.apiKey }))).toBe(10_000);
  }, 120_000);
});
