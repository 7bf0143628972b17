/**
 * The S3 server the benchmarks store documents in: the tests' s3rver on loopback, but in a process
 * of its own, so that its CPU is not counted as the application's (as a real object store's is not).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import { startS3Server } from "@/tests/support/s3-server";

export interface S3Peer {
  /** The settings (S3_*) that point Signet at the peer's bucket. */
  environment: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Peer(): Promise<S3Peer> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "bench", "s3-peer.ts"), "--serve"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const [first] = (await once(lines, "line")) as [string];
  return {
    environment: JSON.parse(first) as Record<string, string>,
    stop: async () => {
      child.stdin!.end(); // the peer stops when its input closes
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}

async function serve(): Promise<void> {
  const server = await startS3Server("signet-bench");
  process.stdout.write(`${JSON.stringify(server.environment)}\n`);
  process.stdin.resume();
  process.stdin.on("end", () => void server.stop().then(() => process.exit(0)));
}

if (process.argv.includes("--serve")) void serve();
