import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";

/**
 * The server under test trusts no proxy (TRUSTED_PROXIES=none, playwright.config.ts): an
 * X-Forwarded-For a client writes itself must not reach the audit trail, through the real
 * Next.js server and its start-up (instrumentation), not only in process.
 */
test("a forged X-Forwarded-For does not become the audit trail's address", async ({ request }) => {
  const signup = await request.post("/api/signup", {
    data: { accountName: "Forged", email: `forged-${randomBytes(6).toString("hex")}@example.test`, firstName: "Fay", lastName: "Forge", password: "forged-address-1" },
  });
  expect(signup.status()).toBe(201);
  const { apiKey } = (await signup.json()) as { apiKey: string };
  const headers = { authorization: `Basic ${apiKey}`, "x-forwarded-for": "203.0.113.66" };

  const created = await request.post("/api/packages", { headers, data: { name: "Forged address" } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };

  const audit = await request.get(`/api/packages/${id}/audit?events=all`, { headers });
  const events = ((await audit.json()) as { "audit-events": { type: string; "user-ip": string }[] })["audit-events"];
  expect(events.map((event) => event["user-ip"])).toEqual(["127.0.0.1"]);
});
