import { randomBytes } from "node:crypto";
import { multipartBody } from "../../tests/support/pdfs";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";

/** The password of every account ServiceClient.signUp creates: its owner can sign in to the console with it. */
export const SIGN_UP_PASSWORD = "ceremony-test-42";

/**
 * fetch, whose failure says which request failed and why (a refused connection, one the server
 * closed), where fetch's own error says only "fetch failed".
 */
export async function fetchExplained(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error; // a time-out or an abort says what it is
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = [cause?.code, cause?.message].filter(Boolean).join(": ");
    throw new Error(`${init?.method ?? "GET"} ${url}: ${error.message}${why ? ` (${why})` : ""}`, { cause: error });
  }
}

/**
 * The e-signature API as an integrator calls it, over HTTP against a running server: a new
 * account, packages with real PDFs, sending, signing links. For end-to-end tests and benchmarks.
 */
export class ServiceClient {
  private constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
    readonly email: string,
  ) {}

  /**
   * Signs up a new account (SIGNUP_ENABLED) and answers a client with its owner's key. A server that
   * e-mails (SMTP_URL) answers 202 and e-mails a link: pass its `smtp` receiver, and the account is
   * created by that link's token, as its owner would.
   */
  static async signUp(baseUrl: string, name = "Ceremony test", smtp?: SmtpReceiver): Promise<ServiceClient> {
    const email = `owner-${randomBytes(6).toString("hex")}@example.test`;
    const response = await fetchExplained(`${baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accountName: name, email, firstName: "Olivia", lastName: "Owner", password: SIGN_UP_PASSWORD }),
    });
    let created = response;
    if (smtp) {
      if (response.status !== 202) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
      const token = await smtp.waitFor(email, /\/signup\/confirm\?token=([A-Za-z0-9_-]+)/);
      created = await fetchExplained(`${baseUrl}/api/signup/confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password: SIGN_UP_PASSWORD }) });
    }
    if (created.status !== 201) throw new Error(`signup answered ${created.status}: ${await created.text()}`);
    const { apiKey } = (await created.json()) as { apiKey: string };
    return new ServiceClient(baseUrl, apiKey, email);
  }

  /** The account of a user who signed up elsewhere (in the console), with their key from `POST /api/signin`. */
  static async signIn(baseUrl: string, email: string, password: string): Promise<ServiceClient> {
    const response = await fetchExplained(`${baseUrl}/api/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`signin answered ${response.status}: ${await response.text()}`);
    const { apiKey } = (await response.json()) as { apiKey: string };
    return new ServiceClient(baseUrl, apiKey, email);
  }

  /** A client for an account that already exists, with one of its users' keys (revealed in the console, say). */
  static forKey(baseUrl: string, apiKey: string, email = ""): ServiceClient {
    return new ServiceClient(baseUrl, apiKey, email);
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const isRaw = body instanceof Buffer || typeof body === "string";
    return fetchExplained(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Basic ${this.apiKey}`, accept: "application/json", ...(body !== undefined && !isRaw ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : isRaw ? (body as BodyInit) : JSON.stringify(body),
    });
  }

  async json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const response = await this.call(method, path, body, headers);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** `POST /api/packages` with one PDF per document of the payload, in order. */
  async createPackage(payload: Record<string, unknown>, pdfs: Buffer[]): Promise<string> {
    const { body, contentType } = multipartBody(payload, pdfs.map((bytes, i) => ({ name: `document${i + 1}.pdf`, bytes })));
    const { id } = await this.json<{ id: string }>("POST", "/api/packages", body, { "content-type": contentType });
    return id;
  }

  async send(packageId: string): Promise<void> {
    await this.json("POST", `/api/packages/${packageId}`, { status: "SENT" });
  }

  /** The signer's ceremony link (`/access?sessionToken=...`), as the compat notes' signingUrl answers it. */
  async signingUrl(packageId: string, roleId: string): Promise<string> {
    const { url } = await this.json<{ url: string }>("GET", `/api/packages/${packageId}/roles/${roleId}/signingUrl`);
    return url;
  }

  async packageStatus(packageId: string): Promise<string> {
    const { status } = await this.json<{ status: string }>("GET", `/api/packages/${packageId}`);
    return status;
  }

  /**
   * The file's bytes. A 409 with Retry-After (a completed package's document whose seal is not
   * stored yet) is asked again, every second, for up to `waitMs`, as a patient client would.
   */
  async download(path: string, waitMs = 60_000): Promise<Buffer> {
    const deadline = Date.now() + waitMs;
    let response = await this.call("GET", path);
    while (response.status === 409 && response.headers.has("retry-after") && Date.now() < deadline) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      response = await this.call("GET", path);
    }
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return Buffer.from(await response.arrayBuffer());
  }
}

/**
 * The signer of `roleId`, through the ceremony's API as their browser calls it: opens their link,
 * consents, and signs every field of theirs on `documentId`. For tests about what follows signing.
 */
export async function signThroughCeremonyApi(client: ServiceClient, packageId: string, roleId: string, documentId: string): Promise<void> {
  const link = new URL(await client.signingUrl(packageId, roleId));
  const entry = await fetchExplained(`${client.baseUrl}${link.pathname}${link.search}`, { redirect: "manual" });
  if (entry.status !== 303) throw new Error(`the signing link answered ${entry.status}`);
  const cookie = entry.headers.getSetCookie()[0].split(";")[0];
  const asSigner = async (method: string, path: string, body?: unknown) => {
    const response = await fetchExplained(`${client.baseUrl}${path}`, { method, headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return response;
  };
  await asSigner("POST", `/api/signing/${packageId}/consent`, {});
  const view = (await (await asSigner("GET", `/api/signing/${packageId}`)).json()) as { documents: { id: string; approvals: { id: string; mine: boolean }[] }[] };
  const mine = view.documents.find((document) => document.id === documentId)!.approvals.filter((approval) => approval.mine);
  await asSigner("POST", `/api/signing/${packageId}/documents/${documentId}/sign`, { approvals: mine.map((approval) => ({ id: approval.id })) });
}
