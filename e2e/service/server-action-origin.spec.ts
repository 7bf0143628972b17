import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/test";

/** A server action posted from another site (a CSRF attempt) is refused as the client's error. */
test("a cross-origin server action POST answers 403 JSON", async ({ request }) => {
  const response = await request.post("/signin", {
    headers: { origin: "http://evil.example", "next-action": "0000000000000000000000000000000000000000", "content-type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ code: 403, messageKey: "error.forbidden.crossOrigin" });
});

test("a same-origin server action POST is not refused by the origin check", async ({ request, baseURL }) => {
  const response = await request.post("/signin", {
    headers: { origin: baseURL!, "next-action": "0000000000000000000000000000000000000000", "content-type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  expect(response.status()).not.toBe(403);
});

/**
 * A sign-in form posted from another site without script (multipart, no Next-Action header): Next.js
 * takes it for a server action too and refused it with a text 500.
 */
test("a cross-origin form POST to the sign-in page answers 403 JSON", async ({ request }) => {
  const response = await request.post("/signin", {
    headers: { origin: "http://evil.example" },
    multipart: { email: "someone@example.test", password: "guessed-password" },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ code: 403, messageKey: "error.forbidden.crossOrigin" });
});

/** The id of a server action the sign-in page uses, from the build's manifest. */
function signInPageActionId(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown> }>;
  };
  const id = Object.keys(manifest.node).find((actionId) => "app/(auth)/signin/page" in manifest.node[actionId].workers);
  if (!id) throw new Error("The sign-in page has no server action in this build.");
  return id;
}

test("a server action whose arguments nest 5,000 levels deep answers 400 JSON naming the limit", async ({ request, baseURL }) => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  const response = await request.post("/signin", {
    headers: { origin: baseURL!, "next-action": signInPageActionId(), "content-type": "text/plain;charset=UTF-8" },
    data: `[${deep}]`,
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: 400, messageKey: "error.validation.jsonTooDeep", message: expect.stringContaining("64 levels") });
});

test("a server action sent as a form whose field nests 5,000 levels deep answers 400 JSON", async ({ request, baseURL }) => {
  const response = await request.post("/signin", {
    headers: { origin: baseURL!, "next-action": signInPageActionId() },
    multipart: { "0": `[${"[".repeat(5000)}${"]".repeat(5000)}]` },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: 400, messageKey: "error.validation.jsonTooDeep" });
});

test("a server action whose text claims to be a form in other letter case is read as text, and refused past 64 levels", async ({ request, baseURL }) => {
  // Next.js takes a body as a form only when the header starts with "multipart/form-data" as written; React decodes any other as text.
  const response = await request.post("/signin", {
    headers: { origin: baseURL!, "next-action": signInPageActionId(), "content-type": "Multipart/Form-Data; boundary=x" },
    data: `[${"[".repeat(5000)}${"]".repeat(5000)}]`,
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ code: 400, messageKey: "error.validation.jsonTooDeep" });
});
