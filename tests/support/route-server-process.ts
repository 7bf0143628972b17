import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A route-server.ts process: its URL, and its pid for reading its memory. */
export interface RouteServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const script = path.join(process.cwd(), "tests", "support", "route-server.ts");

/** Starts tests/support/route-server.ts with `environment` (added to this process's) and waits until it listens. */
export async function startRouteServer(environment: Record<string, string>): Promise<RouteServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, ...environment }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /\{"port":(\d+)\}/.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once("exit", (code) => reject(new Error(`The route server exited (code ${code}):\n${output}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resident memory of a process (VmRSS, bytes): worker threads are part of it. */
export function residentBytes(pid: number): number {
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!rss) throw new Error(`No VmRSS for process ${pid}`);
  return Number(rss[1]) * 1024;
}

/**
 * Downloads `url` whole, reading as fast as it arrives, while sampling the server's resident
 * memory every 10 ms: answers the bytes received and how far the server grew above where it was
 * just before the request.
 */
export async function downloadWatchingMemory(url: string, headers: Record<string, string>, pid: number): Promise<{ status: number; received: number; grewBytes: number }> {
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
  let received = 0;
  let status: number;
  try {
    const response = await fetch(url, { headers });
    status = response.status;
    const reader = response.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.byteLength;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, residentBytes(pid));
  return { status, received, grewBytes: peak - baseline };
}
