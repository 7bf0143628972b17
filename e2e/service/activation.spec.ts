import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";

/**
 * A sender invited through the API activates from the invitation link in Chromium, after which
 * their API key works; the link then stops working.
 */
test("an invited sender activates from the link and their key starts working", async ({ request, page }) => {
  const suffix = randomBytes(5).toString("hex");
  const signup = await request.post("/api/signup", {
    data: { accountName: "Invite test", email: `owner-${suffix}@example.test`, firstName: "Olive", lastName: "Owner", password: "owner-pass-42" },
  });
  const owner = (await signup.json()) as { apiKey: string };
  const ownerHeaders = { authorization: `Basic ${owner.apiKey}` };

  const invited = await request.post("/api/account/senders", {
    headers: ownerHeaders,
    data: { email: `jane-${suffix}@example.test`, firstName: "Jane", lastName: "Sender" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const sender = (await invited.json()) as { id: string; status: string; activationUrl: string };
  expect(sender.status).toBe("INVITED");
  // The invitation e-mail goes through the server's job queue; without SMTP_URL it is kept in the outbox.
  await expect
    .poll(async () => {
      const outbox = (await (await request.get("/api/account/outbox", { headers: ownerHeaders })).json()) as { results: { kind: string; status: string }[] };
      return outbox.results.map((message) => `${message.kind}:${message.status}`);
    }, { timeout: 15_000 })
    .toContain("SENDER_INVITATION:KEPT");
  const { apiKey } = (await (await request.get(`/api/account/senders/${sender.id}/apiKey`, { headers: ownerHeaders })).json()) as { apiKey: string };
  const senderHeaders = { authorization: `Basic ${apiKey}` };
  expect((await request.get("/api/session", { headers: senderHeaders })).status()).toBe(403);

  await page.goto(new URL(sender.activationUrl).pathname);
  await expect(page.getByRole("heading", { name: "Activate your account" })).toBeVisible();
  await expect(page.getByText("Invite test")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("jane-pass-42");
  await page.getByLabel("Confirm password").fill("jane-pass-42");
  await page.getByRole("button", { name: /activate/i }).click();
  await expect(page.getByRole("status")).toContainText("is active");
  await page.screenshot({ path: "test-results/activation.png" });

  expect((await request.get("/api/session", { headers: senderHeaders })).status()).toBe(200);
  await page.goto(new URL(sender.activationUrl).pathname);
  await expect(page.getByText("This activation link is not valid")).toBeVisible();
});

test("the API reference page lists the operations of the OpenAPI document", async ({ page, request }) => {
  const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, object> };
  expect(Object.keys(document.paths)).toContain("/api/account/senders");
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Senders" })).toBeVisible();
  await expect(page.getByText("/api/account/senders/{senderId}/apiKey")).toBeVisible();
  await page.screenshot({ path: "test-results/api-reference.png" });
});
