import { randomBytes } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/test";

/** The built server answers the API and renders the home page. */

/** An answer's body for an assertion message: an HTML error page must not flood the report. */
async function bodyOf(response: APIResponse): Promise<string> {
  const text = await response.text();
  return text.length > 400 ? `${text.slice(0, 400)}... (${text.length} characters)` : text;
}

test("signing up returns an API key that authenticates GET /api/session", async ({ request }) => {
  const email = `smoke-${randomBytes(6).toString("hex")}@example.test`;
  const signup = await request.post("/api/signup", {
    data: { accountName: "Smoke test", email, firstName: "Sam", lastName: "Smoke", password: "smoke-test-42" },
  });
  expect(signup.status(), await bodyOf(signup)).toBe(201);
  const created = (await signup.json()) as { accountId: string; userId: string; apiKey: string };
  expect(Buffer.from(created.apiKey, "base64").toString("utf8")).toMatch(new RegExp(`^${created.userId}:[A-Za-z0-9_-]{43}$`));

  const session = await request.get("/api/session", { headers: { authorization: `Basic ${created.apiKey}` } });
  expect(session.status(), await bodyOf(session)).toBe(200);
  // The original's Session (its user, whom it acts for, its account), and our permissions.
  expect(await session.json()).toMatchObject({
    user: { id: created.userId, email, firstName: "Sam", lastName: "Smoke", name: "Sam Smoke" },
    delegationUser: { id: created.userId, name: "Sam Smoke" },
    account: { id: created.accountId, name: "Smoke test", owner: created.userId },
    // The account owner holds every permission; the console shapes its menus with them.
    permissions: expect.arrayContaining(["users.manage", "roles.manage", "sub_accounts.manage", "callbacks.manage"]),
  });
});

test("the home page renders in Chromium", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Signet" })).toBeVisible();
  await page.screenshot({ path: "test-results/home.png", fullPage: true });
});

test("an unknown API key is answered with a JSON 401 error", async ({ request }) => {
  const response = await request.get("/api/session", {
    headers: { authorization: `Basic ${randomBytes(32).toString("base64url")}` },
  });
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code: 401, name: "Unauthorized" });
  expect(typeof body.message).toBe("string");
  expect(body.message).not.toBe("");
  expect(body.messageKey).toMatch(/^error\.[A-Za-z]+(\.[A-Za-z]+)*$/);
});

test("an unknown API path answers the wire's JSON 404, not an HTML page", async ({ request }) => {
  const response = await request.post("/api/no/such/path", { data: {} });
  expect(response.status(), await bodyOf(response)).toBe(404);
  expect(await response.json()).toMatchObject({ code: 404, name: "Not Found", messageKey: "error.notFound.path" });
});
