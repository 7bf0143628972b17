import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { accountRoles, auditEvents, userAccountRoles } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import type { Permission } from "@/lib/esign/permissions";
import { call, callJson, type CallOptions } from "../support/api-client";
import { createPackageWithFiles, packagePayload, signer } from "../support/packages";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

type Json = Record<string, unknown>;
interface ErrorBody {
  code: number;
  name: string;
  message: string;
  messageKey: string;
}
interface TypeList {
  results: { id: string; name: string; method: string }[];
  count: number;
}
interface CatalogueEntry {
  id: string;
  name: string;
  method: string;
  activated: boolean;
  needsExternalProvider: boolean;
  builtIn: boolean;
}

const typesPath = (accountId: string) => `/api/account/${accountId}/verificationTypes`;
const CATALOGUE = "/api/account/verificationTypes";
const typePath = (typeId: string) => `${CATALOGUE}/${typeId}`;
const verificationPath = (packageId: string, roleId = "Signer1") => `/api/packages/${packageId}/roles/${roleId}/verification`;

async function expectError(method: string, path: string, options: CallOptions, status: number, messageKey?: string): Promise<ErrorBody> {
  const response = await call(method, path, options);
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(status);
  const body = JSON.parse(text) as ErrorBody;
  expect(body).toMatchObject({ code: status });
  expect(typeof body.message).toBe("string");
  if (messageKey) expect(body.messageKey).toBe(messageKey);
  return body;
}

async function expectNoContent(method: string, path: string, options: CallOptions): Promise<void> {
  const response = await call(method, path, options);
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(204);
  expect(await response.text()).toBe("");
}

/** A member of the account whose only account role grants exactly `permissions`. */
async function seedMemberWith(account: SeededAccount, permissions: Permission[]): Promise<SeededAccount> {
  const member = await seedSender(account);
  const db = await getDb();
  const roleId = newId(9);
  await db.transaction(async (tx) => {
    await tx.insert(accountRoles).values({ id: roleId, accountId: account.accountId, name: `Custom ${roleId}`, permissions });
    await tx.delete(userAccountRoles).where(and(eq(userAccountRoles.userId, member.userId), eq(userAccountRoles.accountId, account.accountId)));
    await tx.insert(userAccountRoles).values({ accountId: account.accountId, userId: member.userId, roleId });
  });
  return member;
}

/** A DRAFT package with the signer roles Signer1 and Signer2 (plain JSON, no document). */
async function createDraft(account: SeededAccount): Promise<string> {
  const { id } = await callJson<{ id: string }>("POST", "/api/packages", {
    key: account.apiKey,
    json: { name: "Verified", roles: [{ id: "Signer1", signers: [signer(1)] }, { id: "Signer2", signers: [signer(2)] }] },
  });
  return id;
}

async function activate(account: SeededAccount, typeId: string): Promise<CatalogueEntry> {
  return callJson<CatalogueEntry>("PUT", typePath(typeId), { key: account.apiKey });
}

async function auditOf(packageId: string) {
  const db = await getDb();
  return db
    .select({ name: auditEvents.name, message: auditEvents.message, sessionUser: auditEvents.sessionUser })
    .from(auditEvents)
    .where(eq(auditEvents.packageId, packageId))
    .orderBy(asc(auditEvents.id));
}

describe("GET /api/account/{accountId}/verificationTypes", () => {
  it("lists only the built-in EMAIL_OTP for a new account, to the owner and to any sender of it", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const expected: TypeList = { results: [{ id: "EMAIL_OTP", name: "One-time code by e-mail", method: "EMAIL_OTP" }], count: 1 };
    expect(await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey })).toEqual(expected);
    expect(await callJson<TypeList>("GET", typesPath(account.accountId), { key: sender.apiKey })).toEqual(expected);
  });

  it("lists the activated types in catalogue order, and no more after deactivation", async () => {
    const account = await seedAccount();
    await activate(account, "BANKID_SE");
    await activate(account, "IDIN");
    const list = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(list).toEqual({
      results: [
        { id: "IDIN", name: "iDIN (bank identity, Netherlands)", method: "BANK_ID" },
        { id: "BANKID_SE", name: "BankID (Sweden)", method: "BANK_ID" },
        { id: "EMAIL_OTP", name: "One-time code by e-mail", method: "EMAIL_OTP" },
      ],
      count: 3,
    });
    await expectNoContent("DELETE", typePath("BANKID_SE"), { key: account.apiKey });
    const after = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(after.results.map((type) => type.id)).toEqual(["IDIN", "EMAIL_OTP"]);
    expect(after.count).toBe(2);
  });

  it("answers an accessible account's types for its id: a sub account of the caller's user", async () => {
    const account = await seedAccount();
    const sub = await callJson<{ id: string }>("POST", "/api/account/subaccounts", { key: account.apiKey, json: { name: "Acme Europe", parentAccountId: account.accountId } });
    const keys = await callJson<{ accountUid: string; apiKey: string }[]>("GET", "/api/account/subaccountApiKeys", { key: account.apiKey });
    const subKey = keys.find((entry) => entry.accountUid === sub.id)!.apiKey;
    await activate({ ...account, accountId: sub.id, apiKey: subKey }, "ITSME");
    const subTypes = await callJson<TypeList>("GET", typesPath(sub.id), { key: account.apiKey });
    expect(subTypes.results.map((type) => type.id)).toContain("ITSME");
    expect((await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey })).results.map((type) => type.id)).not.toContain("ITSME");
  });

  it("answers the caller's own account for an id it may not see (the Java SDK sends \"dummyAccountId\"), never the other account's; 401 without a key", async () => {
    const account = await seedAccount();
    const other = await seedAccount("Other");
    await activate(other, "ITSME");
    const own = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(await callJson<TypeList>("GET", typesPath(other.accountId), { key: account.apiKey })).toEqual(own);
    expect(await callJson<TypeList>("GET", typesPath("dummyAccountId"), { key: account.apiKey })).toEqual(own);
    expect(own.results.map((type) => type.id)).not.toContain("ITSME");
    await expectError("GET", typesPath(account.accountId), {}, 401);
    await expectError("GET", typesPath(account.accountId), { key: "not-a-key" }, 401);
    // The other account's activation does not leak into this one.
    const mine = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(mine.results.map((type) => type.id)).toEqual(["EMAIL_OTP"]);
  });
});

describe("the verification type catalogue and its activation (our extension)", () => {
  it("lists the whole catalogue with activated, builtIn and needsExternalProvider", async () => {
    const account = await seedAccount();
    const catalogue = await callJson<{ results: CatalogueEntry[]; count: number }>("GET", CATALOGUE, { key: account.apiKey });
    expect(catalogue.count).toBe(15);
    expect(catalogue.results.map((type) => type.id)).toEqual([
      "PKI_CLOUD_CERTIFICATE",
      "PKI_HARDWARE_TOKEN",
      "IDIN",
      "DIGID",
      "EHERKENNING",
      "IDEAL",
      "ITSME",
      "BANKID_SE",
      "BANKID_NO",
      "BANKID_FI",
      "DIGIPASS",
      "personalCertificateSigning",
      "SMS",
      "KBA",
      "EMAIL_OTP",
    ]);
    expect(new Set(catalogue.results.map((type) => type.method))).toEqual(
      new Set(["PKI", "BANK_ID", "GOV_ID", "PAYMENT", "MOBILE_ID", "OTP_TOKEN", "SMS_OTP", "KBA", "EMAIL_OTP"]),
    );
    for (const type of catalogue.results) {
      const builtIn = type.id === "EMAIL_OTP";
      expect(type, type.id).toMatchObject({ activated: builtIn, builtIn, needsExternalProvider: !builtIn });
      expect(type.name.length, type.id).toBeGreaterThan(0);
    }
  });

  it("activates idempotently, matches ids without regard to case, and deactivates idempotently", async () => {
    const account = await seedAccount();
    const entry = await activate(account, "DIGID");
    expect(entry).toEqual({
      id: "DIGID",
      name: "DigID (government login, Netherlands)",
      method: "GOV_ID",
      activated: true,
      needsExternalProvider: true,
      builtIn: false,
    });
    expect(await activate(account, "DIGID")).toEqual(entry);
    expect(await activate(account, "iDIN")).toMatchObject({ id: "IDIN", activated: true });
    const catalogue = await callJson<{ results: CatalogueEntry[] }>("GET", CATALOGUE, { key: account.apiKey });
    expect(catalogue.results.filter((type) => type.activated).map((type) => type.id)).toEqual(["IDIN", "DIGID", "EMAIL_OTP"]);

    await expectNoContent("DELETE", typePath("DIGID"), { key: account.apiKey });
    await expectNoContent("DELETE", typePath("DIGID"), { key: account.apiKey });
    await expectNoContent("DELETE", typePath("idin"), { key: account.apiKey });
    const after = await callJson<{ results: CatalogueEntry[] }>("GET", CATALOGUE, { key: account.apiKey });
    expect(after.results.filter((type) => type.activated).map((type) => type.id)).toEqual(["EMAIL_OTP"]);
  });

  it("keeps the built-in EMAIL_OTP activated: PUT is a no-op, DELETE is refused (422)", async () => {
    const account = await seedAccount();
    expect(await activate(account, "EMAIL_OTP")).toMatchObject({ id: "EMAIL_OTP", activated: true, builtIn: true });
    await expectError("DELETE", typePath("EMAIL_OTP"), { key: account.apiKey }, 422, "error.validation.verificationTypeBuiltIn");
    const list = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(list.results.map((type) => type.id)).toEqual(["EMAIL_OTP"]);
  });

  it("answers 404 for an unknown type", async () => {
    const account = await seedAccount();
    await expectError("PUT", typePath("NO_SUCH_TYPE"), { key: account.apiKey }, 404, "error.notFound.verificationTypeNotFound");
    await expectError("DELETE", typePath("NO_SUCH_TYPE"), { key: account.apiKey }, 404, "error.notFound.verificationTypeNotFound");
  });

  it("ignores a body on PUT", async () => {
    const account = await seedAccount();
    const entry = await callJson<CatalogueEntry>("PUT", typePath("IDEAL"), { key: account.apiKey, json: { activated: false, id: "ITSME" } });
    expect(entry).toMatchObject({ id: "IDEAL", activated: true });
  });

  it("needs verification.manage (403 for a sender), a key (401), and acts only in the caller's account", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    await expectError("GET", CATALOGUE, { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("PUT", typePath("IDIN"), { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("DELETE", typePath("IDIN"), { key: sender.apiKey }, 403, "error.forbidden.noPermission");
    await expectError("GET", CATALOGUE, {}, 401);
    await expectError("PUT", typePath("IDIN"), {}, 401);
    await expectError("DELETE", typePath("IDIN"), {}, 401);

    // A member holding verification.manage (and nothing else) may manage the account's types.
    const manager = await seedMemberWith(account, ["verification.manage"]);
    expect(await activate(manager, "ITSME")).toMatchObject({ id: "ITSME", activated: true });
    const owners = await callJson<TypeList>("GET", typesPath(account.accountId), { key: account.apiKey });
    expect(owners.results.map((type) => type.id)).toEqual(["ITSME", "EMAIL_OTP"]);

    const other = await seedAccount("Other");
    const theirs = await callJson<{ results: CatalogueEntry[] }>("GET", CATALOGUE, { key: other.apiKey });
    expect(theirs.results.find((type) => type.id === "ITSME")?.activated).toBe(false);
  });
});

describe("/api/packages/{packageId}/roles/{roleId}/verification", () => {
  it("answers 204 with none, attaches an activated type (200), reads it back, and deletes it (204)", async () => {
    const account = await seedAccount();
    const id = await createDraft(account);
    const key = account.apiKey;
    await expectNoContent("GET", verificationPath(id), { key });

    const attached = await callJson<Json>("POST", verificationPath(id), { key, json: { typeId: "EMAIL_OTP", payload: "" } });
    expect(attached).toEqual({ typeId: "EMAIL_OTP", payload: "" });
    expect(await callJson("GET", verificationPath(id), { key })).toEqual(attached);
    // The other role is untouched.
    await expectNoContent("GET", verificationPath(id, "Signer2"), { key });

    await expectNoContent("DELETE", verificationPath(id), { key });
    await expectNoContent("GET", verificationPath(id), { key });
    await expectNoContent("DELETE", verificationPath(id), { key });

    expect(await auditOf(id)).toEqual([
      { name: "PACKAGE_CREATE", message: null, sessionUser: account.userId },
      { name: "ROLE_VERIFICATION_SET", message: "role=Signer1 typeId=EMAIL_OTP", sessionUser: account.userId },
      { name: "ROLE_VERIFICATION_DELETE", message: "role=Signer1 typeId=EMAIL_OTP", sessionUser: account.userId },
    ]);
  });

  it("replaces with PUT or POST, defaults a missing or null payload to \"\", and stores the catalogue id", async () => {
    const account = await seedAccount();
    await activate(account, "IDIN");
    const id = await createDraft(account);
    const key = account.apiKey;
    // The real service's documented id is "iDIN".
    expect(await callJson("POST", verificationPath(id), { key, json: { typeId: "iDIN", payload: "" } })).toEqual({ typeId: "IDIN", payload: "" });
    expect(await callJson("PUT", verificationPath(id), { key, json: { typeId: "EMAIL_OTP", payload: "hint", extra: 1 } })).toEqual({
      typeId: "EMAIL_OTP",
      payload: "hint",
    });
    expect(await callJson("PUT", verificationPath(id), { key, json: { typeId: "IDIN" } })).toEqual({ typeId: "IDIN", payload: "" });
    expect(await callJson("POST", verificationPath(id), { key, json: { typeId: "IDIN", payload: null } })).toEqual({ typeId: "IDIN", payload: "" });
    expect(await callJson("GET", verificationPath(id), { key })).toEqual({ typeId: "IDIN", payload: "" });
  });

  it("refuses a type not activated for the account, or unknown, with 422 naming it", async () => {
    const account = await seedAccount();
    const id = await createDraft(account);
    const key = account.apiKey;
    const notActivated = await expectError(
      "POST",
      verificationPath(id),
      { key, json: { typeId: "ITSME", payload: "" } },
      422,
      "error.validation.verificationTypeNotActivated",
    );
    expect(notActivated.message).toContain("ITSME");
    expect(notActivated.message).toContain("EMAIL_OTP");
    const unknown = await expectError(
      "PUT",
      verificationPath(id),
      { key, json: { typeId: "SMOKE_SIGNALS", payload: "" } },
      422,
      "error.validation.unknownVerificationType",
    );
    expect(unknown.message).toContain("SMOKE_SIGNALS");
    await expectNoContent("GET", verificationPath(id), { key });

    // Deactivated after being attached: the attachment stays, new ones are refused.
    await activate(account, "ITSME");
    await callJson("POST", verificationPath(id), { key, json: { typeId: "ITSME", payload: "" } });
    await expectNoContent("DELETE", typePath("ITSME"), { key });
    expect(await callJson("GET", verificationPath(id), { key })).toEqual({ typeId: "ITSME", payload: "" });
    await expectError("POST", verificationPath(id, "Signer2"), { key, json: { typeId: "ITSME" } }, 422, "error.validation.verificationTypeNotActivated");
  });

  it("answers 404 for an unknown role and 422 for the sender's non-signing role", async () => {
    const account = await seedAccount();
    const id = await createDraft(account);
    const key = account.apiKey;
    for (const method of ["GET", "DELETE"]) {
      await expectError(method, verificationPath(id, "Nobody"), { key }, 404, "error.notFound.roleNotFound");
    }
    for (const method of ["POST", "PUT"]) {
      await expectError(method, verificationPath(id, "Nobody"), { key, json: { typeId: "EMAIL_OTP" } }, 404, "error.notFound.roleNotFound");
    }
    const roles = await callJson<{ results: { id: string; type: string }[] }>("GET", `/api/packages/${id}/roles`, { key });
    const senderRole = roles.results.find((role) => role.type === "SENDER")!;
    await expectError("POST", verificationPath(id, senderRole.id), { key, json: { typeId: "EMAIL_OTP" } }, 422, "error.validation.roleNotSigner");
    await expectNoContent("GET", verificationPath(id, senderRole.id), { key });
  });

  it("changes only while the package is a DRAFT (409 once SENT) but reads at any time", async () => {
    const account = await seedAccount();
    const key = account.apiKey;
    const id = await createPackageWithFiles(key, packagePayload({ signers: 1 }));
    await callJson("POST", verificationPath(id), { key, json: { typeId: "EMAIL_OTP", payload: "" } });
    expect(await callJson<Json>("POST", `/api/packages/${id}`, { key, json: { status: "SENT" } })).toMatchObject({ status: "SENT" });

    await expectError("POST", verificationPath(id), { key, json: { typeId: "EMAIL_OTP" } }, 409, "error.conflict.packageNotDraft");
    await expectError("PUT", verificationPath(id), { key, json: { typeId: "EMAIL_OTP" } }, 409, "error.conflict.packageNotDraft");
    await expectError("DELETE", verificationPath(id), { key }, 409, "error.conflict.packageNotDraft");
    expect(await callJson("GET", verificationPath(id), { key })).toEqual({ typeId: "EMAIL_OTP", payload: "" });
  });

  it("refuses bad input with 400", async () => {
    const account = await seedAccount();
    const id = await createDraft(account);
    const key = account.apiKey;
    const path = verificationPath(id);
    await expectError("POST", path, { key, body: "{not json", headers: { "content-type": "application/json" } }, 400, "error.validation.invalidJson");
    await expectError("POST", path, { key, body: "", headers: { "content-type": "application/json" } }, 400, "error.validation.emptyBody");
    const missing = await expectError("POST", path, { key, json: { payload: "" } }, 400, "error.validation.invalidBody");
    expect(missing.message).toContain("typeId");
    await expectError("PUT", path, { key, json: { typeId: "" } }, 400, "error.validation.invalidBody");
    await expectError("PUT", path, { key, json: { typeId: "   " } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key, json: { typeId: 7 } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key, json: { typeId: null } }, 400, "error.validation.invalidBody");
    const payload = await expectError("POST", path, { key, json: { typeId: "EMAIL_OTP", payload: 5 } }, 400, "error.validation.invalidBody");
    expect(payload.message).toContain("payload");
    await expectError("POST", path, { key, json: { typeId: "EMAIL_OTP", payload: "x".repeat(10_001) } }, 400, "error.validation.invalidBody");
    await expectError("POST", path, { key, json: [{ typeId: "EMAIL_OTP" }] }, 400, "error.validation.invalidBody");
    await expectNoContent("GET", path, { key });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it("needs a key (401) and transaction.transaction (403), and hides other accounts' and senders' packages (404)", async () => {
    const account = await seedAccount();
    const id = await createDraft(account);
    await callJson("POST", verificationPath(id), { key: account.apiKey, json: { typeId: "EMAIL_OTP" } });

    const withBody = (method: string, key?: string): CallOptions => (method === "POST" || method === "PUT" ? { key, json: { typeId: "EMAIL_OTP" } } : { key });
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      await expectError(method, verificationPath(id), withBody(method), 401);
    }
    const noTransactions = await seedMemberWith(account, ["verification.manage"]);
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      await expectError(method, verificationPath(id), withBody(method, noTransactions.apiKey), 403, "error.forbidden.noPermission");
    }
    const other = await seedAccount("Other");
    const sender = await seedSender(account);
    for (const stranger of [other, sender]) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        await expectError(method, verificationPath(id), withBody(method, stranger.apiKey), 404, "error.notFound.packageNotFound");
      }
    }
    expect(await callJson("GET", verificationPath(id), { key: account.apiKey })).toEqual({ typeId: "EMAIL_OTP", payload: "" });
  });

  it("lets a sender verify the signers of their own package, checked against the account's activations", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const id = await createDraft(sender);
    await expectError("POST", verificationPath(id), { key: sender.apiKey, json: { typeId: "BANKID_NO" } }, 422, "error.validation.verificationTypeNotActivated");
    await activate(account, "BANKID_NO");
    expect(await callJson("POST", verificationPath(id), { key: sender.apiKey, json: { typeId: "BANKID_NO", payload: "{\"ssn\":\"\"}" } })).toEqual({
      typeId: "BANKID_NO",
      payload: "{\"ssn\":\"\"}",
    });
    // A locked sender cannot change anything (spec 3.5).
    const locked = await seedSender(account, "LOCKED");
    await expectError("POST", verificationPath(id), { key: locked.apiKey, json: { typeId: "EMAIL_OTP" } }, 403, "error.forbidden.senderLocked");
  });
});
