import type { JWT } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyRequestedSwitch, withAccountSwitch } from "./account-switch";

/**
 * The switch's rules, with the service played by a stubbed fetch: keys are found with the home
 * account's key and checked with `GET /api/session` before the session takes them, and nothing
 * happens without a request from the server action.
 */

const HOME_KEY = "home-key";
const CHILD_KEY = "child-key";

/** Which user and account each key acts as, as `GET /api/session` answers. */
let sessions: Record<string, { userId: string; accountId: string; accountName: string }>;
/** The keys `GET /api/account/subaccountApiKeys` lists, per calling key. */
let keysOf: Record<string, { accountUid: string; accountName: string; apiKey: string }[]>;
let calls: string[];

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  // A service of its own (ESIGN_API_URL): the embedded one would be called in process, not through fetch.
  vi.stubEnv("ESIGN_API_URL", "http://service.test");
  sessions = {
    [HOME_KEY]: { userId: "u1", accountId: "home", accountName: "Home" },
    [CHILD_KEY]: { userId: "u1", accountId: "child", accountName: "Child" },
  };
  keysOf = { [HOME_KEY]: [{ accountUid: "child", accountName: "Child (listed)", apiKey: CHILD_KEY }] };
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const key = String((init.headers as Record<string, string>).authorization ?? "").replace("Basic ", "");
    calls.push(`${path} ${key}`);
    if (path === "/api/account/subaccountApiKeys") return keysOf[key] ? answer(200, keysOf[key]) : answer(401, { message: "Unknown key." });
    if (path === "/api/session") {
      const session = sessions[key];
      if (!session) return answer(401, { message: "Unknown key." });
      return answer(200, {
        user: { id: session.userId, email: "u@example.test", firstName: "U", lastName: "One" },
        account: { id: session.accountId, name: session.accountName },
      });
    }
    return answer(404, { message: "No such path." });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const homeToken = (): JWT => ({ userId: "u1", apiKey: HOME_KEY, accountId: "home", accountName: "Home", homeApiKey: HOME_KEY, homeAccountId: "home", homeAccountName: "Home" });

/** The jwt callback's part, run the way the server action runs the session's update. */
async function switchTo(token: JWT, accountId: string) {
  return withAccountSwitch(accountId, () => applyRequestedSwitch(token));
}

describe("switching accounts", () => {
  it("takes the user's key in a sub account once the service confirms whose it is, and keeps the home key", async () => {
    const token = homeToken();
    expect(await switchTo(token, "child")).toEqual({ ok: true, accountId: "child", accountName: "Child" });
    expect(token).toMatchObject({ apiKey: CHILD_KEY, accountId: "child", accountName: "Child", homeApiKey: HOME_KEY, homeAccountId: "home" });
    expect(calls).toEqual([`/api/account/subaccountApiKeys ${HOME_KEY}`, `/api/session ${CHILD_KEY}`]);
  });

  it("goes back home with the kept home key, and finds keys with it even from inside a sub account", async () => {
    const token = homeToken();
    await switchTo(token, "child");
    expect(await switchTo(token, "home")).toMatchObject({ ok: true, accountName: "Home" });
    expect(token).toMatchObject({ apiKey: HOME_KEY, accountId: "home" });
    calls = [];
    await switchTo(token, "child");
    expect(calls[0]).toBe(`/api/account/subaccountApiKeys ${HOME_KEY}`);
  });

  it("refuses an account where the user holds no key below home, and changes nothing", async () => {
    const token = homeToken();
    const outcome = await switchTo(token, "elsewhere");
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining("no key") });
    expect(token).toEqual(homeToken());
  });

  it("refuses a key the service says belongs to another user or account", async () => {
    sessions[CHILD_KEY] = { userId: "u2", accountId: "child", accountName: "Child" };
    const token = homeToken();
    expect((await switchTo(token, "child")).ok).toBe(false);
    sessions[CHILD_KEY] = { userId: "u1", accountId: "other", accountName: "Other" };
    expect((await switchTo(token, "child")).ok).toBe(false);
    expect(token).toEqual(homeToken());
  });

  it("shows the service's message when it refuses the home key", async () => {
    const token = { ...homeToken(), homeApiKey: "revoked", apiKey: "revoked" };
    expect(await switchTo(token, "child")).toEqual({ ok: false, message: "Unknown key." });
  });

  it("says the service could not be reached, and does not throw (a throw would end the session)", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    const token = homeToken();
    expect(await switchTo(token, "child")).toMatchObject({ ok: false, message: expect.stringContaining("could not be reached") });
    expect(token).toEqual(homeToken());
  });

  it("does nothing on an update no server action asked for (a browser can post one)", async () => {
    const token = homeToken();
    await applyRequestedSwitch(token);
    expect(token).toEqual(homeToken());
    expect(calls).toEqual([]);
  });

  it("starts from the current key when a session from before home keys were kept has none", async () => {
    const token: JWT = { userId: "u1", apiKey: HOME_KEY, accountId: "home", accountName: "Home" };
    expect((await switchTo(token, "child")).ok).toBe(true);
    expect(token).toMatchObject({ apiKey: CHILD_KEY, homeApiKey: HOME_KEY, homeAccountId: "home", homeAccountName: "Home" });
    expect((await switchTo(token, "home")).ok).toBe(true);
    expect(token.apiKey).toBe(HOME_KEY);
  });
});
