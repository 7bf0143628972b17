import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { call, callJson } from "../support/api-client";
import { seedAccount, seedSender, type SeededAccount } from "../support/seed";

/**
 * The original's user authentication token (UserAuthenticationTokenExample): the caller's own
 * sign-in to the console, redeemed once within 30 minutes. The console redeems it through
 * `POST /api/signin/authenticationToken`; the browser side is in e2e/console/sign-in.spec.ts.
 */

afterEach(() => resetClock());

const issue = (apiKey: string) => callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: apiKey });
const redeem = (authenticationToken: string) => call("POST", "/api/signin/authenticationToken", { json: { authenticationToken } });
const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

/** An OWNER access token of a new client application of the account, with the app's id. */
async function accessTokenOf(account: SeededAccount): Promise<{ clientId: string; accessToken: string }> {
  const app = await callJson<{ clientId: string; secret: string }>("POST", "/api/account/clientApps", { key: account.apiKey, json: { name: "Bridge" }, expect: 201 });
  const { accessToken } = await callJson<{ accessToken: string }>("POST", "/apitoken/clientApp/accessToken", { json: { clientId: app.clientId, secret: app.secret, type: "OWNER" } });
  return { clientId: app.clientId, accessToken };
}

/** A user authentication token asked for with an access token, redeemed: the key it signs in with. */
async function signInKeyThrough(accessToken: string): Promise<string> {
  const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", bearer(accessToken));
  return (await callJson<{ apiKey: string }>("POST", "/api/signin/authenticationToken", { json: { authenticationToken: value } })).apiKey;
}

const sessionStatus = async (apiKey: string) => (await call("GET", "/api/session", { key: apiKey })).status;

describe("user authentication tokens", () => {
  it("signs in the user of the credential that asked, in its account, once", async () => {
    const account = await seedAccount("Token account");
    const { value } = await issue(account.apiKey);
    expect(value).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const first = await redeem(value);
    expect(first.status).toBe(200);
    const signedIn = (await first.json()) as { apiKey: string };
    expect(signedIn).toMatchObject({ user: { id: account.userId, email: account.email }, account: { id: account.accountId, name: "Token account" } });
    // The user's sign-in key, as a password sign-in answers: not the integration key that asked.
    expect(signedIn.apiKey).not.toBe(account.apiKey);
    expect(await callJson("GET", "/api/session", { key: signedIn.apiKey })).toMatchObject({ user: { id: account.userId } });

    const again = await redeem(value);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ messageKey: "error.unauthorised.authenticationToken" });
  });

  it("gives a sender their own key, not the owner's", async () => {
    const account = await seedAccount();
    const sender = await seedSender(account);
    const { value } = await issue(sender.apiKey);
    const { apiKey } = (await (await redeem(value)).json()) as { apiKey: string };
    expect(await callJson("GET", "/api/session", { key: apiKey })).toMatchObject({ user: { id: sender.userId }, account: { id: account.accountId } });
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

describe("user authentication tokens asked for with an access token", () => {
  it("sign in with a key that dies with the client app, and so does every credential derived from it", async () => {
    const owner = await seedAccount();
    const { clientId, accessToken } = await accessTokenOf(owner);
    const derived = await signInKeyThrough(accessToken);
    expect(await callJson("GET", "/api/session", { key: derived })).toMatchObject({ user: { id: owner.userId }, account: { id: owner.accountId } });
    // A token asked for with the derived key is derived too.
    const { value: unredeemed } = await issue(derived);
    const { value: redeemedLater } = await issue(derived);
    const derivedAgain = (await (await redeem(redeemedLater)).json()) as { apiKey: string };
    expect(await sessionStatus(derivedAgain.apiKey)).toBe(200);

    // Neither the token nor what came of it hands out a lasting key or makes a client app.
    for (const credential of [bearer(accessToken), { key: derived }, { key: derivedAgain.apiKey }]) {
      const readKey = await callJson("GET", `/api/account/senders/${owner.userId}/apiKey`, { ...credential, expect: 403 });
      expect(readKey).toMatchObject({ messageKey: "error.forbidden.apiKeysNeedApiKey" });
      expect(await callJson("GET", "/api/account/subaccountApiKeys", { ...credential, expect: 403 })).toMatchObject({ messageKey: "error.forbidden.apiKeysNeedApiKey" });
      const newApp = await callJson("POST", "/api/account/clientApps", { ...credential, json: { name: "Outliving" }, expect: 403 });
      expect(newApp).toMatchObject({ code: 403, messageKey: "error.forbidden.clientAppsNeedApiKey" });
    }

    expect((await call("DELETE", `/api/account/clientApps/${clientId}`, { key: owner.apiKey })).status).toBe(204);
    expect((await call("GET", "/api/session", bearer(accessToken))).status).toBe(401);
    expect(await sessionStatus(derived)).toBe(401);
    expect(await sessionStatus(derivedAgain.apiKey)).toBe(401);
    expect((await redeem(unredeemed)).status).toBe(401);
    // The account's own key is not the app's.
    expect(await sessionStatus(owner.apiKey)).toBe(200);
  });

  it("get no key from a password change, which ends the keys they signed in with", async () => {
    const owner = await seedAccount();
    const { accessToken } = await accessTokenOf(owner);
    const derived = await signInKeyThrough(accessToken);
    const changed = await callJson("POST", "/api/user/password", { ...bearer(accessToken), json: { currentPassword: "correct-horse-42", newPassword: "fresh-pass-2026" } });
    expect(changed).toEqual({ id: owner.userId, email: owner.email });
    expect(await sessionStatus(derived)).toBe(401);
    expect((await call("GET", "/api/session", bearer(accessToken))).status).toBe(200);
  });

  it("sign in with a key that expires with the access token", async () => {
    const owner = await seedAccount();
    const { accessToken } = await accessTokenOf(owner);
    advanceClock(20 * 60_000);
    const derived = await signInKeyThrough(accessToken);
    const { value: unredeemed } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", bearer(accessToken));
    expect(await sessionStatus(derived)).toBe(200);
    advanceClock(11 * 60_000); // the token's 30 minutes have passed; the user token is 11 minutes old
    expect(await sessionStatus(derived)).toBe(401);
    expect((await redeem(unredeemed)).status).toBe(401);
  });
});
