import { config } from "@/lib/config";

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

/** A JSON call to the e-signature API from the console's server side (sign-in, sign-up). */
export async function callEsignApi(
  path: string,
  init: { method?: string; apiKey?: string; json?: unknown; clientIp?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> | null; headers: Headers }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.apiKey) headers.authorization = `Basic ${init.apiKey}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.clientIp) headers["x-forwarded-for"] = init.clientIp;
  const response = await fetch(`${esignApiUrl()}${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    cache: "no-store",
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body, headers: response.headers };
}
