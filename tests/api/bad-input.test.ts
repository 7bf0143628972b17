import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { getDb } from "@/lib/db/client";
import { openSigningSession, signingCookieName } from "@/lib/esign/signing/session";
import { call, callJson } from "../support/api-client";
import { createPackageWithFiles, packagePayload } from "../support/packages";
import { makePdf, multipartBody } from "../support/pdfs";
import { seedAccount, seedGroup, seedSender } from "../support/seed";

/**
 * Bad input is the client's fault: whatever a careless or hostile client sends to any operation of
 * the OpenAPI document (NUL characters, lone surrogates, wrong types, nulls, missing or huge
 * values, in bodies, path parameters and query strings), the answer is a JSON error below 500.
 */

type Schema = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

/** A plausible value of a JSON schema, so that mutations of it reach past the first check. */
function sampleOf(schema: Schema | undefined, depth = 0): Json {
  if (!schema || depth > 6) return null;
  if ("const" in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const choice = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choice) return sampleOf(choice.find((option) => option.type !== "null") ?? choice[0], depth + 1);
  if (Array.isArray(schema.allOf)) return sampleOf(schema.allOf[0] as Schema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleOf(property, depth + 1)]));
    }
    case "array":
      return [sampleOf(schema.items as Schema, depth + 1)];
    case "string":
      return schema.format === "email" ? "someone@example.test" : schema.format === "date-time" ? "2030-01-01T00:00:00Z" : "text";
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return "text";
  }
}

/** The value with every string (keys kept) replaced by `replace(string)`. */
function mapStrings(value: Json, replace: (text: string) => Json): Json {
  if (typeof value === "string") return replace(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)]));
  return value;
}

function mapLeaves(value: Json, replace: (leaf: Json) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, replace));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, replace)]));
  return replace(value);
}

/** Generated bad bodies: the sample with poisoned strings, wrong types, nulls, and bodies of the wrong shape. */
function badBodies(schema: Schema | undefined): Json[] {
  const sample = sampleOf(schema);
  const bodies: Json[] = [
    {},
    null,
    [],
    "text",
    42,
    { signers: null, documents: null, roles: null, name: null },
    mapStrings(sample, () => NUL),
    mapStrings(sample, () => LONE_SURROGATE),
    mapStrings(sample, (text) => text + "\udc00"),
    mapStrings(sample, () => "x".repeat(100_000)),
    mapLeaves(sample, () => null),
    mapLeaves(sample, (leaf) => (typeof leaf === "number" ? "NaN" : typeof leaf === "string" ? 1e308 : typeof leaf === "boolean" ? "yes" : leaf)),
    mapLeaves(sample, (leaf) => (typeof leaf === "number" ? -1e300 : leaf)),
    mapLeaves(sample, () => ({ nested: [NUL] })),
  ];
  if (Array.isArray(sample)) bodies.push([NUL], [null], [{}]);
  return bodies;
}

/**
 * Bad values for any path parameter, as written in the address (percent-encoded). Undecodable ones
 * (`%ED%A0%80`) never reach a route: Next.js answers them itself.
 */
const BAD_PARAMETERS = ["%00", "a%00", "%25", "%2F", "x".repeat(5000), "%20", "-1", "0"];

const BAD_QUERY_VALUES = [NUL, LONE_SURROGATE, "-1", "0", "abc", "99999999999999999999", "1e309", "", "2030-13-45"];

interface Fixture {
  ownerKey: string;
  cookie: string;
  ids: Record<string, string>;
}

/** An account with a sender, a group and a package (a draft, or sent with a signer's ceremony open). */
async function seedFixture(status: "DRAFT" | "SENT"): Promise<Fixture> {
  const owner = await seedAccount("Fuzzed account");
  const sender = await seedSender(owner);
  const groupId = await seedGroup(owner, { name: "Fuzz group", email: "fuzz-group@example.test" }, [sender.userId]);
  const packageId = await createPackageWithFiles(owner.apiKey, { ...packagePayload({ signers: 2 }), status });
  const roles = await callJson<{ results: { id: string; signers: { id: string }[] }[] }>("GET", `/api/packages/${packageId}/roles`, { key: owner.apiKey });
  const documents = await callJson<{ id: string; approvals: { id: string; fields: { id: string }[] }[] }>("GET", `/api/packages/${packageId}/documents/doc1`, {
    key: owner.apiKey,
  });
  const db = await getDb();
  const { token } = await db.transaction((tx) =>
    openSigningSession(tx, { packageId, roleId: "Signer1", memberEmail: null, ipAddress: "203.0.113.7", userAgent: "Fuzz/1.0" }),
  );
  return {
    ownerKey: owner.apiKey,
    cookie: `${signingCookieName(packageId)}=${token}`,
    ids: {
      packageId,
      roleId: "Signer1",
      signerId: roles.results[0].signers[0]?.id ?? "Signer1",
      documentId: "doc1",
      approvalId: documents.approvals[0].id,
      fieldId: documents.approvals[0].fields[0].id,
      senderId: sender.userId,
      userId: sender.userId,
      accountId: owner.accountId,
      groupId,
      language: "fr",
    },
  };
}

interface Probe {
  method: string;
  path: string;
  body?: BodyInit;
  contentType?: string;
  what: string;
}

async function probe(fixture: Fixture, { method, path, body, contentType, what }: Probe): Promise<string | null> {
  const headers: Record<string, string> = { cookie: fixture.cookie };
  if (contentType) headers["content-type"] = contentType;
  let response: Response;
  try {
    response = await call(method.toUpperCase(), path, { key: fixture.ownerKey, body, headers });
  } catch (error) {
    return `${method.toUpperCase()} ${path} (${what}) threw ${(error as Error).message}`;
  }
  const text = await response.text();
  if (response.status >= 500) return `${method.toUpperCase()} ${path.slice(0, 120)} (${what}) answered ${response.status}: ${text.slice(0, 200)}`;
  if (response.status >= 400 && response.headers.get("content-type")?.startsWith("application/json") !== true) {
    return `${method.toUpperCase()} ${path.slice(0, 120)} (${what}) answered ${response.status} without a JSON error`;
  }
  return null;
}

/** The path with its parameters filled: real values encoded, `raw` ones as they are. */
function fillPath(template: string, values: Record<string, string>, raw: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => raw[name] ?? encodeURIComponent(values[name] ?? "unknown"));
}

describe("bad input", () => {
  it.each(["DRAFT", "SENT"] as const)("never answers 5xx from any operation of the OpenAPI document (package %s)", { timeout: 600_000 }, async (status) => {
    const fixture = await seedFixture(status);
    const document = await openApiDocument();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Schema })),
    );
    // Deletions last, so the other operations find the fixture's resources.
    operations.sort((a, b) => Number(a.method === "delete") - Number(b.method === "delete"));

    const failures: string[] = [];
    const pdf = await makePdf();
    for (const { path, method, operation } of operations) {
      const requestBody = operation.requestBody as { content: Record<string, { schema: Schema }> } | undefined;
      const bodySchema = requestBody?.content["application/json"]?.schema;
      const multipart = requestBody?.content["multipart/form-data"] !== undefined;
      const realPath = fillPath(path, fixture.ids);
      const probes: Probe[] = [];

      if (requestBody) {
        for (const body of badBodies(bodySchema)) {
          probes.push({ method, path: realPath, body: JSON.stringify(body), contentType: "application/json", what: `body ${JSON.stringify(body).slice(0, 60)}` });
          if (multipart) {
            const form = multipartBody(body, [{ name: "a\u0000.pdf", bytes: pdf }]);
            probes.push({ method, path: realPath, body: form.body, contentType: form.contentType, what: `multipart payload ${JSON.stringify(body).slice(0, 60)}` });
          }
        }
        probes.push({ method, path: realPath, body: '{"name": "unterminated', contentType: "application/json", what: "malformed JSON" });
        probes.push({ method, path: realPath, body: "name=x", contentType: "text/plain", what: "text/plain" });
        probes.push({ method, path: realPath, body: "--x\r\n", contentType: "multipart/form-data; boundary=x", what: "truncated multipart" });
      }
      const sampleBody = requestBody ? JSON.stringify(sampleOf(bodySchema)) : undefined;
      for (const name of path.match(/\{(\w+)\}/g)?.map((match) => match.slice(1, -1)) ?? []) {
        for (const value of BAD_PARAMETERS) {
          probes.push({
            method,
            path: fillPath(path, fixture.ids, { [name]: value }),
            body: sampleBody,
            contentType: sampleBody ? "application/json" : undefined,
            what: `${name}=${value.slice(0, 20)}`,
          });
        }
      }
      for (const parameter of (operation.parameters as { name: string; in: string }[]).filter((p) => p.in === "query")) {
        for (const value of BAD_QUERY_VALUES) {
          probes.push({
            method,
            path: `${realPath}?${new URLSearchParams({ [parameter.name]: value })}`,
            body: sampleBody,
            contentType: sampleBody ? "application/json" : undefined,
            what: `?${parameter.name}=${JSON.stringify(value)}`,
          });
        }
      }
      for (const one of probes) {
        const failure = await probe(fixture, one);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("bad input at the entry points outside the OpenAPI document", () => {
  it.each([
    ["GET", "/access?sessionToken=%00"],
    ["GET", "/access?senderAuthenticationToken=a%00b"],
    ["GET", "/auth?signerAuthenticationToken=%00"],
    ["GET", "/auth?senderAuthenticationToken=%00"],
  ])("%s %s is refused below 500", async (method, path) => {
    const response = await call(method, path, { headers: { accept: "text/html" } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("the OAuth token endpoint refuses a NUL in the client's credentials", async () => {
    const response = await call("POST", "/oauth2/token", {
      body: "grant_type=client_credentials&client_id=a%00&client_secret=b%00&sender_id=%00",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });

  it("the OAuth token endpoint refuses Basic credentials that are not valid %-escapes", async () => {
    const response = await call("POST", "/oauth2/token", {
      body: "grant_type=client_credentials",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("%E0%A4%A:secret").toString("base64")}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("sign-in and sign-up answer 400 for a NUL, without a credential", async () => {
    const signIn = await call("POST", "/api/signin", { json: { email: "a\u0000@example.test", password: "x\u0000" } });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ code: 400, messageKey: "error.validation.invalidCharacters" });
    const signUp = await call("POST", "/api/signup", {
      json: { accountName: "A\u0000", email: "b@example.test", firstName: "B", lastName: "C", password: "correct-horse-42" },
    });
    expect(signUp.status).toBe(400);
    expect(await call("GET", "/api/packages/%00", { headers: { authorization: "Basic x" } }).then((r) => r.status)).toBe(400);
  });
});
