import { and, desc, eq } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { advanceClock, resetClock } from "@/lib/esign/clock";
import { consoleSessions, outboxMessages } from "@/lib/db/schema";
import { endConsoleSessionsOf } from "@/lib/console/console-sessions";
import { changeConsolePassword, completeConsolePasswordReset, requestConsolePasswordReset } from "@/lib/console/passwords";
import { proxyRequest } from "@/lib/console/proxy";
import { signInByLink } from "@/lib/console/sign-in-by-link";
import { withRenewedSignInKey } from "@/lib/console/sign-in-key-renewal";
import { call, callJson } from "../support/api-client";
import { ConsoleBrowser, serveApiOverHttp } from "../support/console-browser";
import { seedAccount } from "../support/seed";

/**
 * The console's sessions end on the server: a copy of the session cookie taken before sign-out
 * (or before a revocation) no longer opens a console page nor passes the proxy. The console
 * reaches the service over HTTP here (ESIGN_API_URL), as it does in front of any service; its
 * session store is this application's database all the same.
 */

const PASSWORD = "correct-horse-42"; // seedAccount's
const saved = { AUTH_SECRET: process.env.AUTH_SECRET, ESIGN_API_URL: process.env.ESIGN_API_URL };
let service: Awaited<ReturnType<typeof serveApiOverHttp>>;

beforeAll(async () => {
  process.env.AUTH_SECRET = "console-sessions-test-secret-0123456789";
  service = await serveApiOverHttp();
  process.env.ESIGN_API_URL = service.url;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await service.close();
});

function throughProxy(cookie: string, headers: Record<string, string> = {}): Promise<Response> {
  return proxyRequest(new Request("http://console.test/proxy/api/session", { headers: { host: "console.test", cookie, ...headers } }));
}

/** A second browser holding only a copy of the cookie. */
function withCookie(cookie: string): ConsoleBrowser {
  const copy = new ConsoleBrowser();
  const [name, value] = cookie.split("=");
  copy.cookies.set(name, value);
  return copy;
}

async function sessionsOf(userId: string) {
  const db = await getDb();
  return db.select().from(consoleSessions).where(eq(consoleSessions.userId, userId));
}

describe("console sessions", () => {
  it("signing out ends the session for every copy of its cookie: the pages' session, and the proxy", async () => {
    const owner = await seedAccount("Session owner");
    const browser = new ConsoleBrowser();
    const signedIn = await browser.signInWithPassword(owner.email, PASSWORD);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).not.toContain("error");
    const copied = browser.sessionCookie();
    expect(await sessionsOf(owner.userId)).toHaveLength(1);

    expect(await withCookie(copied).session()).toMatchObject({ user: { id: owner.userId, email: owner.email } });
    const before = await throughProxy(copied);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ user: { id: owner.userId } });

    await browser.signOut();
    expect(browser.cookies.has("authjs.session-token")).toBe(false);
    expect(await sessionsOf(owner.userId)).toHaveLength(0);

    // What the console layout's auth() reads: no session, so its pages send the copy to /signin.
    expect(await withCookie(copied).session()).toBeNull();
    const refused = await throughProxy(copied);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      code: 401,
      name: "Unauthorized",
      messageKey: "error.unauthorised.consoleSession",
      message: "Your session has ended. Sign in again.",
    });
    const navigation = await throughProxy(copied, { "sec-fetch-mode": "navigate", referer: "http://console.test/packages" });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("location")).toBe("/signin?reason=expired&next=%2Fpackages");
  });

  it("opens a session of its own for each sign-in: API key, and the authentication token link", async () => {
    const owner = await seedAccount();
    const byKey = new ConsoleBrowser();
    await byKey.signInWithApiKey(owner.apiKey);
    expect(await byKey.session()).toMatchObject({ user: { id: owner.userId } });

    const { value } = await callJson<{ value: string }>("POST", "/api/authenticationTokens/user", { key: owner.apiKey });
    const linked = await signInByLink(new Request(`http://console.test/auth?authenticationToken=${value}`), value, true);
    const { sessionToken } = (await linked.json()) as { sessionToken: string };
    const byLink = `authjs.session-token=${sessionToken}`;
    expect((await throughProxy(byLink)).status).toBe(200);
    expect(await sessionsOf(owner.userId)).toHaveLength(2);

    // Signing out of one leaves the other.
    await byKey.signOut();
    expect(await byKey.session()).toBeNull();
    expect((await throughProxy(byLink)).status).toBe(200);
    expect(await withCookie(byLink).session()).toMatchObject({ user: { id: owner.userId } });
  });

  it("revokes every session of a user but the one named, and no other user's", async () => {
    const owner = await seedAccount();
    const other = await seedAccount();
    const [first, second, third] = [new ConsoleBrowser(), new ConsoleBrowser(), new ConsoleBrowser()];
    await first.signInWithPassword(owner.email, PASSWORD);
    const [kept] = await sessionsOf(owner.userId);
    await second.signInWithPassword(owner.email, PASSWORD);
    await third.signInWithPassword(other.email, PASSWORD);
    const secondCookie = second.sessionCookie();

    expect(await endConsoleSessionsOf(owner.userId, { except: kept.id })).toBe(1);
    expect(await first.session()).toMatchObject({ user: { id: owner.userId } });
    expect(await second.session()).toBeNull();
    expect((await throughProxy(secondCookie)).status).toBe(401);
    expect(await third.session()).toMatchObject({ user: { id: other.userId } });
  });

  it("keeps a session in use alive past 8 hours, and ends one left unused for 8 hours", async () => {
    const owner = await seedAccount();
    const [used, idle] = [new ConsoleBrowser(), new ConsoleBrowser()];
    await used.signInWithPassword(owner.email, PASSWORD);
    await idle.signInWithPassword(owner.email, PASSWORD);
    const [usedCookie, idleCookie] = [used.sessionCookie(), idle.sessionCookie()];
    try {
      advanceClock(7 * 60 * 60_000);
      expect(await withCookie(usedCookie).session()).toMatchObject({ user: { id: owner.userId } });
      advanceClock(2 * 60 * 60_000);
      expect((await throughProxy(usedCookie)).status).toBe(200);
      expect((await throughProxy(idleCookie)).status).toBe(401);
      expect(await withCookie(idleCookie).session()).toBeNull();
    } finally {
      resetClock();
    }
  });

  it("refuses a cookie from before sessions were kept server-side (no session id)", async () => {
    const { encode } = await import("next-auth/jwt");
    const owner = await seedAccount();
    const token = await encode({
      token: { sub: owner.userId, apiKey: owner.apiKey, userId: owner.userId, accountId: owner.accountId },
      secret: process.env.AUTH_SECRET!,
      salt: "authjs.session-token",
    });
    const cookie = `authjs.session-token=${token}`;
    expect(await withCookie(cookie).session()).toBeNull();
    expect((await throughProxy(cookie)).status).toBe(401);
  });

  it("a password change ends the user's other sessions and keeps the one that made it", async () => {
    const owner = await seedAccount();
    const [here, elsewhere] = [new ConsoleBrowser(), new ConsoleBrowser()];
    await here.signInWithPassword(owner.email, PASSWORD);
    await elsewhere.signInWithPassword(owner.email, PASSWORD);
    const elsewhereCookie = elsewhere.sessionCookie();
    const token = (await decode({ token: here.cookies.get("authjs.session-token"), secret: process.env.AUTH_SECRET!, salt: "authjs.session-token" }))!;

    const wrong = await changeConsolePassword(token, { currentPassword: "not-it-42", newPassword: "changed-pass-77" });
    expect(wrong).toMatchObject({ ok: false, status: 400, messageKey: "error.validation.wrongCurrentPassword" });
    expect(await sessionsOf(owner.userId)).toHaveLength(2);

    const changed = await changeConsolePassword(token, { currentPassword: PASSWORD, newPassword: "changed-pass-77" });
    expect(changed).toEqual({ ok: true, email: owner.email, apiKey: expect.any(String) });
    // The session's old sign-in key is refused by the service itself, whoever copied it.
    expect(token.apiKey).not.toBe(owner.apiKey);
    expect((await call("GET", "/api/session", { key: token.apiKey! })).status).toBe(401);
    expect(await withCookie(elsewhereCookie).session()).toBeNull();
    expect((await throughProxy(elsewhereCookie)).status).toBe(401);

    // The session holds the revoked key until the server renews it: an update a browser sends with a key of its choosing changes nothing.
    const csrfToken = ((await (await here.auth("GET", "/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    await here.auth("POST", "/auth/session", { csrfToken, data: JSON.stringify({ apiKey: owner.apiKey, homeApiKey: owner.apiKey }) });
    expect((await throughProxy(here.sessionCookie())).status).toBe(401);

    // What the server action does next: the session's update, through next-auth's own endpoint, takes the fresh key.
    const renewed = await withRenewedSignInKey(changed.ok ? changed.apiKey! : "", () => here.auth("POST", "/auth/session", { csrfToken }));
    expect(renewed).toBe(true);
    expect(await here.session()).toMatchObject({ user: { id: owner.userId } });
    const kept = await throughProxy(here.sessionCookie());
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ user: { id: owner.userId } });
  });

  it("a password reset ends every session of the user, and the new password signs in", async () => {
    const owner = await seedAccount();
    const stolen = new ConsoleBrowser();
    await stolen.signInWithPassword(owner.email, PASSWORD);
    const stolenCookie = stolen.sessionCookie();

    expect(await requestConsolePasswordReset(owner.email)).toEqual({ ok: true, email: owner.email });
    const db = await getDb();
    const [mail] = await db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, owner.email), eq(outboxMessages.kind, "PASSWORD_RESET")))
      .orderBy(desc(outboxMessages.created));
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];

    expect(await completeConsolePasswordReset({ token: resetToken, password: "after-reset-88" })).toEqual({ ok: true, email: owner.email });
    expect(await sessionsOf(owner.userId)).toHaveLength(0);
    expect(await withCookie(stolenCookie).session()).toBeNull();
    expect((await throughProxy(stolenCookie)).status).toBe(401);
    expect(await completeConsolePasswordReset({ token: resetToken, password: "after-reset-99" })).toMatchObject({ ok: false, status: 410 });

    const back = new ConsoleBrowser();
    await back.signInWithPassword(owner.email, "after-reset-88");
    expect(await back.session()).toMatchObject({ user: { id: owner.userId } });
  });
});
