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

/** One copy of `value` per node that `replace` changes (returns other than undefined), with only that node changed, named by its path. */
function eachReplaced(value: Json, replace: (node: Json) => Json | undefined, at = "body"): [where: string, copy: Json][] {
  const own = replace(value);
  const copies: [string, Json][] = own === undefined ? [] : [[at, own]];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      for (const [where, copy] of eachReplaced(item, replace, `${at}.${i}`)) copies.push([where, value.map((other, j) => (j === i ? copy : other))]);
    });
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      for (const [where, copy] of eachReplaced(item, replace, `${at}.${key}`)) copies.push([where, { ...value, [key]: copy }]);
    }
  }
  return copies;
}

/** JSON text nested `levels` deep, as arrays or as objects. */
const deepArrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObjects = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);
const DEEP = 5000;
const DEEP_MARKER = "\u0001deep\u0001";

/** Past the longest text any field takes and past PostgreSQL's 1 MB limit of a text search value. */
const LONG_STRING = "x".repeat(1_100_000);
/** Far more items than any list takes. */
const HUGE_ARRAY_ITEMS = 10_000;
/** Items of a top-level array and keys of an object: some settings documents keep unknown keys, so each one costs a write. */
const HUGE_LIST = 20_000;

interface BadBody {
  text: string;
  what: string;
}

const badBody = (value: Json, what = `body ${JSON.stringify(value).slice(0, 60)}`): BadBody => ({ text: JSON.stringify(value), what });

/**
 * Generated bad bodies, as JSON text: the sample with poisoned strings, wrong types, nulls, bodies
 * of the wrong shape; values nested thousands of levels deep; each array of the sample grown past
 * any limit, and each string of it made megabytes long, one at a time (so that the others still
 * pass and the long one reaches as far as it can).
 */
function* badBodies(schema: Schema | undefined): Generator<BadBody> {
  const sample = sampleOf(schema);
  const values: Json[] = [
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
  if (Array.isArray(sample)) values.push([NUL], [null], [{}]);
  for (const value of values) yield badBody(value);

  yield { text: deepArrays(DEEP), what: `arrays ${DEEP} deep` };
  yield { text: deepObjects(DEEP), what: `objects ${DEEP} deep` };
  yield { text: JSON.stringify(mapLeaves(sample, () => DEEP_MARKER)).replaceAll(JSON.stringify(DEEP_MARKER), deepArrays(DEEP)), what: `every leaf ${DEEP} deep` };
  yield { text: `[${"0,".repeat(HUGE_LIST)}0]`, what: `an array of ${HUGE_LIST + 1} numbers` };
  yield { text: JSON.stringify(Object.fromEntries(Array.from({ length: HUGE_LIST }, (_, i) => [`k${i}`, i]))), what: `an object of ${HUGE_LIST} keys` };
  yield badBody({ ["k".repeat(100_000)]: "text" }, "a key of 100,000 characters");
  for (const [where, copy] of eachReplaced(sample, (node) => (Array.isArray(node) ? Array<Json>(HUGE_ARRAY_ITEMS).fill(node[0] ?? null) : undefined))) {
    yield badBody(copy, `${where} of ${HUGE_ARRAY_ITEMS} items`);
  }
  for (const [where, copy] of eachReplaced(sample, (node) => (typeof node === "string" ? LONG_STRING : undefined))) {
    yield badBody(copy, `${where} of ${LONG_STRING.length} characters`);
  }
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
      // Each probe is made and sent one at a time: the long and huge bodies together would fill the memory.
      const send = async (one: Probe) => {
        const failure = await probe(fixture, one);
        if (failure) failures.push(failure);
      };

      if (requestBody) {
        for (const { text, what } of badBodies(bodySchema)) {
          await send({ method, path: realPath, body: text, contentType: "application/json", what });
          if (multipart) {
            const form = multipartBody(text, [{ name: "a\u0000.pdf", bytes: pdf }]);
            await send({ method, path: realPath, body: form.body, contentType: form.contentType, what: `multipart payload: ${what}` });
          }
        }
        await send({ method, path: realPath, body: '{"name": "unterminated', contentType: "application/json", what: "malformed JSON" });
        await send({ method, path: realPath, body: "name=x", contentType: "text/plain", what: "text/plain" });
        await send({ method, path: realPath, body: "--x\r\n", contentType: "multipart/form-data; boundary=x", what: "truncated multipart" });
      }
      const sampleBody = requestBody ? JSON.stringify(sampleOf(bodySchema)) : undefined;
      for (const name of path.match(/\{(\w+)\}/g)?.map((match) => match.slice(1, -1)) ?? []) {
        for (const value of BAD_PARAMETERS) {
          await send({
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
          await send({
            method,
            path: `${realPath}?${new URLSearchParams({ [parameter.name]: value })}`,
            body: sampleBody,
            contentType: sampleBody ? "application/json" : undefined,
            what: `?${parameter.name}=${JSON.stringify(value)}`,
          });
        }
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

  it("JSON nested 5,000 levels deep answers 400 naming the limit, without a credential", async () => {
    for (const text of [deepArrays(DEEP), deepObjects(DEEP), `{"email":"a@example.test","password":${deepArrays(DEEP)}}`]) {
      const response = await call("POST", "/api/signin", { body: text, headers: { "content-type": "application/json" } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 400, messageKey: "error.validation.jsonTooDeep", message: expect.stringContaining("64 levels") });
    }
    const shallowEnough = await call("POST", "/api/signin", { body: deepArrays(64), headers: { "content-type": "application/json" } });
    expect(shallowEnough.status).toBe(400);
    expect(await shallowEnough.json()).toMatchObject({ messageKey: "error.validation.invalidBody" });
  });

  it("a multipart upload's JSON payload nested 5,000 levels deep answers 400 naming the limit", async () => {
    const owner = await seedAccount("Deep payload");
    const form = multipartBody(`{"name":"Deep","documents":${deepObjects(DEEP)}}`, [{ name: "a.pdf", bytes: await makePdf() }]);
    const response = await call("POST", "/api/packages", { key: owner.apiKey, body: form.body, headers: { "content-type": form.contentType } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ messageKey: "error.validation.jsonTooDeep", message: expect.stringContaining('The "payload" part') });
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
