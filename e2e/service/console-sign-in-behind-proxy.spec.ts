import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { requestFrom } from "../support/request-from";
import { freePort, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * Behind a load balancer (TRUSTED_PROXIES lists only it, as the scale-out recipe says: here
 * 127.0.0.2, the address this test's requests leave from), the console's sign-ins count per
 * client, as the balancer's X-Forwarded-For names it: 31 clients failing once each lock nobody
 * out. Before, the console asked the service over loopback, from 127.0.0.1, which is no trusted
 * proxy, and every failure counted for that one address (30 locked every console user out).
 */

const BALANCER = "127.0.0.2";

/** A browser of one client behind the balancer: its cookies, and the balancer's header on every request. */
function clientBehindBalancer(url: string, clientAddress: string) {
  const cookies = new Map<string, string>();
  const request = async (method: string, pathname: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { "x-forwarded-for": clientAddress, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await requestFrom(BALANCER, `${url}${pathname}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined });
    for (const cookie of response.headers["set-cookie"] ?? []) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      cookies.set(name.trim(), value.join("="));
    }
    return response;
  };
  return {
    /** Where next-auth sends the browser after the attempt: the console on success, the sign-in page with `code=` on a refusal. */
    async signIn(email: string, password: string): Promise<string> {
      const { csrfToken } = JSON.parse((await request("GET", "/auth/csrf")).text) as { csrfToken: string };
      const answer = await request("POST", "/auth/callback/password", { csrfToken, email, password, callbackUrl: `${url}/packages` });
      return answer.headers.location ?? `status ${answer.status}`;
    },
  };
}

test("console sign-in failures behind a trusted balancer count per client, not for the balancer", async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-balancer-"));
  const server = startServer(dataDir, await freePort(), { TRUSTED_PROXIES: BALANCER, SIGN_IN_FAILURE_DELAY_MS: "0" });
  try {
    await waitUntilAnswering(server);
    const email = "balanced@example.test";
    const password = "behind-the-balancer-1";
    const signup = await fetch(`${server.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accountName: "Balanced", email, firstName: "Bal", lastName: "Anced", password }),
    });
    expect(signup.status).toBe(201);

    for (let client = 1; client <= 31; client++) {
      const landed = await clientBehindBalancer(server.url, `198.51.100.${client}`).signIn(`nobody-${client}@example.test`, "wrong-password-1");
      expect(landed, `client ${client}`).toContain("code=bad-credentials");
    }
    // One more client, with the right password, signs in: no one was locked out.
    expect(await clientBehindBalancer(server.url, "198.51.100.200").signIn(email, password)).not.toContain("error=");

    // One client who keeps guessing is still stopped, from its own address only.
    const guesser = clientBehindBalancer(server.url, "203.0.113.7");
    for (let attempt = 1; attempt <= 5; attempt++) expect(await guesser.signIn(email, "wrong-password-1")).toContain("code=bad-credentials");
    expect(await guesser.signIn(email, password)).toContain("code=rate-limited");
    expect(await clientBehindBalancer(server.url, "203.0.113.8").signIn(email, password)).not.toContain("error=");
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
