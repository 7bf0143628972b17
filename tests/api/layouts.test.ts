import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { packages, roleSigningStates } from "@/lib/db/schema";
import { createSigningLink } from "@/lib/esign/signing/links/signing-links";
import { call, callJson } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { referenceProblems } from "../support/reference-shapes";
import { seedAccount, type SeededAccount } from "../support/seed";

/**
 * Document layouts as the SDK's DocumentLayoutExample, ApplyLayoutByNameExample and
 * CreateAndGetLayoutExample use them: a layout made of a package's document, listed whole, and
 * laid onto another package's document.
 */

type Json = Record<string, unknown>;
type WireDocument = { id: string; name: string; approvals: { role: string; fields: Json[] }[] };
type WirePackage = Json & { id: string; type: string; roles: { id: string }[]; documents: WireDocument[] };

const signer = (id: string, email: string) => ({ id, name: id, signers: [{ id, email, firstName: "John", lastName: "Smith" }] });
const layoutApproval = (role: string) => ({
  role,
  fields: [
    { type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 100, width: 200, height: 50 },
    { type: "INPUT", subtype: "LABEL", binding: "{signer.title}", name: "field title", page: 0, left: 100, top: 200, width: 200, height: 50 },
    { type: "INPUT", subtype: "LABEL", binding: "{signer.company}", name: "field company", page: 0, left: 100, top: 300, width: 200, height: 50 },
  ],
});

async function createPackage(account: SeededAccount, body: Json): Promise<string> {
  const documents = (body.documents as unknown[]) ?? [];
  const pdf = await makePdf();
  const multipart = multipartBody(body, documents.map((_, i) => ({ name: `d${i}.pdf`, bytes: pdf })));
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", { key: account.apiKey, body: multipart.body, headers: { "content-type": multipart.contentType } });
  return id;
}

async function layoutOf(account: SeededAccount): Promise<{ layout: WirePackage; sourceId: string }> {
  const sourceId = await createPackage(account, {
    name: "Layout source",
    description: "The package the layout is made of",
    roles: [signer("Client1", "client@example.test")],
    documents: [{ id: "documentId", name: "Layout document", approvals: [layoutApproval("Client1")] }],
  });
  // The SDK sends the source package as a Template whose id is the source's.
  const layout = await callJson<WirePackage>("POST", "/api/layouts", {
    key: account.apiKey,
    json: { id: sourceId, name: "Layout name", description: "Layout description", type: "PACKAGE", roles: [signer("Client1", "client@example.test")], documents: [{ id: "documentId", name: "Layout document", approvals: [], data: null }] },
  });
  return { layout, sourceId };
}

describe("layouts", () => {
  it("makes a layout of one document, lists it whole, and keeps it out of the package and template lists", async () => {
    const account = await seedAccount();
    const { layout, sourceId } = await layoutOf(account);
    expect(layout).toMatchObject({ type: "LAYOUT", name: "Layout name", description: "Layout description", status: "DRAFT" });
    expect(layout.id).not.toBe(sourceId);
    expect(layout.documents.map((document) => document.id)).toEqual(["documentId"]);
    expect(layout.documents[0].approvals).toHaveLength(1);
    expect(layout.roles.map((role) => role.id)).toContain("Client1");
    expect(referenceProblems("Package", layout)).toEqual([]);

    const listed = await callJson<{ results: WirePackage[]; count: number }>("GET", "/api/layouts?to=100&from=1&dir=ASCENDING", { key: account.apiKey });
    expect(listed.count).toBe(1);
    expect(listed.results[0].documents[0].approvals[0].fields).toHaveLength(3);
    for (const type of ["PACKAGE", "TEMPLATE"]) {
      const list = await callJson<{ results: { id: string }[] }>("GET", `/api/packages?type=${type}&query=drafts`, { key: account.apiKey });
      expect(list.results.map((item) => item.id)).not.toContain(layout.id);
    }
    // Another account has no layouts.
    expect((await callJson<{ count: number }>("GET", "/api/layouts", { key: (await seedAccount()).apiKey })).count).toBe(0);
  });

  it("lays a layout onto a draft's document by id or by name, mapping roles by id, then by signing order", async () => {
    const account = await seedAccount();
    const { layout } = await layoutOf(account);
    const targetId = await createPackage(account, {
      name: "Target",
      roles: [signer("Client1", "client@example.test")],
      documents: [{ id: "applyLayoutDocumentId", name: "Apply layout document", description: "kept", approvals: [] }],
    });
    const applied = await callJson<WireDocument & { description: string }>("POST", `/api/packages/${targetId}/documents/applyLayoutDocumentId/layout?layoutId=${layout.id}`, { key: account.apiKey });
    expect(applied).toMatchObject({ id: "applyLayoutDocumentId", description: "kept" });
    expect(applied.approvals).toHaveLength(1);
    expect(applied.approvals[0].role).toBe("Client1");
    expect(applied.approvals[0].fields.map((field) => [field.binding ?? null, field.left, field.top])).toEqual([
      [null, 100, 100],
      ["{signer.title}", 100, 200],
      ["{signer.company}", 100, 300],
    ]);

    // Another package whose signer has another id: the layout's first signer becomes theirs. Applying twice replaces.
    const otherId = await createPackage(account, { name: "Other", roles: [signer("Buyer", "buyer@example.test")], documents: [{ id: "doc", name: "Doc" }] });
    for (let i = 0; i < 2; i++) await callJson("POST", `/api/packages/${otherId}/documents/doc/layout?layoutName=${encodeURIComponent("Layout name")}`, { key: account.apiKey });
    const document = (await callJson<WirePackage>("GET", `/api/packages/${otherId}`, { key: account.apiKey })).documents.find((item) => item.id === "doc")!;
    expect(document.approvals.map((approval) => approval.role)).toEqual(["Buyer"]);
  });

  it("refuses a package without a signer for the layout's role, a sent package, an unknown layout and an ambiguous query", async () => {
    const account = await seedAccount();
    const { layout } = await layoutOf(account);
    const noSigners = await createPackage(account, { name: "Nobody", roles: [], documents: [{ id: "doc", name: "Doc" }] });
    const refused = await call("POST", `/api/packages/${noSigners}/documents/doc/layout?layoutId=${layout.id}`, { key: account.apiKey });
    expect([refused.status, (await refused.json()).messageKey]).toEqual([422, "error.validation.layoutRole"]);

    const sent = await createPackage(account, { name: "Sent", roles: [signer("Client1", "client@example.test")], documents: [{ id: "doc", name: "Doc", approvals: [layoutApproval("Client1")] }] });
    await callJson("PUT", `/api/packages/${sent}`, { key: account.apiKey, json: { status: "SENT" } });
    expect((await call("POST", `/api/packages/${sent}/documents/doc/layout?layoutId=${layout.id}`, { key: account.apiKey })).status).toBe(409);

    expect((await call("POST", `/api/packages/${noSigners}/documents/doc/layout?layoutId=nope`, { key: account.apiKey })).status).toBe(404);
    expect((await call("POST", `/api/packages/${noSigners}/documents/doc/layout?layoutId=${layout.id}&layoutName=x`, { key: account.apiKey })).status).toBe(400);
    expect((await call("POST", "/api/layouts", { key: account.apiKey, json: { id: noSigners, documents: [{ id: "missing" }] } })).status).toBe(404);
  });
});

describe("layouts and templates are never signed", () => {
  const expectConflict = async (response: Response, messageKey: string, named: RegExp) => {
    const body = (await response.json()) as Json;
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ code: 409, name: "Conflict", messageKey });
    expect(body.message).toMatch(named);
  };

  it("refuses to send a layout, or to give a signing link or token into a layout or a template, saying why", async () => {
    const account = await seedAccount();
    const { layout } = await layoutOf(account);
    const template = await createPackage(account, {
      name: "Template",
      type: "TEMPLATE",
      roles: [signer("Client1", "client@example.test")],
      documents: [{ id: "doc", name: "Doc", approvals: [layoutApproval("Client1")] }],
    });

    for (const method of ["POST", "PUT"] as const) {
      await expectConflict(await call(method, `/api/packages/${layout.id}`, { key: account.apiKey, json: { status: "SENT" } }), "error.conflict.layoutStatus", /layout/i);
    }
    await expectConflict(await call("POST", `/api/packages/${template}`, { key: account.apiKey, json: { status: "SENT" } }), "error.conflict.templateStatus", /template/i);
    expect((await callJson<WirePackage>("GET", `/api/packages/${layout.id}`, { key: account.apiKey })).status).toBe("DRAFT");

    for (const [id, kind] of [[layout.id, "layout"], [template, "template"]] as const) {
      const messageKey = `error.conflict.${kind}NotSignable`;
      const named = new RegExp(`${kind}s are never signed`);
      await expectConflict(await call("GET", `/api/packages/${id}/roles/Client1/signingUrl`, { key: account.apiKey }), messageKey, named);
      await expectConflict(
        await call("POST", "/api/authenticationTokens/signer/multiUse", { key: account.apiKey, json: { packageId: id, signerId: "Client1" } }),
        messageKey,
        named,
      );
      await expectConflict(await call("POST", "/api/authenticationTokens/sender", { key: account.apiKey, json: { packageId: id } }), messageKey, named);
    }
  });

  it("opens no ceremony of a layout sent before sending one was refused: its links answer 409 saying why", async () => {
    const account = await seedAccount();
    const { layout } = await layoutOf(account);
    // What the service used to accept: a SENT layout, with its signer's state and a link.
    const db = await getDb();
    await db.update(packages).set({ status: "SENT" }).where(eq(packages.id, layout.id));
    await db.insert(roleSigningStates).values({ packageId: layout.id, roleId: "Client1" });
    const token = await createSigningLink(db, { packageId: layout.id, roleId: "Client1", kind: "MULTI_USE" });

    await expectConflict(await call("GET", `/api/packages/${layout.id}/roles/Client1/signingUrl`, { key: account.apiKey }), "error.conflict.layoutNotSignable", /layouts are never signed/);
    const opened = await call("GET", `/access?sessionToken=${token}`);
    expect(opened.status).toBe(409);
    expect(opened.headers.get("set-cookie")).toBeNull();
    expect(await opened.text()).toContain("layouts are never signed");
  });
});
