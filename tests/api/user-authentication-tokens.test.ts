import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender } from "../support/seed";

/**
 * The original's user authentication token (UserAuthenticationTokenExample): the caller's own
 * sign-in to the console, redeemed once within 30 minutes. The console redeems it through
 * `POST /api/signin/authenticationToken`; the browser side is in e2e/console/sign-in.spec.ts.
 */

afterEach(() => resetClock());

const issue = (apiKey: string) => callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: apiKey });
const redeem = (authenticationToken: string) => call("POST", "/api/signin/authenticationToken", { json: { authenticationToken } });

describe("user authentication tokens", () => {
  it("signs in the user of the credential that asked, in its account, once", async () => {
    const account = await seedAccount("Token account");
    const { value } = await issue(account.apiKey);
    expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const first = await redeem(value);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ apiKey: account.apiKey, user: { id: account.userId, email: account.email }, account: { id: account.accountId, name: "Token account" } });

    const again = await redeem(value);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ messageKey: "error.unauthorised.authenticationToken" });
  });

  it("gives a sender their own key, not the owner's", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const { value } = await issue(sender.apiKey);
    expect(await (await redeem(value)).json()).toMatchObject({ apiKey: sender.apiKey, user: { id: sender.userId } });
  });

  it("refuses a token after 30 minutes, one made up, and one whose user was deleted", async () => {
    const account = await seedAccount();
    const { value: late } = await issue(account.apiKey);
    advanceClock(31 * 60_000);
    const expired = await redeem(late);
    expect(expired.status).toBe(401);
    expect((await expired.json()).message).toContain("expired");

    expect((await redeem("x".repeat(43))).status).toBe(401);
    expect((await redeem("not a token")).status).toBe(401);
    expect((await call("POST", "/api/signin/authenticationToken", { json: {} })).status).toBe(400);

    const sender = await seedSender(account);
    const { value } = await issue(sender.apiKey);
    await callJson("DELETE", `/api/account/senders/${sender.userId}`, { key: account.apiKey, expect: 204 });
    expect((await redeem(value)).status).toBe(401);
  });

  it("needs a credential to issue one", async () => {
    expect((await call("POST", "/api/authenticationTokens/user")).status).toBe(401);
  });
});
