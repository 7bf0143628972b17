import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { ServiceClient } from "../support/service-client";
import { freePort, logEntries, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";

/**
 * A client that goes away mid-request (an upload it aborts, a connection it closes) is not a
 * server error: the request's log line says 499 "client closed request" at info, and nothing is
 * logged as an error. Through the built server, whose own code tells when the client has gone.
 */

interface LogLine {
  level: number;
  msg: string;
  route?: string;
  status?: number;
}

let server: Server;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-abort-"));
  server = startServer(dataDir, await freePort(), { LOG_LEVEL: "info" });
  await waitUntilAnswering(server);
});

test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends the head and the first part of a body that says it is much longer, then closes the connection. */
async function abortedUpload(apiKey: string, contentType: string, firstPart: string): Promise<void> {
  const socket = net.connect(server.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(
    `POST /api/packages HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Basic ${apiKey}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: 5000000\r\n\r\n${firstPart}`,
  );
  // Long enough for the server to authenticate and start reading the body.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  socket.destroy();
}

function logLines(): LogLine[] {
  return logEntries<LogLine>(server);
}

for (const [what, contentType, firstPart] of [
  ["a JSON body", "application/json", '{"name":"Aborted upload","description":"'],
  ["a multipart upload", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n'],
] as const) {
  test(`${what} aborted by the client is logged as 499 at info, not as a server error`, async () => {
    const owner = await ServiceClient.signUp(server.url, "Aborting client");
    const before = logLines().length;
    await abortedUpload(owner.apiKey, contentType, firstPart);

    await expect.poll(() => logLines().slice(before).filter((line) => line.route === "/api/packages"), { timeout: 10_000 }).toHaveLength(1);
    const lines = logLines().slice(before);
    expect(lines.find((line) => line.route === "/api/packages"), server.output()).toMatchObject({ status: 499, level: 30, msg: "client closed request" });
    expect(lines.filter((line) => line.level >= 50), server.output()).toEqual([]);
  });
}
