import { API_ROUTES } from "@/lib/api/route-table.generated";
import { config } from "@/lib/config";
import { embeddedService } from "./embedded-service";

/**
 * Where the console's e-signature API lives: ESIGN_API_URL, or the embedded service of this same
 * process on loopback. The console speaks to it only through its HTTP API, so it works the same
 * against any compatible service (the proxy hands the embedded service's requests to its route
 * handlers in process, which answer exactly as over HTTP).
 */
export function esignApiUrl(): string {
  const { esignApiUrl, port } = config();
  return esignApiUrl || `http://127.0.0.1:${port}`;
}

/** The console fronts the service of this same application (no ESIGN_API_URL). */
export function isEmbeddedService(): boolean {
  return !config().esignApiUrl;
}

/** The embedded service's API, answered in process (lib/console/embedded-service.ts), as the console's proxy does. */
const embeddedApi = embeddedService(API_ROUTES.filter(([pattern]) => pattern.startsWith("/api/")));

/**
 * A JSON call to the e-signature API from the console's server side (sign-in, sign-up, session).
 * `clientIp` is the console's client, as the server resolved it from the console's request; the
 * embedded service takes it as given, as it gets the call in process. Over loopback it would see
 * the console's own address, which TRUSTED_PROXIES need not list (behind a load balancer it lists
 * the balancer), and count every console user's sign-in failures as one client's. A service at
 * ESIGN_API_URL takes it only if it trusts this server's address.
 */
export async function callEsignApi(
  path: string,
  init: { method?: string; apiKey?: string; json?: unknown; clientIp?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> | null; headers: Headers }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.apiKey) headers.authorization = `Basic ${init.apiKey}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  // In process, a call on no client's behalf is the console's own, from this machine.
  const clientIp = init.clientIp ?? (isEmbeddedService() ? "127.0.0.1" : undefined);
  if (clientIp) headers["x-forwarded-for"] = clientIp;
  const url = `${esignApiUrl()}${path}`;
  const request: RequestInit = {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    cache: "no-store",
    signal: AbortSignal.timeout(15_000),
  };
  const response = (isEmbeddedService() ? await embeddedApi(new Request(url, request)) : null) ?? (await fetch(url, request));
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body, headers: response.headers };
}
