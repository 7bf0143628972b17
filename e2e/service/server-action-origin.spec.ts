import { expect, test } from "@playwright/test";

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
