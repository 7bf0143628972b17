/**
 * The console's benchmarks, against the built app (`next start`; built first when there is none):
 * two servers on loopback, the service (A) with its own console, which reaches it in process (the
 * default, embedded set-up), and a console (B) whose ESIGN_API_URL is A, which reaches it over HTTP
 * as it would a compatible service elsewhere. Each proxy measure is taken for both.
 *   - Proxy latency: `GET /api/packages?from=1&to=50` on A directly versus `/proxy/api/packages...`
 *     on A or B, interleaved in the same run. Target: the proxy adds less than 20 % at the median.
 *   - Proxy memory: the console's resident memory (the process and its children) sampled while a
 *     100 MB document streams through it. Target: it grows by less than 30 MB.
 *   - First Load JS of each main route, and of the signer's ceremony page: the JavaScript files the route's HTML loads, gzip-compressed,
 *     read from the build output (not the noModule polyfills, which today's browsers skip, as
 *     Next's own First Load JS leaves them out). Target: under 250 kB each.
 * Run alone: `npx tsx bench/console.ts`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, startServer, stopServer, waitUntilAnswering, type Server } from "@/e2e/support/servers";
import { ServiceClient } from "@/e2e/support/service-client";
import { makePdf } from "@/tests/support/pdfs";
import type { Measured } from "./results";
import { percentile, round } from "./stats";

const SESSION_COOKIE = "authjs.session-token";
const AUTH_SECRET = "bench-console-secret-not-for-production";
const LISTED = 50;
const LATENCY_ROUNDS = 300;
const DOWNLOAD_BYTES = 100 * 1024 * 1024;

/** Builds the app unless `npm run build` has: a bare `next build` leaves out the compiled PDF worker, and servers would measure tsx's. */
export function ensureBuilt(): void {
  const built = [path.join(".next", "BUILD_ID"), path.join(".next", "pdf-worker", "pdf-jobs.cjs")];
  if (built.every((file) => fs.existsSync(path.join(process.cwd(), file)))) return;
  process.stderr.write("[bench] no build of `npm run build`: running it\n");
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "inherit", "inherit"] });
}

/** Resident memory of a process and every process under it, from /proc (bytes). */
export function residentBytes(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      // gone
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** A real sign-in with the API key on `server`'s console (its sessions are kept server-side, so a forged cookie would not pass). */
async function signInToConsole(server: Server, apiKey: string): Promise<string> {
  const csrf = await fetch(`${server.url}/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await fetch(`${server.url}/auth/callback/api-key`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, apiKey }).toString(),
  });
  const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`signing in to the console at ${server.url} failed (HTTP ${signedIn.status})`);
  return session.split(";")[0];
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/** How the console reaches the service: the embedded one in its own process, or one at ESIGN_API_URL. */
type Setup = "embedded service" | "service at ESIGN_API_URL";

async function proxyLatency(setup: Setup, service: Server, console_: Server, apiKey: string, cookie: string): Promise<Measured> {
  const query = `/api/packages?from=1&to=${LISTED}`;
  const direct = () => timedGet(`${service.url}${query}`, { authorization: `Basic ${apiKey}`, accept: "application/json" });
  const proxied = () => timedGet(`${console_.url}/proxy${query}`, { cookie, accept: "application/json" });
  for (let i = 0; i < 20; i++) {
    await direct();
    await proxied();
  }
  const directSamples: number[] = [];
  const proxiedSamples: number[] = [];
  for (let i = 0; i < LATENCY_ROUNDS; i++) {
    // Alternating which goes first, so neither always meets a warmer cache.
    if (i % 2) {
      directSamples.push(await direct());
      proxiedSamples.push(await proxied());
    } else {
      proxiedSamples.push(await proxied());
      directSamples.push(await direct());
    }
  }
  const directP50 = percentile(directSamples, 50);
  const proxiedP50 = percentile(proxiedSamples, 50);
  const metrics = {
    directP50Ms: round(directP50, 1),
    directP95Ms: round(percentile(directSamples, 95), 1),
    proxiedP50Ms: round(proxiedP50, 1),
    proxiedP95Ms: round(percentile(proxiedSamples, 95), 1),
    addedPercent: round((proxiedP50 / directP50 - 1) * 100, 1),
  };
  return {
    benchmark: `Console proxy (${setup}): GET /api/packages (${LISTED} of ${LISTED}), through the proxy vs direct`,
    database: "pglite",
    metrics,
    summary: `direct p50 ${metrics.directP50Ms} ms (p95 ${metrics.directP95Ms}), proxied p50 ${metrics.proxiedP50Ms} ms (p95 ${metrics.proxiedP95Ms}): +${metrics.addedPercent} % (n=${LATENCY_ROUNDS} each)`,
    target: { metric: "addedPercent", below: 20, text: "< 20 % more" },
  };
}

async function proxyMemory(setup: Setup, console_: Server, cookie: string, packageId: string, documentId: string): Promise<Measured> {
  const url = `${console_.url}/proxy/api/packages/${packageId}/documents/${documentId}/original`;
  // Warm: the route compiled and loaded, a small download through it.
  for (let i = 0; i < 5; i++) await timedGet(`${console_.url}/proxy/api/packages?from=1&to=1`, { cookie });
  const pid = console_.child.pid!;
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 25);
  const started = performance.now();
  let received = 0;
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`The download answered ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, residentBytes(pid));
  if (received < DOWNLOAD_BYTES) throw new Error(`Received ${received} bytes, expected at least ${DOWNLOAD_BYTES}`);
  const metrics = {
    baselineMb: round(baseline / 1024 / 1024, 1),
    peakMb: round(peak / 1024 / 1024, 1),
    growthMb: round((peak - baseline) / 1024 / 1024, 1),
    megabytesPerSecond: round(received / 1024 / 1024 / seconds, 0),
  };
  return {
    benchmark: `Console proxy (${setup}): resident memory while streaming a 100 MB download`,
    database: "pglite",
    metrics,
    summary: `grew ${metrics.growthMb} MB (${metrics.baselineMb} → ${metrics.peakMb} MB) at ${metrics.megabytesPerSecond} MB/s`,
    target: { metric: "growthMb", below: 30, text: "grows < 30 MB" },
  };
}

/** Where a link ends after its redirects, with the cookies they set. */
async function followedLink(server: Server, link: string): Promise<{ pathname: string; cookie: string }> {
  const cookies: string[] = [];
  let url = new URL(link, server.url);
  for (let redirects = 0; redirects < 10; redirects++) {
    const response = await fetch(url, { redirect: "manual", headers: { cookie: cookies.join("; ") } });
    cookies.push(...response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!));
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return { pathname: url.pathname, cookie: cookies.join("; ") };
    url = new URL(location, url);
  }
  throw new Error(`${link} redirects more than 10 times`);
}

/** The gzip size of every JavaScript file a page's HTML loads, as the build wrote them. */
async function firstLoadJs(console_: Server, route: string, pathname: string, cookie: string): Promise<Measured> {
  const response = await fetch(`${console_.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  // A noModule script (Next's polyfills for old browsers) is neither fetched nor run by a browser that runs modules.
  const scripts = new Set(
    [...html.matchAll(/<script([^>]+)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !/\bnomodule\b/i.test(attributes))
      .map((attributes) => /src="(\/_next\/static\/[^"]+\.js)"/.exec(attributes)?.[1])
      .filter((src): src is string => Boolean(src)),
  );
  if (scripts.size === 0) throw new Error(`${pathname} loads no script`);
  let bytes = 0;
  for (const src of scripts) bytes += gzipSync(fs.readFileSync(path.join(process.cwd(), ".next", src.replace(/^\/_next\//, "")))).byteLength;
  const metrics = { kB: round(bytes / 1000, 1), files: scripts.size };
  return {
    benchmark: `First Load JS: ${route}`,
    database: "none",
    metrics,
    summary: `${metrics.kB} kB gzip in ${metrics.files} files`,
    target: { metric: "kB", below: 250, text: "< 250 kB" },
  };
}

export async function consoleBenchmarks(report: (result: Measured) => void): Promise<void> {
  ensureBuilt();
  const folders = [fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-service-")), fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-console-"))];
  // The service's own console proxies to it in process; the second server's console reaches it over HTTP.
  const service = startServer(folders[0]!, await freePort(), { MAX_FILE_MB: "120", MAX_REQUEST_MB: "150", AUTH_SECRET, ESIGN_API_URL: "" });
  let console_: Server | null = null;
  try {
    await waitUntilAnswering(service);
    console_ = startServer(folders[1]!, await freePort(), { ESIGN_API_URL: service.url, AUTH_SECRET });
    await waitUntilAnswering(console_);
    const owner = await ServiceClient.signUp(service.url, "Bench console");
    const [serviceCookie, consoleCookie] = [await signInToConsole(service, owner.apiKey), await signInToConsole(console_, owner.apiKey)];

    const pdf = await makePdf({ pages: 1 });
    const roles = [{ id: "Client", signers: [{ email: "client@example.test", firstName: "Cy", lastName: "Client" }] }];
    let draftId = "";
    for (let i = 0; i < LISTED; i++) {
      draftId = await owner.createPackage({ name: `Listed ${i}`, roles, documents: [{ name: "Agreement" }] }, [pdf]);
    }
    report(await proxyLatency("embedded service", service, service, owner.apiKey, serviceCookie));
    report(await proxyLatency("service at ESIGN_API_URL", service, console_, owner.apiKey, consoleCookie));

    const big = await makePdf({ pages: 1, padToBytes: DOWNLOAD_BYTES });
    const bigId = await owner.createPackage({ name: "Big download", roles, documents: [{ id: "big", name: "Big" }] }, [big]);
    report(await proxyMemory("embedded service", service, serviceCookie, bigId, "big"));
    report(await proxyMemory("service at ESIGN_API_URL", console_, consoleCookie, bigId, "big"));

    const routes: [string, string][] = [
      ["/signin", "/signin"],
      ["/signup", "/signup"],
      ["/packages", "/packages"],
      ["/packages/[packageId]", `/packages/${draftId}`],
      ["/packages/[packageId]/edit", `/packages/${draftId}/edit`],
      ["/templates", "/templates"],
      ["/account/senders", "/account/senders"],
      ["/account/roles", "/account/roles"],
      ["/account/sub-accounts", "/account/sub-accounts"],
      ["/account/integrations", "/account/integrations"],
    ];
    for (const [route, pathname] of routes) report(await firstLoadJs(console_, route, pathname, route.startsWith("/sign") ? "" : consoleCookie));

    // The signer's page: the link followed as a signer's browser does, its cookie kept.
    const sentId = await owner.createPackage({ name: "Signed", roles, documents: [{ name: "Agreement" }] }, [pdf]);
    await owner.send(sentId);
    const signer = await followedLink(service, await owner.signingUrl(sentId, "Client"));
    report(await firstLoadJs(service, "/sign/[packageId]", signer.pathname, signer.cookie));
  } finally {
    if (console_) await stopServer(console_);
    await stopServer(service);
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("console.ts")) {
  void consoleBenchmarks((result) => console.log(result.benchmark, "—", result.summary));
}
