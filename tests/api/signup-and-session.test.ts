import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { newId } from "@/lib/esign/ids";
import { encryptSecret, generateSecret, lookupHash } from "@/lib/esign/security/secret-crypto";
import { call, callJson } from "../support/api-client";
import { ALL_PERMISSIONS, PREDEFINED_ROLES } from "@/lib/esign/permissions";
import { seedAccount, seedSender } from "../support/seed";

describe("POST /api/signup", () => {
  afterEach(() => {
    delete process.env.SIGNUP_ENABLED;
  });

  it("creates an account whose owner can call the API with the returned key", async () => {
    const account = await seedAccount("Acme Legal");
    // The original service's format: base64 of "<userId>:<secret>" (its SDKs read the user id from it).
    expect(Buffer.from(account.apiKey, "base64").toString("utf8")).toMatch(new RegExp(`^${account.userId}:[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(Buffer.from(account.apiKey, "base64").toString("utf8")).toString("base64")).toBe(account.apiKey);
    const session = await callJson("GET", "/api/session", { key: account.apiKey });
    // The original's Session: the user as a User, whom it acts for (themselves), its account as an Account.
    expect(session).toEqual({
      user: {
        id: account.userId,
        email: account.email,
        firstName: "Olive",
        lastName: "Owner",
        name: "Olive Owner",
        company: "",
        timezoneId: "GMT",
        // No consoleLanguage (our extension) until the user chooses one: the original's clients reject explicit nulls.
        language: "en",
        created: expect.stringMatching(/Z$/),
        updated: expect.stringMatching(/Z$/),
        professionalIdentityFields: [],
        userCustomFields: [],
      },
      delegationUser: { id: account.userId, name: "Olive Owner" },
      packages: [],
      inPerson: false,
      certificateSigning: false,
      account: expect.objectContaining({ id: account.accountId, name: "Acme Legal", owner: account.userId, licenses: [], customFields: [] }),
      permissions: [...ALL_PERMISSIONS].sort(),
    });
  });

  it("tells a sender what their roles allow, and no more", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const session = await callJson<{ permissions: string[] }>("GET", "/api/session", { key: sender.apiKey });
    const senderRole = PREDEFINED_ROLES.find((role) => role.predefined === "SENDER")!;
    expect(session.permissions).toEqual([...senderRole.permissions].sort());
  });

  it("refuses a duplicate e-mail with 409, whatever its case", async () => {
    const account = await seedAccount();
    const body = await callJson("POST", "/api/signup", {
      json: { accountName: "Again", email: account.email.toUpperCase(), firstName: "A", lastName: "B", password: "another-pass-1" },
      expect: 409,
    });
    expect(body).toMatchObject({ code: 409, name: "Conflict", messageKey: "error.conflict.emailExists" });
  });

  it.each([
    ["a short password", { password: "ab1" }, "at least 8"],
    ["a password without digits", { password: "onlyletters" }, "a letter and a digit"],
    ["a bad e-mail", { email: "not-an-email" }, "email"],
    ["a missing account name", { accountName: undefined }, "accountName"],
    ["a wrong type", { firstName: 42 }, "firstName"],
  ])("refuses %s with 400", async (_label, change, fragment) => {
    const body = await callJson<{ message: string; code: number }>("POST", "/api/signup", {
      json: { accountName: "X", email: "x@example.test", firstName: "A", lastName: "B", password: "good-pass-123", ...change },
      expect: 400,
    });
    expect(body.code).toBe(400);
    expect(body.message).toContain(fragment);
  });

  it("refuses malformed JSON with 400", async () => {
    const body = await callJson<{ messageKey: string }>("POST", "/api/signup", {
      body: "{not json",
      headers: { "content-type": "application/json" },
      expect: 400,
    });
    expect(body.messageKey).toBe("error.validation.invalidJson");
  });

  it("answers 403 when sign-up is disabled", async () => {
    process.env.SIGNUP_ENABLED = "false";
    const body = await callJson<{ messageKey: string }>("POST", "/api/signup", {
      json: { accountName: "X", email: "off@example.test", firstName: "A", lastName: "B", password: "good-pass-123" },
      expect: 403,
    });
    expect(body.messageKey).toBe("error.forbidden.signupDisabled");
  });
});

describe("authentication", () => {
  it("answers 401 with a JSON error without a key or with a wrong key", async () => {
    for (const key of [undefined, "wrong-key"]) {
      const response = await call("GET", "/api/session", { key });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 401, name: "Unauthorized" });
    }
  });
});

describe("API keys issued before the original service's format", () => {
  it("still authenticate: keys are found by a keyed hash of the whole key, whatever its shape", async () => {
    const account = await seedAccount();
    const legacyKey = generateSecret();
    const db = await getDb();
    await db.insert(apiKeys).values({ id: newId(), userId: account.userId, accountId: account.accountId, lookupHash: lookupHash(legacyKey), encryptedKey: encryptSecret(legacyKey) });
    expect(await callJson("GET", "/api/session", { key: legacyKey })).toMatchObject({ user: { id: account.userId } });
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const body = await callJson(method, "/api/no/such/thing", { expect: 404 });
      expect(body).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.path" });
    }
  });
});
