import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { requestFrom } from "../support/request-from";
import { freePort, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";

/**
 * The ceremony's origin check compares a browser's Origin with the host it asked for, which
 * behind a proxy is X-Forwarded-Host. Only a trusted proxy (here 127.0.0.2) may say so: from
 * anyone else (127.0.0.1) the header is dropped before the check, so a request that sets it to its
 * own origin is still another origin's. Through the running server, whose start installs this.
 */

const PROXY = "127.0.0.2";

test("X-Forwarded-Host counts for the ceremony's origin check only from a trusted proxy", async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-forwarded-host-"));
  const server = startServer(dataDir, await freePort(), { TRUSTED_PROXIES: PROXY });
  try {
    await waitUntilAnswering(server);
    const client = await ServiceClient.signUp(server.url, "Forwarded host");
    const payload = oneSignatureEachPackage({ name: "Forwarded host", document: { id: "doc1", name: "Agreement" }, roles: [{ id: "Client", index: 1, signers: [person("Cleo", "Client")] }] });
    const packageId = await client.createPackage(payload, [await makePdf({ pages: 1 })]);
    await client.send(packageId);
    const link = new URL(await client.signingUrl(packageId, "Client"));
    const entry = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(entry.status).toBe(303);
    const cookie = entry.headers.getSetCookie()[0].split(";")[0];
    const consent = (from: string, host: string) =>
      requestFrom(from, `${server.url}/api/signing/${packageId}/consent`, {
        method: "POST",
        headers: { cookie, origin: `https://${host}`, "x-forwarded-host": host, "x-forwarded-proto": "https", "content-type": "application/json" },
        body: "{}",
      });

    const forged = await consent("127.0.0.1", "evil.example");
    expect(forged.status, forged.text).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ messageKey: "error.forbidden.crossSite" });

    const proxied = await consent(PROXY, "signet.example");
    expect(proxied.status, proxied.text).toBe(204);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
