import http from "node:http";
import type { AddressInfo } from "node:net";
import type { NextRequest } from "next/server";
import { handlers } from "@/lib/console/auth";
import { call } from "./api-client";

/**
 * The console's sign-in driven as a browser drives it, through next-auth's own endpoints
 * (`/auth/csrf`, `/auth/callback/<provider>`, `/auth/session`, `/auth/signout`), with the
 * cookies it sets kept between calls. The console reaches the service over HTTP, so the service's
 * route handlers are served on a loopback port (`serveApiOverHttp`) that ESIGN_API_URL names.
 */
export class ConsoleBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly ip = "127.0.0.1") {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The session cookie as a header value, to hand to another client (a stolen copy). */
  sessionCookie(): string {
    const value = this.cookies.get("authjs.session-token");
    if (!value) throw new Error("not signed in");
    return `authjs.session-token=${value}`;
  }

  async auth(method: "GET" | "POST", path: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { host: "console.test", cookie: this.cookieHeader(), "x-forwarded-for": this.ip };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const request = new Request(`http://console.test${path}`, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined });
    const response = await handlers[method](request as NextRequest);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  private async csrfToken(): Promise<string> {
    return ((await (await this.auth("GET", "/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  async signInWithPassword(email: string, password: string): Promise<Response> {
    return this.auth("POST", "/auth/callback/password", { csrfToken: await this.csrfToken(), email, password });
  }

  async signInWithApiKey(apiKey: string): Promise<Response> {
    return this.auth("POST", "/auth/callback/api-key", { csrfToken: await this.csrfToken(), apiKey });
  }

  async signOut(): Promise<Response> {
    return this.auth("POST", "/auth/signout", { csrfToken: await this.csrfToken() });
  }

  /** The session the browser reads (`GET /auth/session`): null when signed out. */
  async session(): Promise<{ user?: { id: string; email: string } } | null> {
    return (await (await this.auth("GET", "/auth/session")).json()) as { user?: { id: string; email: string } } | null;
  }
}

/** The service's route handlers on a loopback port; answers its URL and a function that stops it. */
export async function serveApiOverHttp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "x-forwarded-for", "accept"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      call(request.method!, request.url!, { headers, body })
        .then(async (answer) => {
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch((error: Error) => response.writeHead(500).end(error.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
