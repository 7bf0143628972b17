import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { WireApproval, WireDocument, WireField, WirePackage, WireRole } from "@/lib/api/packages";
import { getDb } from "@/lib/db/client";
import { approvals as approvalsTable, auditEvents, fields as fieldsTable } from "@/lib/db/schema";
import { call, callJson, type CallOptions } from "../support/api-client";
import { makePdf, multipartBody } from "../support/pdfs";
import { createPackageWithFiles, signer } from "../support/packages";
import { seedAccount, seedGroup, seedSender, type SeededAccount } from "../support/seed";

/**
 * Integration tests of a package's content endpoints: roles, documents, approvals and fields
 * (spec 2.2 to 2.4, 3.3, 3.4, 4.1; compat-notes "Packages" and "Documents, approvals and fields").
 * Every test seeds its own account and packages.
 */

interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}
interface List<T> {
  results: T[];
  count: number;
}

/** A Letter page (612 × 792 points) in the wire's unit, 1.3 per point. */
const PAGE = { width: 795.6, height: 1029.6 };
const signatureField = (overrides: Record<string, unknown> = {}) => ({
  type: "SIGNATURE",
  subtype: "FULLNAME",
  page: 0,
  top: 600,
  left: 100,
  width: 200,
  height: 50,
  ...overrides,
});

/**
 * A draft with roles Signer1..SignerN, documents doc1.. (2 Letter pages each), and on every
 * document an approval `sign-<doc>` for Signer1 holding one signature field `sig-<doc>`.
 */
function contentPayload(options: { signers?: number; documents?: string[]; roles?: unknown[]; status?: string } = {}) {
  const signers = options.signers ?? 2;
  return {
    name: "Content test",
    type: "PACKAGE",
    status: options.status ?? "DRAFT",
    roles:
      options.roles ??
      Array.from({ length: signers }, (_, i) => ({
        id: `Signer${i + 1}`,
        name: `Signer ${i + 1}`,
        index: i + 1,
        type: "SIGNER",
        signers: [signer(i + 1)],
      })),
    documents: (options.documents ?? ["Agreement"]).map((name, i) => ({
      id: `doc${i + 1}`,
      name,
      approvals: [{ id: `sign-doc${i + 1}`, role: "Signer1", fields: [signatureField({ id: `sig-doc${i + 1}` })] }],
    })),
  };
}

async function draft(account: SeededAccount, options: Parameters<typeof contentPayload>[0] = {}): Promise<string> {
  return createPackageWithFiles(account.apiKey, contentPayload(options));
}

const pkg = (id: string) => `/api/packages/${id}`;
const rolesPath = (id: string) => `${pkg(id)}/roles`;
const documentsPath = (id: string) => `${pkg(id)}/documents`;
const approvalsPath = (id: string, documentId = "doc1") => `${documentsPath(id)}/${documentId}/approvals`;
const fieldsPath = (id: string, approvalId = "sign-doc1", documentId = "doc1") => `${approvalsPath(id, documentId)}/${approvalId}/fields`;

async function getPackage(account: SeededAccount, id: string): Promise<WirePackage> {
  return callJson<WirePackage>("GET", pkg(id), { key: account.apiKey });
}

async function setStatus(account: SeededAccount, id: string, status: "SENT" | "DRAFT"): Promise<void> {
  const answer = await callJson<WirePackage>("POST", pkg(id), { key: account.apiKey, json: { status } });
  expect(answer.status).toBe(status);
}

/** Calls and checks the wire's JSON error body; answers it for further checks. */
async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey?: string): Promise<ErrorBody> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({ code: status, message: expect.any(String), messageKey: expect.any(String) });
  expect(body.name).toBe({ 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 409: "Conflict" }[status]);
  if (messageKey) expect(body.messageKey).toBe(messageKey);
  return body;
}

async function uploadDocuments(account: SeededAccount, id: string, payload: unknown, files: { name: string; bytes: Buffer; contentType?: string }[]) {
  const { body, contentType } = multipartBody(payload, files);
  return call("POST", documentsPath(id), { key: account.apiKey, body, headers: { "content-type": contentType } });
}

async function auditOf(packageId: string) {
  const db = await getDb();
  return db
    .select({
      name: auditEvents.name,
      accountId: auditEvents.accountId,
      sessionUser: auditEvents.sessionUser,
      documentId: auditEvents.documentId,
      message: auditEvents.message,
      ipAddress: auditEvents.ipAddress,
    })
    .from(auditEvents)
    .where(eq(auditEvents.packageId, packageId))
    .orderBy(asc(auditEvents.id));
}

async function auditNames(packageId: string): Promise<string[]> {
  return (await auditOf(packageId)).map((event) => event.name);
}

async function fieldRowsOf(packageId: string) {
  const db = await getDb();
  return db.select().from(fieldsTable).where(eq(fieldsTable.packageId, packageId));
}

async function approvalRowsOf(packageId: string, roleId: string) {
  const db = await getDb();
  return db.select().from(approvalsTable).where(and(eq(approvalsTable.packageId, packageId), eq(approvalsTable.roleId, roleId)));
}

const roleIds = (roles: WireRole[]) => roles.map((role) => role.id);
const senderRoles = (roles: WireRole[]) => roles.filter((role) => role.type === "SENDER");

describe("roles", () => {
  it("answers GET .../roles/ (trailing slash, as the spec writes it) and .../roles alike, the sender's role included", async () => {
    const account = await seedAccount();
    const id = await draft(account);

    const slash = await call("GET", `${rolesPath(id)}/`, { key: account.apiKey });
    const plain = await call("GET", rolesPath(id), { key: account.apiKey });
    expect(slash.status).toBe(200);
    expect(plain.status).toBe(200);
    const slashBody = (await slash.json()) as List<WireRole>;
    expect(await plain.json()).toEqual(slashBody);

    expect(slashBody.count).toBe(3);
    expect(slashBody.results).toHaveLength(3);
    expect(roleIds(slashBody.results)).toEqual(expect.arrayContaining(["Signer1", "Signer2"]));
    const [sender] = senderRoles(slashBody.results);
    expect(senderRoles(slashBody.results)).toHaveLength(1);
    expect(sender.id).not.toBe("Owner");
    expect(sender.signers[0]).toMatchObject({ email: account.email, firstName: "Olive", lastName: "Owner" });
    const signer1 = slashBody.results.find((role) => role.id === "Signer1")!;
    expect(signer1).toMatchObject({ type: "SIGNER", name: "Signer 1", index: 1, signers: [{ email: "signer1@example.test", firstName: "Signer", lastName: "Number1" }] });
    // Signing order: by index.
    const indexes = slashBody.results.map((role) => role.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it("makes the sender a signer with the role id Owner: the sender is its signer whatever the payload said, and no other SENDER role", async () => {
    const account = await seedAccount();
    const id = await draft(account, {
      roles: [
        { id: "Owner", name: "Me", index: 1, type: "SIGNER", signers: [{ email: "someone.else@example.test", firstName: "Some", lastName: "One" }] },
        { id: "Signer1", name: "Signer 1", index: 2, type: "SIGNER", signers: [signer(1)] },
      ],
    });
    const { results, count } = await callJson<List<WireRole>>("GET", `${rolesPath(id)}/`, { key: account.apiKey });
    expect(count).toBe(2);
    expect(roleIds(results).sort()).toEqual(["Owner", "Signer1"]);
    expect(senderRoles(results)).toHaveLength(1);
    const owner = results.find((role) => role.id === "Owner")!;
    expect(owner.type).toBe("SENDER");
    expect(owner.signers).toHaveLength(1);
    expect(owner.signers[0]).toMatchObject({ email: account.email, firstName: "Olive", lastName: "Owner" });
    expect(JSON.stringify(owner)).not.toContain("someone.else");

    // The Owner signs: it accepts the consent document like every signer.
    const consent = await callJson<List<WireApproval>>("GET", approvalsPath(id, "default-consent"), { key: account.apiKey });
    expect(consent.results.map((approval) => approval.role).sort()).toEqual(["Owner", "Signer1"]);
  });

  it("echoes a group signer with the group's e-mail as email, its name as firstName and an empty lastName", async () => {
    const account = await seedAccount();
    const legalTeam = { email: "legal-team@example.test", name: "Legal team" };
    const group = { id: await seedGroup(account, legalTeam), ...legalTeam };
    const finance = { email: "finance@example.test", name: "Finance" };
    const financeGroup = { id: await seedGroup(account, finance), ...finance };
    const id = await draft(account, {
      roles: [
        { id: "Signer1", name: "Signer 1", index: 1, type: "SIGNER", signers: [signer(1)] },
        { id: "Legal", name: "Legal", index: 2, type: "SIGNER", signers: [{ group }] },
      ],
    });
    const legal = await callJson<WireRole>("GET", `${rolesPath(id)}/Legal`, { key: account.apiKey });
    expect(legal.signers).toHaveLength(1);
    expect(legal.signers[0]).toMatchObject({ email: group.email, firstName: group.name, lastName: "", group });

    // The same through POST .../roles.
    const added = await callJson<WireRole>("POST", rolesPath(id), {
      key: account.apiKey,
      json: { id: "Finance", type: "SIGNER", index: 3, signers: [{ group: financeGroup }] },
    });
    expect(added.signers[0]).toMatchObject({
      email: "finance@example.test",
      firstName: "Finance",
      lastName: "",
      signerType: "GROUP_SIGNER",
      // The group as it is now, in the original's Group shape.
      group: { ...financeGroup, emailMembers: true, reciprocalDelegation: false, members: [] },
    });
    const listed = await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey });
    expect(listed.results.find((role) => role.id === "Finance")).toEqual(added);
  });

  it("changes the signing order with PUT .../roles [{id, index}], in a DRAFT and while SENT", async () => {
    const account = await seedAccount();
    const id = await draft(account);

    const reordered = await callJson<List<WireRole>>("PUT", rolesPath(id), {
      key: account.apiKey,
      json: [
        { id: "Signer1", index: 2 },
        { id: "Signer2", index: 1 },
      ],
    });
    expect(reordered.count).toBe(3);
    const signing = (roles: WireRole[]) => roles.filter((role) => role.type === "SIGNER").map((role) => [role.id, role.index]);
    expect(signing(reordered.results)).toEqual([
      ["Signer2", 1],
      ["Signer1", 2],
    ]);
    expect(signing((await callJson<List<WireRole>>("GET", `${rolesPath(id)}/`, { key: account.apiKey })).results)).toEqual([
      ["Signer2", 1],
      ["Signer1", 2],
    ]);

    // Spec 3.3.4: the order can be changed after creation, also once the package is sent.
    await setStatus(account, id, "SENT");
    const whileSent = await callJson<List<WireRole>>("PUT", rolesPath(id), {
      key: account.apiKey,
      json: [
        { id: "Signer1", index: 1 },
        { id: "Signer2", index: 1 },
      ],
    });
    expect(signing(whileSent.results)).toEqual([
      ["Signer1", 1],
      ["Signer2", 1],
    ]);
    expect((await getPackage(account, id)).status).toBe("SENT");
    const events = (await auditOf(id)).filter((event) => event.name === "ROLE_REORDER");
    expect(events.map((event) => event.message)).toEqual(["Signer1:2, Signer2:1", "Signer1:1, Signer2:1"]);
  });

  it("refuses PUT .../roles with an unknown role id with 400 and changes nothing", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey });
    const error = await expectError(
      "PUT",
      rolesPath(id),
      { key: account.apiKey, json: [{ id: "Signer1", index: 5 }, { id: "Nobody", index: 1 }] },
      400,
      "error.validation.unknownRole",
    );
    expect(error.message).toContain("Nobody");
    expect(await callJson("GET", rolesPath(id), { key: account.apiKey })).toEqual(before);
    expect(await auditNames(id)).not.toContain("ROLE_REORDER");
  });

  it("adds a role with POST .../roles, with a consent approval on default-consent, and refuses a duplicate id with 409", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const witness = {
      id: "Witness",
      name: "The witness",
      index: 3,
      type: "SIGNER",
      signers: [{ email: "Witness@Example.test", firstName: "Wit", lastName: "Ness", company: "Acme" }],
    };
    const added = await callJson<WireRole>("POST", rolesPath(id), { key: account.apiKey, json: witness });
    expect(added).toMatchObject({
      id: "Witness",
      name: "The witness",
      index: 3,
      type: "SIGNER",
      signers: [{ email: "witness@example.test", firstName: "Wit", lastName: "Ness", company: "Acme" }],
    });
    expect(JSON.stringify(added)).not.toContain("null");

    const listed = await callJson<List<WireRole>>("GET", `${rolesPath(id)}/`, { key: account.apiKey });
    expect(listed.count).toBe(4);
    expect(listed.results.find((role) => role.id === "Witness")).toEqual(added);
    expect(await callJson("GET", `${rolesPath(id)}/Witness`, { key: account.apiKey })).toEqual(added);

    const consent = await callJson<List<WireApproval>>("GET", approvalsPath(id, "default-consent"), { key: account.apiKey });
    const witnessConsent = consent.results.filter((approval) => approval.role === "Witness");
    expect(witnessConsent).toHaveLength(1);
    expect(witnessConsent[0].fields).toEqual([]);

    const error = await expectError("POST", rolesPath(id), { key: account.apiKey, json: { ...witness, name: "Again" } }, 409, "error.conflict.roleExists");
    expect(error.message).toContain("Witness");
    expect((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).count).toBe(4);

    const events = (await auditOf(id)).filter((event) => event.name === "ROLE_ADD");
    expect(events).toEqual([
      { name: "ROLE_ADD", accountId: account.accountId, sessionUser: account.userId, documentId: null, message: "Witness", ipAddress: "127.0.0.1" },
    ]);
  });

  it("makes a role with the sender's e-mail (or the type SENDER) the sender's own signing role, replacing the one the package added", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const [added] = senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results);
    const boss = await callJson<WireRole>("POST", rolesPath(id), {
      key: account.apiKey,
      json: { id: "Boss", index: 3, signers: [{ email: account.email.toUpperCase(), firstName: "Olive", lastName: "Owner" }] },
    });
    expect(boss).toMatchObject({ id: "Boss", type: "SENDER", signers: [{ email: account.email, signerType: "ACCOUNT_SENDER" }] });
    const roles = (await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results;
    // One role for the sender, not a second one with the same e-mail.
    expect(senderRoles(roles).map((role) => role.id)).toEqual(["Boss"]);
    expect(roleIds(roles)).not.toContain(added.id);
    const consent = await callJson<List<WireApproval>>("GET", approvalsPath(id, "default-consent"), { key: account.apiKey });
    expect(consent.results.map((approval) => approval.role)).toContain("Boss");
    // Once the sender signs in one role, another role for them is refused.
    await expectError("POST", rolesPath(id), { key: account.apiKey, json: { id: "Boss2", type: "SENDER" } }, 409, "error.conflict.senderRoleExists");
  });

  it("adding the role Owner replaces the non-signing sender role; deleting Owner brings the sender role back", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const owner = await callJson<WireRole>("POST", rolesPath(id), {
      key: account.apiKey,
      json: { id: "Owner", index: 3, signers: [{ email: "not-me@example.test", firstName: "Not", lastName: "Me" }] },
    });
    expect(owner).toMatchObject({ id: "Owner", type: "SENDER", signers: [{ email: account.email, firstName: "Olive", lastName: "Owner" }] });

    let roles = (await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results;
    expect(roleIds(roles).sort()).toEqual(["Owner", "Signer1", "Signer2"]);
    expect(roleIds(senderRoles(roles))).toEqual(["Owner"]);
    const consent = await callJson<List<WireApproval>>("GET", approvalsPath(id, "default-consent"), { key: account.apiKey });
    expect(consent.results.map((approval) => approval.role)).toContain("Owner");

    expect((await call("DELETE", `${rolesPath(id)}/Owner`, { key: account.apiKey })).status).toBe(204);
    roles = (await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results;
    expect(roles).toHaveLength(3);
    const senders = senderRoles(roles);
    expect(senders).toHaveLength(1);
    expect(senders[0].id).not.toBe("Owner");
    expect(senders[0].signers[0]).toMatchObject({ email: account.email });
    expect(await approvalRowsOf(id, "Owner")).toEqual([]);
  });

  it("reads, updates and deletes one role at .../roles/{roleId}", async () => {
    const account = await seedAccount();
    const id = await draft(account);

    const signer1 = await callJson<WireRole>("GET", `${rolesPath(id)}/Signer1`, { key: account.apiKey });
    expect(signer1).toMatchObject({ id: "Signer1", type: "SIGNER", index: 1, name: "Signer 1" });

    const updated = await callJson<WireRole>("PUT", `${rolesPath(id)}/Signer1`, {
      key: account.apiKey,
      json: {
        name: "Buyer",
        index: 4,
        emailMessage: { content: "Please sign" },
        signers: [{ email: "buyer@example.test", firstName: "Bea", lastName: "Buyer", title: "CEO" }],
        unknownMember: "ignored",
      },
    });
    expect(updated).toMatchObject({
      id: "Signer1",
      type: "SIGNER",
      name: "Buyer",
      index: 4,
      emailMessage: { content: "Please sign" },
      signers: [{ email: "buyer@example.test", firstName: "Bea", lastName: "Buyer", title: "CEO" }],
    });
    expect(await callJson("GET", `${rolesPath(id)}/Signer1`, { key: account.apiKey })).toEqual(updated);

    // A partial body changes only what it names.
    const renamed = await callJson<WireRole>("PUT", `${rolesPath(id)}/Signer1`, { key: account.apiKey, json: { name: "Purchaser" } });
    expect(renamed).toEqual({ ...updated, name: "Purchaser", signers: [{ ...updated.signers[0], updated: expect.any(String) }] });
    expect(Date.parse(String(renamed.signers[0].updated))).toBeGreaterThanOrEqual(Date.parse(String(updated.signers[0].updated)));

    await expectError("PUT", `${rolesPath(id)}/Signer1`, { key: account.apiKey, json: { id: "Renamed" } }, 400, "error.validation.roleIdChange");
    await expectError("GET", `${rolesPath(id)}/Nobody`, { key: account.apiKey }, 404, "error.notFound.roleNotFound");
    await expectError("PUT", `${rolesPath(id)}/Nobody`, { key: account.apiKey, json: { name: "X" } }, 404, "error.notFound.roleNotFound");
    await expectError("DELETE", `${rolesPath(id)}/Nobody`, { key: account.apiKey }, 404, "error.notFound.roleNotFound");

    const deleted = await call("DELETE", `${rolesPath(id)}/Signer2`, { key: account.apiKey });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    await expectError("GET", `${rolesPath(id)}/Signer2`, { key: account.apiKey }, 404, "error.notFound.roleNotFound");
    expect(roleIds((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results)).not.toContain("Signer2");

    const events = await auditOf(id);
    expect(events.filter((event) => event.name === "ROLE_UPDATE").map((event) => event.message)).toEqual(["Signer1", "Signer1"]);
    expect(events.filter((event) => event.name === "ROLE_DELETE").map((event) => event.message)).toEqual(["Signer2"]);
  });

  it("treats an explicit null in a role update as not set: `signers: null` keeps the signer", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await callJson<WireRole>("GET", `${rolesPath(id)}/Signer1`, { key: account.apiKey });
    const updated = await callJson<WireRole>("PUT", `${rolesPath(id)}/Signer1`, {
      key: account.apiKey,
      json: { name: "Renamed", signers: null, index: null },
    });
    expect(updated).toEqual({ ...before, name: "Renamed", signers: [{ ...before.signers[0], updated: expect.any(String) }] });
  });

  it("makes the sender sign when their role is given an approval (as the SDKs place the sender's signature), and never leaves an approval without its role", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const [sender] = senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results);
    await callJson("POST", approvalsPath(id), { key: account.apiKey, json: { id: "sender-sign", role: sender.id, fields: [signatureField({ top: 10 })] } });
    // The sender now signs in that role: with the consent like every signer, and no second role for them.
    const consent = await callJson<List<WireApproval>>("GET", approvalsPath(id, "default-consent"), { key: account.apiKey });
    expect(consent.results.filter((approval) => approval.role === sender.id)).toHaveLength(1);
    await expectError("POST", rolesPath(id), { key: account.apiKey, json: { id: "Owner" } }, 409, "error.conflict.senderRoleExists");
    // Deleting that role takes its approvals with it; the package keeps a (non-signing) sender role.
    expect((await call("DELETE", `${rolesPath(id)}/${sender.id}`, { key: account.apiKey })).status).toBe(204);
    expect(senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results)).toHaveLength(1);

    const after = await getPackage(account, id);
    const roles = new Set(roleIds(after.roles));
    const dangling = after.documents.flatMap((document) =>
      document.approvals.filter((approval) => !roles.has(approval.role)).map((approval) => `${document.id}/${approval.id} -> ${approval.role}`),
    );
    expect(dangling).toEqual([]);
  });

  it("makes the package's sender (not whoever edits it) the signer of Owner, when the account owner edits a sender's package", async () => {
    const account = await seedAccount();
    const sam = await seedSender(account);
    const id = await draft(sam);
    const [samRole] = senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: sam.apiKey })).results);
    expect(samRole.signers[0]).toMatchObject({ email: sam.email, firstName: "Sam", lastName: "Sender" });

    // The account owner makes the package's sender sign.
    const owner = await callJson<WireRole>("POST", rolesPath(id), { key: account.apiKey, json: { id: "Owner", index: 3 } });
    expect(owner.signers[0]).toMatchObject({ email: sam.email, firstName: "Sam", lastName: "Sender" });
    expect((await getPackage(sam, id)).sender.email).toBe(sam.email);

    // And takes it back: the sender's role is Sam's again.
    expect((await call("DELETE", `${rolesPath(id)}/Owner`, { key: account.apiKey })).status).toBe(204);
    const [senderRole] = senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: sam.apiKey })).results);
    expect(senderRole.signers[0]).toMatchObject({ email: sam.email });
  });

  it("refuses to delete the non-signing sender role with 409", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const [sender] = senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results);
    await expectError("DELETE", `${rolesPath(id)}/${sender.id}`, { key: account.apiKey }, 409, "error.conflict.senderRole");
    expect(senderRoles((await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey })).results)).toEqual([sender]);
  });

  it("deleting a role removes its approvals and their fields on every document, the consent document included", async () => {
    const account = await seedAccount();
    const id = await draft(account, { documents: ["Agreement", "Annex"] });
    // Signer2 gets its own approval with two fields on doc2.
    await callJson("POST", approvalsPath(id, "doc2"), {
      key: account.apiKey,
      json: { id: "sign2", role: "Signer2", fields: [signatureField({ id: "s2" }), { type: "INPUT", subtype: "TEXTFIELD", page: 1, top: 10, left: 10, width: 100, height: 20 }] },
    });
    expect(await fieldRowsOf(id)).toHaveLength(4);
    expect(await approvalRowsOf(id, "Signer1")).toHaveLength(3); // consent, doc1, doc2

    expect((await call("DELETE", `${rolesPath(id)}/Signer1`, { key: account.apiKey })).status).toBe(204);

    const after = await getPackage(account, id);
    const approvalRoles = after.documents.flatMap((document) => document.approvals.map((approval) => approval.role));
    expect(approvalRoles).not.toContain("Signer1");
    expect(approvalRoles.sort()).toEqual(["Signer2", "Signer2"]); // consent and doc2
    expect(await approvalRowsOf(id, "Signer1")).toEqual([]);
    // Only Signer2's two fields remain: no orphan fields of the deleted approvals.
    const remaining = await fieldRowsOf(id);
    expect(remaining.map((row) => row.approvalId).sort()).toEqual(["sign2", "sign2"]);
  });

  it("refuses role additions, updates and deletions on a SENT package with 409", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    await setStatus(account, id, "SENT");
    const before = await callJson<List<WireRole>>("GET", rolesPath(id), { key: account.apiKey });

    await expectError("POST", rolesPath(id), { key: account.apiKey, json: { id: "Late", signers: [signer(9)] } }, 409, "error.conflict.packageNotDraft");
    await expectError("PUT", `${rolesPath(id)}/Signer1`, { key: account.apiKey, json: { name: "Changed" } }, 409, "error.conflict.packageNotDraft");
    await expectError("DELETE", `${rolesPath(id)}/Signer2`, { key: account.apiKey }, 409, "error.conflict.packageNotDraft");

    expect(await callJson("GET", rolesPath(id), { key: account.apiKey })).toEqual(before);
    const names = await auditNames(id);
    for (const name of ["ROLE_ADD", "ROLE_UPDATE", "ROLE_DELETE"]) expect(names).not.toContain(name);
  });
});

describe("documents", () => {
  it("reorders a DRAFT's documents with PUT .../documents [{id, index}]", async () => {
    const account = await seedAccount();
    const id = await draft(account, { documents: ["Agreement", "Annex"] });
    const reordered = await callJson<List<WireDocument>>("PUT", documentsPath(id), {
      key: account.apiKey,
      json: [
        { id: "doc1", index: 2 },
        { id: "doc2", index: 1 },
      ],
    });
    expect(reordered.count).toBe(3);
    expect(reordered.results.map((document) => [document.id, document.index])).toEqual([
      ["default-consent", 0],
      ["doc2", 1],
      ["doc1", 2],
    ]);
    const listed = (await getPackage(account, id)).documents;
    expect(listed.map((document) => document.id)).toEqual(["default-consent", "doc2", "doc1"]);
    expect(await callJson("GET", documentsPath(id), { key: account.apiKey })).toEqual({ results: listed, count: 3 });

    const events = (await auditOf(id)).filter((event) => event.name === "DOCUMENT_REORDER");
    expect(events).toEqual([
      {
        name: "DOCUMENT_REORDER",
        accountId: account.accountId,
        sessionUser: account.userId,
        documentId: null,
        message: "doc1:2, doc2:1",
        ipAddress: "127.0.0.1",
      },
    ]);
  });

  it("refuses to reorder the documents of a SENT package with a 409 JSON error, and accepts it once back in DRAFT", async () => {
    const account = await seedAccount();
    const id = await draft(account, { documents: ["Agreement", "Annex"] });
    await setStatus(account, id, "SENT");
    const order = [
      { id: "doc1", index: 2 },
      { id: "doc2", index: 1 },
    ];
    const error = await expectError("PUT", documentsPath(id), { key: account.apiKey, json: order }, 409, "error.conflict.packageNotDraft");
    expect(error.message).toContain("DRAFT");
    expect((await getPackage(account, id)).documents.map((document) => document.id)).toEqual(["default-consent", "doc1", "doc2"]);

    // Spec 3.2: a sent package must be changed to DRAFT before its document order can be updated.
    await setStatus(account, id, "DRAFT");
    const reordered = await callJson<List<WireDocument>>("PUT", documentsPath(id), { key: account.apiKey, json: order });
    expect(reordered.results.map((document) => document.id)).toEqual(["default-consent", "doc2", "doc1"]);
  });

  it("refuses PUT .../documents with an unknown document id with 400", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const error = await expectError(
      "PUT",
      documentsPath(id),
      { key: account.apiKey, json: [{ id: "doc1", index: 3 }, { id: "ghost", index: 1 }] },
      400,
      "error.validation.unknownDocument",
    );
    expect(error.message).toContain("ghost");
    expect((await callJson<WireDocument>("GET", `${documentsPath(id)}/doc1`, { key: account.apiKey })).index).toBe(0);
  });

  it("adds one document (payload object) with its file, approvals and fields", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const bytes = await makePdf({ pages: 3, size: [595, 842] });
    const response = await uploadDocuments(
      account,
      id,
      {
        id: "annex",
        name: "Annex A",
        description: "The annex",
        index: 2,
        approvals: [{ id: "annex-sign", role: "Signer2", fields: [signatureField({ id: "annex-sig", page: 2, top: 1040, left: 570, width: 200, height: 50 })] }],
      },
      [{ name: "annex.pdf", bytes }],
    );
    expect(response.status).toBe(200);
    const added = (await response.json()) as WireDocument;
    expect(added).toMatchObject({ id: "annex", name: "Annex A", description: "The annex", index: 2, size: bytes.byteLength });
    // A4, 595 × 842 points, in the wire's unit: beyond a Letter page, so the field below fits only here.
    expect(added.pages.map((page) => [page.index, page.width, page.height])).toEqual([
      [0, 773.5, 1094.6],
      [1, 773.5, 1094.6],
      [2, 773.5, 1094.6],
    ]);
    expect(added.approvals).toHaveLength(1);
    expect(added.approvals[0]).toMatchObject({ id: "annex-sign", role: "Signer2", fields: [{ id: "annex-sig", page: 2, top: 1040, left: 570 }] });

    const documents = (await getPackage(account, id)).documents;
    expect(documents.map((document) => document.id)).toEqual(["default-consent", "doc1", "annex"]);
    expect(documents[2]).toEqual(added);
    expect(await callJson("GET", `${documentsPath(id)}/annex`, { key: account.apiKey })).toEqual(added);

    const original = await call("GET", `${documentsPath(id)}/annex/original`, { key: account.apiKey });
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);

    const events = (await auditOf(id)).filter((event) => event.name === "DOCUMENT_ADD");
    expect(events).toEqual([
      { name: "DOCUMENT_ADD", accountId: account.accountId, sessionUser: account.userId, documentId: "annex", message: "Annex A", ipAddress: "127.0.0.1" },
    ]);
  });

  it("adds several documents (payload array) with their files, matched by order", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const letter = await makePdf({ pages: 1 });
    const a4 = await makePdf({ pages: 2, size: [595, 842] });
    const response = await uploadDocuments(
      account,
      id,
      [
        { id: "first", name: "First" },
        { id: "second", name: "Second", approvals: [{ role: "Signer1", fields: [signatureField({ page: 1, left: 515 })] }] },
      ],
      [
        { name: "first.pdf", bytes: letter },
        { name: "second.pdf", bytes: a4 },
      ],
    );
    expect(response.status).toBe(200);
    // A bare array, as the SDKs parse it (not {results, count}).
    const added = (await response.json()) as WireDocument[];
    expect(added.map((document) => [document.id, document.pages.length, document.pages[0].width, document.size])).toEqual([
      ["first", 1, 795.6, letter.byteLength],
      ["second", 2, 773.5, a4.byteLength],
    ]);
    expect(added[1].approvals[0].fields[0]).toMatchObject({ page: 1, left: 515 });
    const ids = (await getPackage(account, id)).documents.map((document) => document.id);
    expect(ids).toEqual(["default-consent", "doc1", "first", "second"]);
    const events = (await auditOf(id)).filter((event) => event.name === "DOCUMENT_ADD");
    expect(events.map((event) => event.documentId)).toEqual(["first", "second"]);
  });

  it("refuses a wrong number of files with 400 and adds nothing", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await getPackage(account, id);
    const bytes = await makePdf();

    const twoForOne = await uploadDocuments(account, id, [{ name: "A" }, { name: "B" }], [{ name: "a.pdf", bytes }]);
    expect(twoForOne.status).toBe(400);
    const body = (await twoForOne.json()) as ErrorBody;
    expect(body).toMatchObject({ code: 400, name: "Bad Request", messageKey: "error.validation.documentFileCount" });
    expect(body.message).toContain("2 document(s)");

    const oneForTwo = await uploadDocuments(account, id, { name: "A" }, [
      { name: "a.pdf", bytes },
      { name: "b.pdf", bytes },
    ]);
    expect(oneForTwo.status).toBe(400);
    expect(((await oneForTwo.json()) as ErrorBody).messageKey).toBe("error.validation.documentFileCount");

    const none = await uploadDocuments(account, id, { name: "A" }, []);
    expect(none.status).toBe(400);
    expect(((await none.json()) as ErrorBody).messageKey).toBe("error.validation.documentFileCount");

    // JSON without any file is the same mistake.
    await expectError("POST", documentsPath(id), { key: account.apiKey, json: { name: "A" } }, 400, "error.validation.documentFileCount");

    expect(await getPackage(account, id)).toEqual(before);
    expect(await auditNames(id)).not.toContain("DOCUMENT_ADD");
  });

  it("refuses a file that is not a PDF with 400 and adds nothing, not even the documents whose files were good", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await getPackage(account, id);
    const text = { name: "notes.pdf", bytes: Buffer.from("These are not the PDFs you are looking for.\n"), contentType: "application/pdf" };

    const single = await uploadDocuments(account, id, { id: "notes", name: "Notes" }, [text]);
    expect(single.status).toBe(400);
    const body = (await single.json()) as ErrorBody;
    expect(body).toMatchObject({ code: 400, name: "Bad Request", messageKey: "error.validation.notPdf" });
    expect(body.message).toContain("Notes");

    const mixed = await uploadDocuments(account, id, [{ id: "good", name: "Good" }, { id: "notes", name: "Notes" }], [{ name: "good.pdf", bytes: await makePdf() }, text]);
    expect(mixed.status).toBe(400);

    const after = await getPackage(account, id);
    expect(after).toEqual(before);
    await expectError("GET", `${documentsPath(id)}/good`, { key: account.apiKey }, 404, "error.notFound.documentNotFound");
    expect(await auditNames(id)).not.toContain("DOCUMENT_ADD");
  });

  it("refuses the reserved id default-consent for a new document with 400", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const response = await uploadDocuments(account, id, { id: "default-consent", name: "Mine" }, [{ name: "a.pdf", bytes: await makePdf() }]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).messageKey).toBe("error.validation.reservedDocumentId");
  });

  it("refuses a new document whose id the package already has with 409, like roles, approvals and fields", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await getPackage(account, id);
    const response = await uploadDocuments(account, id, { id: "doc1", name: "Duplicate" }, [{ name: "a.pdf", bytes: await makePdf() }]);
    const body = (await response.json()) as ErrorBody;
    expect(body.messageKey).toBe("error.conflict.documentExists");
    expect(response.status).toBe(409);
    expect(await getPackage(account, id)).toEqual(before);
  });

  it("reads, updates and deletes one document at .../documents/{documentId}", async () => {
    const account = await seedAccount();
    const id = await draft(account, { documents: ["Agreement", "Annex"] });

    const doc1 = await callJson<WireDocument>("GET", `${documentsPath(id)}/doc1`, { key: account.apiKey });
    expect(doc1).toMatchObject({ id: "doc1", name: "Agreement", index: 0, description: "", extract: false, extractionTypes: [] });
    expect(doc1.pages.map((page) => [page.index, page.width, page.height])).toEqual([
      [0, PAGE.width, PAGE.height],
      [1, PAGE.width, PAGE.height],
    ]);
    expect(doc1.approvals.map((approval) => approval.id)).toEqual(["sign-doc1"]);

    const updated = await callJson<WireDocument>("PUT", `${documentsPath(id)}/doc1`, {
      key: account.apiKey,
      json: { name: "Master agreement", description: "Signed by both", index: 3, data: { ref: "A-1" }, approvals: "ignored" },
    });
    expect(updated).toEqual({ ...doc1, name: "Master agreement", description: "Signed by both", index: 3, data: { ref: "A-1" } });
    expect(await callJson("GET", `${documentsPath(id)}/doc1`, { key: account.apiKey })).toEqual(updated);

    // POST is accepted as an update too (the SDKs use both).
    const posted = await callJson<WireDocument>("POST", `${documentsPath(id)}/doc1`, { key: account.apiKey, json: { name: "Agreement v2" } });
    expect(posted.name).toBe("Agreement v2");
    expect(posted.description).toBe("Signed by both");

    const deleted = await call("DELETE", `${documentsPath(id)}/doc1`, { key: account.apiKey });
    expect(deleted.status).toBe(204);
    await expectError("GET", `${documentsPath(id)}/doc1`, { key: account.apiKey }, 404, "error.notFound.documentNotFound");
    await expectError("GET", approvalsPath(id, "doc1"), { key: account.apiKey }, 404, "error.notFound.documentNotFound");
    expect((await getPackage(account, id)).documents.map((document) => document.id)).toEqual(["default-consent", "doc2"]);
    expect((await fieldRowsOf(id)).map((row) => row.documentId)).toEqual(["doc2"]);

    const events = (await auditOf(id)).filter((event) => event.name.startsWith("DOCUMENT_"));
    expect(events.map((event) => [event.name, event.documentId])).toEqual([
      ["DOCUMENT_UPDATE", "doc1"],
      ["DOCUMENT_UPDATE", "doc1"],
      ["DOCUMENT_DELETE", "doc1"],
    ]);
  });

  it("refuses to delete default-consent with 409, and answers 404 for an unknown document", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    await expectError("DELETE", `${documentsPath(id)}/default-consent`, { key: account.apiKey }, 409, "error.conflict.consentDocument");
    expect((await getPackage(account, id)).documents.map((document) => document.id)).toContain("default-consent");

    for (const [method, options] of [
      ["GET", {}],
      ["PUT", { json: { name: "X" } }],
      ["DELETE", {}],
    ] as const) {
      const error = await expectError(method, `${documentsPath(id)}/ghost`, { key: account.apiKey, ...options }, 404, "error.notFound.documentNotFound");
      expect(error.message).toContain("ghost");
    }
  });

  it("refuses document additions, updates and deletions on a SENT package with 409", async () => {
    const account = await seedAccount();
    const id = await draft(account, { documents: ["Agreement", "Annex"] });
    await setStatus(account, id, "SENT");
    const before = (await getPackage(account, id)).documents;

    const upload = await uploadDocuments(account, id, { name: "Late" }, [{ name: "late.pdf", bytes: await makePdf() }]);
    expect(upload.status).toBe(409);
    expect(((await upload.json()) as ErrorBody).messageKey).toBe("error.conflict.packageNotDraft");
    await expectError("PUT", `${documentsPath(id)}/doc1`, { key: account.apiKey, json: { name: "Changed" } }, 409, "error.conflict.packageNotDraft");
    await expectError("DELETE", `${documentsPath(id)}/doc2`, { key: account.apiKey }, 409, "error.conflict.packageNotDraft");

    expect((await getPackage(account, id)).documents).toEqual(before);
  });
});

describe("approvals and fields", () => {
  it("adds an approval with fields, lists, reads, updates and deletes it", async () => {
    const account = await seedAccount();
    const id = await draft(account);

    const added = await callJson<WireApproval>("POST", approvalsPath(id), {
      key: account.apiKey,
      json: {
        id: "sign2",
        role: "Signer2",
        fields: [
          signatureField({ id: "sig2", page: 1, top: 700, left: 300 }),
          { id: "company", type: "INPUT", subtype: "TEXTFIELD", page: 1, top: 650, left: 300, width: 200, height: 20, validation: { required: true, maxLength: 40 } },
          { type: "INPUT", subtype: "LABEL", page: 1, top: 760, left: 300, width: 150, height: 20, binding: "{approval.signed}" },
        ],
      },
    });
    expect(added).toMatchObject({ id: "sign2", role: "Signer2", name: "", optional: false, enforceCaptureSignature: false });
    // Answered as the original orders them: the signature, the fields bound to it, the others.
    expect(added.fields.map((field) => [field.type, field.subtype, field.page, field.top, field.left])).toEqual([
      ["SIGNATURE", "FULLNAME", 1, 700, 300],
      ["INPUT", "LABEL", 1, 760, 300],
      ["INPUT", "TEXTFIELD", 1, 650, 300],
    ]);
    expect(added.fields[2].validation).toMatchObject({ required: true, maxLength: 40 });
    expect(added.fields[1].binding).toBe("{approval.signed}");
    expect(added.fields[1].id).toEqual(expect.any(String));
    // Fields given no value answer null, as the original does; nothing else is null.
    expect(added.fields.map((field) => field.value)).toEqual([null, null, null]);
    expect(JSON.stringify(added, (key, member) => (key === "value" ? undefined : member))).not.toContain("null");

    const list = await callJson<List<WireApproval>>("GET", approvalsPath(id), { key: account.apiKey });
    expect(list.count).toBe(2);
    expect(list.results.map((approval) => [approval.id, approval.role])).toEqual([
      ["sign-doc1", "Signer1"],
      ["sign2", "Signer2"],
    ]);
    expect(list.results[1]).toEqual(added);
    expect(await callJson("GET", `${approvalsPath(id)}/sign2`, { key: account.apiKey })).toEqual(added);

    const updated = await callJson<WireApproval>("PUT", `${approvalsPath(id)}/sign2`, {
      key: account.apiKey,
      json: { name: "Counter-signature", optional: true, role: "Signer1" },
    });
    expect(updated).toEqual({ ...added, name: "Counter-signature", optional: true, role: "Signer1" });
    expect(await callJson("GET", `${approvalsPath(id)}/sign2`, { key: account.apiKey })).toEqual(updated);

    await expectError("POST", approvalsPath(id), { key: account.apiKey, json: { id: "sign2", role: "Signer2" } }, 409, "error.conflict.approvalExists");

    expect((await call("DELETE", `${approvalsPath(id)}/sign2`, { key: account.apiKey })).status).toBe(204);
    await expectError("GET", `${approvalsPath(id)}/sign2`, { key: account.apiKey }, 404, "error.notFound.approvalNotFound");
    await expectError("GET", fieldsPath(id, "sign2"), { key: account.apiKey }, 404, "error.notFound.approvalNotFound");
    await expectError("DELETE", `${approvalsPath(id)}/sign2`, { key: account.apiKey }, 404, "error.notFound.approvalNotFound");
    expect((await fieldRowsOf(id)).map((row) => row.approvalId)).toEqual(["sign-doc1"]);

    const events = (await auditOf(id)).filter((event) => event.name.startsWith("APPROVAL_"));
    expect(events.map((event) => [event.name, event.documentId])).toEqual([
      ["APPROVAL_ADD", "doc1"],
      ["APPROVAL_UPDATE", "doc1"],
      ["APPROVAL_DELETE", "doc1"],
    ]);
  });

  it("refuses two fields with the same id in one approval with 400, not a 500 or a misleading 409", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const twins = { role: "Signer2", fields: [signatureField({ id: "twin", top: 10 }), signatureField({ id: "twin", top: 100 })] };

    const viaApproval = await call("POST", approvalsPath(id), { key: account.apiKey, json: twins });
    const approvalBody = (await viaApproval.json()) as ErrorBody;
    expect.soft(approvalBody, "POST .../approvals").toMatchObject({ code: 400, messageKey: "error.validation.duplicateId" });

    const viaUpload = await uploadDocuments(account, id, { name: "Twins", approvals: [twins] }, [{ name: "twins.pdf", bytes: await makePdf() }]);
    const uploadBody = (await viaUpload.json()) as ErrorBody;
    expect.soft(uploadBody, "POST .../documents").toMatchObject({ code: 400, messageKey: "error.validation.duplicateId" });

    // The same approval rows are built when a package is created.
    const creation = multipartBody({ ...contentPayload(), documents: [{ id: "doc1", name: "Twins", approvals: [twins] }] }, [{ name: "t.pdf", bytes: await makePdf() }]);
    const created = await call("POST", "/api/packages", { key: account.apiKey, body: creation.body, headers: { "content-type": creation.contentType } });
    expect.soft((await created.json()) as ErrorBody, "POST /api/packages").toMatchObject({ code: 400, messageKey: "error.validation.duplicateId" });

    expect((await callJson<List<WireApproval>>("GET", approvalsPath(id), { key: account.apiKey })).count).toBe(1);
    expect((await getPackage(account, id)).documents).toHaveLength(2);
  });

  it("refuses an approval for a role the package does not have with 400, on POST and on PUT", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const error = await expectError("POST", approvalsPath(id), { key: account.apiKey, json: { role: "Stranger", fields: [signatureField()] } }, 400, "error.validation.unknownRole");
    expect(error.message).toContain("Stranger");
    await expectError("PUT", `${approvalsPath(id)}/sign-doc1`, { key: account.apiKey, json: { role: "Stranger" } }, 400, "error.validation.unknownRole");
    expect((await callJson<List<WireApproval>>("GET", approvalsPath(id), { key: account.apiKey })).results.map((approval) => approval.role)).toEqual(["Signer1"]);
    await expectError("GET", approvalsPath(id, "ghost"), { key: account.apiKey }, 404, "error.notFound.documentNotFound");
    await expectError("POST", approvalsPath(id, "ghost"), { key: account.apiKey, json: { role: "Signer1" } }, 404, "error.notFound.documentNotFound");
  });

  it("adds a field with POST .../fields, lists and reads it, and moves it with a partial PUT", async () => {
    const account = await seedAccount();
    const id = await draft(account);

    const added = await callJson<WireField>("POST", fieldsPath(id), {
      key: account.apiKey,
      json: { id: "date1", name: "Date", type: "INPUT", subtype: "LABEL", binding: "{approval.signed}", page: 1, top: 10, left: 10, width: 100, height: 20 },
    });
    expect(added).toEqual({
      id: "date1",
      name: "Date",
      type: "INPUT",
      subtype: "LABEL",
      page: 1,
      top: 10,
      left: 10,
      width: 100,
      height: 20,
      value: null,
      binding: "{approval.signed}",
      extract: false,
      data: {},
    });

    const list = await callJson<List<WireField>>("GET", fieldsPath(id), { key: account.apiKey });
    expect(list.count).toBe(2);
    expect(list.results.map((field) => field.id)).toEqual(["sig-doc1", "date1"]);
    expect(await callJson("GET", `${fieldsPath(id)}/date1`, { key: account.apiKey })).toEqual(added);
    const approval = await callJson<WireApproval>("GET", `${approvalsPath(id)}/sign-doc1`, { key: account.apiKey });
    expect(approval.fields.map((field) => field.id)).toEqual(["sig-doc1", "date1"]);

    // Flush with the bottom-right corner of the page fits.
    const signature = await callJson<WireField>("GET", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey });
    const moved = await callJson<WireField>("PUT", `${fieldsPath(id)}/sig-doc1`, {
      key: account.apiKey,
      json: { top: PAGE.height - signature.height, left: PAGE.width - signature.width },
    });
    expect(moved).toEqual({ ...signature, top: 979.6, left: 595.6 });
    expect(await callJson("GET", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey })).toEqual(moved);

    await expectError("POST", fieldsPath(id), { key: account.apiKey, json: { id: "date1", page: 0, top: 1, left: 1, width: 10, height: 10 } }, 409, "error.conflict.fieldExists");
    await expectError(
      "POST",
      fieldsPath(id),
      { key: account.apiKey, json: { type: "SIGNATURE", subtype: "TEXTFIELD", page: 0, top: 1, left: 1, width: 10, height: 10 } },
      400,
      "error.validation.fieldSubtype",
    );
    await expectError("POST", fieldsPath(id, "ghost"), { key: account.apiKey, json: signatureField() }, 404, "error.notFound.approvalNotFound");
    await expectError("GET", `${fieldsPath(id)}/ghost`, { key: account.apiKey }, 404, "error.notFound.fieldNotFound");
    await expectError("PUT", `${fieldsPath(id)}/ghost`, { key: account.apiKey, json: { top: 1 } }, 404, "error.notFound.fieldNotFound");

    const events = (await auditOf(id)).filter((event) => event.name.startsWith("FIELD_"));
    expect(events.map((event) => [event.name, event.documentId, event.message])).toEqual([
      ["FIELD_ADD", "doc1", "date1 (LABEL)"],
      ["FIELD_UPDATE", "doc1", "sig-doc1"],
    ]);
  });

  it("keeps a field's type, subtype and other members on a partial PUT that only moves it", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const key = account.apiKey;
    const text = await callJson<WireField>("POST", fieldsPath(id), {
      key,
      json: { id: "city", type: "INPUT", subtype: "TEXTFIELD", page: 0, top: 100, left: 100, width: 150, height: 20, value: "Ghent" },
    });
    const initials = await callJson<WireField>("POST", fieldsPath(id), {
      key,
      json: { id: "init", type: "SIGNATURE", subtype: "INITIALS", page: 1, top: 100, left: 100, width: 60, height: 30 },
    });

    const movedText = await callJson<WireField>("PUT", `${fieldsPath(id)}/city`, { key, json: { top: 120 } });
    expect(movedText).toEqual({ ...text, top: 120 });
    const movedInitials = await callJson<WireField>("PUT", `${fieldsPath(id)}/init`, { key, json: { left: 140 } });
    expect(movedInitials).toEqual({ ...initials, left: 140 });
    expect(await callJson("GET", `${fieldsPath(id)}/city`, { key })).toEqual({ ...text, top: 120 });
  });

  const offPage = [
    ["past the right edge (left 700 + width 100 on a 795.6-wide page)", { page: 0, left: 700, width: 100 }, "795.6 × 1029.6"],
    ["past the bottom edge (top 1000 + height 50 on a 1029.6-high page)", { page: 1, top: 1000, height: 50 }, "795.6 × 1029.6"],
    ["above the page (negative top)", { page: 0, top: -20 }, "795.6 × 1029.6"],
    ["left of the page (negative left)", { page: 0, left: -5 }, "795.6 × 1029.6"],
    ["on page index 5 of a 2-page document", { page: 5 }, "2 page(s)"],
  ] as const;

  it.each(offPage)("refuses a field %s with 400, whose message gives the page size", async (_label, position, fragment) => {
    const account = await seedAccount();
    const id = await draft(account);
    const field = signatureField({ top: 100, left: 100, width: 100, height: 50, ...position });

    const viaFields = await expectError("POST", fieldsPath(id), { key: account.apiKey, json: field }, 400);
    expect(viaFields.messageKey).toMatch(/^error\.validation\.(invalidPageLocation|fieldPageOutOfRange)$/);
    expect(viaFields.message).toContain(fragment);

    const viaApproval = await expectError("POST", approvalsPath(id), { key: account.apiKey, json: { role: "Signer2", fields: [field] } }, 400);
    expect(viaApproval.message).toContain(fragment);

    const viaUpload = await uploadDocuments(account, id, { name: "More", approvals: [{ role: "Signer2", fields: [field] }] }, [{ name: "more.pdf", bytes: await makePdf({ pages: 2 }) }]);
    expect(viaUpload.status).toBe(400);
    expect(((await viaUpload.json()) as ErrorBody).message).toContain(fragment);

    expect((await fieldRowsOf(id)).map((row) => row.id)).toEqual(["sig-doc1"]);
    expect((await callJson<List<WireApproval>>("GET", approvalsPath(id), { key: account.apiKey })).count).toBe(1);
    const names = await auditNames(id);
    for (const name of ["FIELD_ADD", "APPROVAL_ADD", "DOCUMENT_ADD"]) expect(names).not.toContain(name);
  });

  it("refuses a PUT that moves a field off its page with 400 and leaves the field unchanged", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await callJson<WireField>("GET", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey });

    const right = await expectError("PUT", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey, json: { left: 700, width: 100 } }, 400, "error.validation.invalidPageLocation");
    expect(right.message).toContain("795.6 × 1029.6");
    const down = await expectError("PUT", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey, json: { top: 1000 } }, 400, "error.validation.invalidPageLocation");
    expect(down.message).toContain("795.6 × 1029.6");
    await expectError("PUT", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey, json: { page: 2 } }, 400, "error.validation.fieldPageOutOfRange");
    await expectError("PUT", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey, json: { width: -10 } }, 400, "error.validation.invalidBody");

    expect(await callJson("GET", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey })).toEqual(before);
    expect(await auditNames(id)).not.toContain("FIELD_UPDATE");
  });

  it("deletes a field with 204; it then answers 404", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const deleted = await call("DELETE", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    await expectError("GET", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey }, 404, "error.notFound.fieldNotFound");
    await expectError("DELETE", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey }, 404, "error.notFound.fieldNotFound");
    expect(await callJson("GET", fieldsPath(id), { key: account.apiKey })).toEqual({ results: [], count: 0 });
    // The approval stays (now an acceptance).
    expect((await callJson<WireApproval>("GET", `${approvalsPath(id)}/sign-doc1`, { key: account.apiKey })).fields).toEqual([]);
    expect((await auditOf(id)).filter((event) => event.name === "FIELD_DELETE").map((event) => event.message)).toEqual(["sig-doc1"]);
  });

  it("refuses approval and field changes on a SENT package with 409", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    await setStatus(account, id, "SENT");
    const before = (await getPackage(account, id)).documents;
    const key = account.apiKey;
    await expectError("POST", approvalsPath(id), { key, json: { role: "Signer2" } }, 409, "error.conflict.packageNotDraft");
    await expectError("PUT", `${approvalsPath(id)}/sign-doc1`, { key, json: { name: "X" } }, 409, "error.conflict.packageNotDraft");
    await expectError("DELETE", `${approvalsPath(id)}/sign-doc1`, { key }, 409, "error.conflict.packageNotDraft");
    await expectError("POST", fieldsPath(id), { key, json: signatureField({ top: 10 }) }, 409, "error.conflict.packageNotDraft");
    await expectError("PUT", `${fieldsPath(id)}/sig-doc1`, { key, json: { top: 10 } }, 409, "error.conflict.packageNotDraft");
    await expectError("DELETE", `${fieldsPath(id)}/sig-doc1`, { key }, 409, "error.conflict.packageNotDraft");
    expect((await getPackage(account, id)).documents).toEqual(before);
  });
});

describe("scoping and authentication", () => {
  /** Every endpoint under test, with a body that would be accepted on the owner's own draft. */
  async function endpoints(id: string): Promise<[string, string, CallOptions][]> {
    const upload = multipartBody({ id: "extra", name: "Extra" }, [{ name: "extra.pdf", bytes: await makePdf() }]);
    return [
      ["GET", `${rolesPath(id)}/`, {}],
      ["GET", rolesPath(id), {}],
      ["POST", rolesPath(id), { json: { id: "Intruder", signers: [signer(7)] } }],
      ["PUT", rolesPath(id), { json: [{ id: "Signer1", index: 9 }] }],
      ["GET", `${rolesPath(id)}/Signer1`, {}],
      ["PUT", `${rolesPath(id)}/Signer1`, { json: { name: "Hijacked" } }],
      ["DELETE", `${rolesPath(id)}/Signer2`, {}],
      ["GET", documentsPath(id), {}],
      ["POST", documentsPath(id), { body: upload.body, headers: { "content-type": upload.contentType } }],
      ["PUT", documentsPath(id), { json: [{ id: "doc1", index: 9 }] }],
      ["GET", `${documentsPath(id)}/doc1`, {}],
      ["PUT", `${documentsPath(id)}/doc1`, { json: { name: "Hijacked" } }],
      ["POST", `${documentsPath(id)}/doc1`, { json: { name: "Hijacked" } }],
      ["DELETE", `${documentsPath(id)}/doc1`, {}],
      ["GET", approvalsPath(id), {}],
      ["POST", approvalsPath(id), { json: { role: "Signer2" } }],
      ["GET", `${approvalsPath(id)}/sign-doc1`, {}],
      ["PUT", `${approvalsPath(id)}/sign-doc1`, { json: { name: "Hijacked" } }],
      ["DELETE", `${approvalsPath(id)}/sign-doc1`, {}],
      ["GET", fieldsPath(id), {}],
      ["POST", fieldsPath(id), { json: signatureField({ top: 10 }) }],
      ["GET", `${fieldsPath(id)}/sig-doc1`, {}],
      ["PUT", `${fieldsPath(id)}/sig-doc1`, { json: { top: 10 } }],
      ["DELETE", `${fieldsPath(id)}/sig-doc1`, {}],
    ];
  }

  it("answers 404 with the JSON error body, never 403, for every endpoint on another account's package, and changes nothing", async () => {
    const owner = await seedAccount("Owner's account");
    const stranger = await seedAccount("Stranger's account");
    const id = await draft(owner);
    const before = await getPackage(owner, id);

    const answers: { endpoint: string; status: number; body: unknown }[] = [];
    for (const [method, path, options] of await endpoints(id)) {
      const response = await call(method, path, { ...options, key: stranger.apiKey });
      const text = await response.text();
      answers.push({ endpoint: `${method} ${path}`, status: response.status, body: text ? JSON.parse(text) : text });
    }
    expect(answers).toEqual(
      answers.map(({ endpoint }) => ({
        endpoint,
        status: 404,
        body: { code: 404, name: "Not Found", message: `Package ${id} was not found.`, messageKey: "error.notFound.packageNotFound" },
      })),
    );

    expect(await getPackage(owner, id)).toEqual(before);
    expect(await auditNames(id)).toEqual(["PACKAGE_CREATE"]);
  });

  it("answers 404 to a sender of the same account for another sender's package; the account owner may read and change it", async () => {
    const account = await seedAccount();
    const sam = await seedSender(account);
    const ownersPackage = await draft(account);
    const samsPackage = await draft(sam);

    for (const [method, path, options] of await endpoints(ownersPackage)) {
      await expectError(method, path, { ...options, key: sam.apiKey }, 404, "error.notFound.packageNotFound");
    }
    expect((await callJson<List<WireRole>>("GET", rolesPath(samsPackage), { key: account.apiKey })).count).toBe(3);
    await callJson("PUT", `${documentsPath(samsPackage)}/doc1`, { key: account.apiKey, json: { name: "Checked by the owner" } });
    expect((await callJson<WireDocument>("GET", `${documentsPath(samsPackage)}/doc1`, { key: sam.apiKey })).name).toBe("Checked by the owner");
  });

  it("answers 404 for a package id that does not exist and for a deleted package", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    expect((await call("DELETE", pkg(id), { key: account.apiKey })).status).toBe(204);
    for (const packageId of [id, "no-such-package"]) {
      for (const [method, path, options] of await endpoints(packageId)) {
        await expectError(method, path, { ...options, key: account.apiKey }, 404, "error.notFound.packageNotFound");
      }
    }
  });

  it("answers 401 with a JSON error without a key or with a wrong key", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await getPackage(account, id);
    for (const key of [undefined, "not-a-valid-key"]) {
      for (const [method, path, options] of await endpoints(id)) {
        await expectError(method, path, { ...options, key }, 401, "error.unauthorised.noUser");
      }
    }
    expect(await getPackage(account, id)).toEqual(before);
  });
});

describe("audit trail", () => {
  it("records each content change with the acting user, the account and the IP address, in order", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const key = account.apiKey;

    await callJson("POST", rolesPath(id), { key, json: { id: "Witness", signers: [signer(3)] } });
    await callJson("PUT", `${rolesPath(id)}/Witness`, { key, json: { name: "Witness" } });
    await callJson("PUT", rolesPath(id), { key, json: [{ id: "Witness", index: 3 }] });
    const upload = await uploadDocuments(account, id, { id: "annex", name: "Annex" }, [{ name: "annex.pdf", bytes: await makePdf() }]);
    expect(upload.status).toBe(200);
    await callJson("PUT", documentsPath(id), { key, json: [{ id: "annex", index: 1 }, { id: "doc1", index: 2 }] });
    await callJson("PUT", `${documentsPath(id)}/annex`, { key, json: { name: "Annex A" } });
    await callJson("POST", approvalsPath(id, "annex"), { key, json: { id: "w", role: "Witness" } });
    await callJson("PUT", `${approvalsPath(id, "annex")}/w`, { key, json: { optional: true } });
    await callJson("POST", fieldsPath(id, "w", "annex"), { key, json: signatureField({ id: "wsig" }) });
    await callJson("PUT", `${fieldsPath(id, "w", "annex")}/wsig`, { key, json: { top: 100 } });
    expect((await call("DELETE", `${fieldsPath(id, "w", "annex")}/wsig`, { key })).status).toBe(204);
    expect((await call("DELETE", `${approvalsPath(id, "annex")}/w`, { key })).status).toBe(204);
    expect((await call("DELETE", `${documentsPath(id)}/annex`, { key })).status).toBe(204);
    expect((await call("DELETE", `${rolesPath(id)}/Witness`, { key })).status).toBe(204);

    const events = await auditOf(id);
    expect(events.map((event) => [event.name, event.documentId])).toEqual([
      ["PACKAGE_CREATE", null],
      ["ROLE_ADD", null],
      ["ROLE_UPDATE", null],
      ["ROLE_REORDER", null],
      ["DOCUMENT_ADD", "annex"],
      ["DOCUMENT_REORDER", null],
      ["DOCUMENT_UPDATE", "annex"],
      ["APPROVAL_ADD", "annex"],
      ["APPROVAL_UPDATE", "annex"],
      ["FIELD_ADD", "annex"],
      ["FIELD_UPDATE", "annex"],
      ["FIELD_DELETE", "annex"],
      ["APPROVAL_DELETE", "annex"],
      ["DOCUMENT_DELETE", "annex"],
      ["ROLE_DELETE", null],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ accountId: account.accountId, sessionUser: account.userId, ipAddress: "127.0.0.1" });
    }
  });

  it("moves the package's `updated` with every content change", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = (await getPackage(account, id)).updated;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await callJson("PUT", `${fieldsPath(id)}/sig-doc1`, { key: account.apiKey, json: { top: 10 } });
    const after = (await getPackage(account, id)).updated;
    expect(after).toMatch(/Z$/);
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });
});

describe("bad input", () => {
  it("refuses malformed JSON with 400 on every JSON endpoint", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const malformed = { key: account.apiKey, body: '[{"id": "Signer1", "index": ', headers: { "content-type": "application/json" } };
    for (const [method, path] of [
      ["POST", rolesPath(id)],
      ["PUT", rolesPath(id)],
      ["PUT", `${rolesPath(id)}/Signer1`],
      ["PUT", documentsPath(id)],
      ["POST", documentsPath(id)],
      ["PUT", `${documentsPath(id)}/doc1`],
      ["POST", approvalsPath(id)],
      ["PUT", `${approvalsPath(id)}/sign-doc1`],
      ["POST", fieldsPath(id)],
      ["PUT", `${fieldsPath(id)}/sig-doc1`],
    ]) {
      await expectError(method, path, malformed, 400, "error.validation.invalidJson");
    }
    // The multipart payload part, too.
    const { body, contentType } = multipartBody("{not json", [{ name: "a.pdf", bytes: await makePdf() }]);
    await expectError("POST", documentsPath(id), { key: account.apiKey, body, headers: { "content-type": contentType } }, 400, "error.validation.invalidJson");
  });

  it("refuses an empty body with 400", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    await expectError("PUT", rolesPath(id), { key: account.apiKey, body: "", headers: { "content-type": "application/json" } }, 400, "error.validation.emptyBody");
  });

  const wrongInput: [string, string, (id: string) => string, unknown, string][] = [
    ["index as a string in the signing order", "PUT", rolesPath, [{ id: "Signer1", index: "2" }], "0.index"],
    ["index as a string in the document order", "PUT", documentsPath, [{ id: "doc1", index: "2" }], "0.index"],
    ["a negative index in the document order", "PUT", documentsPath, [{ id: "doc1", index: -1 }], "0.index"],
    ["an object instead of the order array", "PUT", rolesPath, { id: "Signer1", index: 2 }, "body"],
    ["an empty order array", "PUT", documentsPath, [], "body"],
    ["the id missing in the signing order", "PUT", rolesPath, [{ index: 2 }], "0.id"],
    ["the id missing in the document order", "PUT", documentsPath, [{ index: 2 }], "0.id"],
    ["index as a string on a new role", "POST", rolesPath, { id: "X", index: "1" }, "index"],
    ["a bad signer e-mail on a new role", "POST", rolesPath, { id: "X", signers: [{ email: "not-an-email" }] }, "signers.0.email"],
    ["two signers in one role", "POST", rolesPath, { id: "X", signers: [signer(1), signer(2)] }, "signers"],
    ["index as a string on a role", "PUT", (id) => `${rolesPath(id)}/Signer1`, { index: "3" }, "index"],
    ["index as a string on a document", "PUT", (id) => `${documentsPath(id)}/doc1`, { index: "3" }, "index"],
    ["the role missing on an approval", "POST", approvalsPath, { fields: [] }, "role"],
    ["a field without page", "POST", approvalsPath, { role: "Signer1", fields: [{ top: 1, left: 1, width: 10, height: 10 }] }, "fields.0.page"],
    ["the page missing on a field", "POST", fieldsPath, { top: 1, left: 1, width: 10, height: 10 }, "page"],
    ["top as a string on a field", "POST", fieldsPath, { page: 0, top: "10", left: 1, width: 10, height: 10 }, "top"],
    ["a zero width on a field", "POST", fieldsPath, { page: 0, top: 1, left: 1, width: 0, height: 10 }, "width"],
    ["an unknown field type", "POST", fieldsPath, { type: "STAMP", page: 0, top: 1, left: 1, width: 10, height: 10 }, "type"],
    ["a fractional page on a field update", "PUT", (id) => `${fieldsPath(id)}/sig-doc1`, { page: 0.5 }, "page"],
    ["optional as a string on an approval", "PUT", (id) => `${approvalsPath(id)}/sign-doc1`, { optional: "yes" }, "optional"],
  ];

  it.each(wrongInput)("refuses %s with 400 naming the member", async (_label, method, path, json, member) => {
    const account = await seedAccount();
    const id = await draft(account);
    const before = await getPackage(account, id);
    const error = await expectError(method, path(id), { key: account.apiKey, json }, 400, "error.validation.invalidBody");
    expect(error.message).toContain(member);
    expect(await getPackage(account, id)).toEqual(before);
  });

  it("refuses a document upload without a name, or without a payload part, with 400", async () => {
    const account = await seedAccount();
    const id = await draft(account);
    const bytes = await makePdf();
    const nameless = await uploadDocuments(account, id, { id: "x" }, [{ name: "x.pdf", bytes }]);
    expect(nameless.status).toBe(400);
    const body = (await nameless.json()) as ErrorBody;
    expect(body.messageKey).toBe("error.validation.invalidBody");
    expect(body.message).toContain("name");

    const wrongType = await uploadDocuments(account, id, [{ name: "A", index: "1" }], [{ name: "x.pdf", bytes }]);
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as ErrorBody).message).toContain("0.index");

    const boundary = "----signet-no-payload";
    const noPayload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await expectError(
      "POST",
      documentsPath(id),
      { key: account.apiKey, body: noPayload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } },
      400,
      "error.validation.missingPayload",
    );
  });
});
