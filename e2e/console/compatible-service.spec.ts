import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { attachOutputs, freePort, startServer, stopServer, waitUntilAnswering, type Server } from "../support/servers";
import { fullNameSignature } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { checkPage, signInWithApiKey, titledPdf } from "./console-support";
import { buildSendFollowAndDownload } from "./package-journey";

/**
 * The console in front of a service that lives elsewhere (ESIGN_API_URL), as with any compatible
 * service: signed in with an API key, it builds, sends, follows and downloads packages there
 * (the same journey as against the embedded service), opens what integrators made, and its own
 * embedded service knows nothing of it.
 */

test.describe.configure({ timeout: 300_000 });
// "Copy signing link" writes to the clipboard; the journey reads it back.
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const folders: string[] = [];
let service: Server;
let consoleServer: Server;

test.beforeAll(async () => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-service-")), fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-console-")));
  service = startServer(folders[0]!, await freePort());
  await waitUntilAnswering(service);
  consoleServer = startServer(folders[1]!, await freePort(), { ESIGN_API_URL: service.url });
  await waitUntilAnswering(consoleServer);
});

// Two servers talk here: when a journey fails, their logs say which call failed and why (they
// found the proxy's calls on connections the service had closed: lib/console/proxy.ts).
test.afterEach(async ({}, testInfo) => attachOutputs(testInfo, { service, console: consoleServer }));

test.afterAll(async () => {
  await Promise.all([consoleServer && stopServer(consoleServer), service && stopServer(service)]);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

test("signed in with an API key, the console follows and downloads a package of the other service", async ({ page }) => {
  const integrator = await ServiceClient.signUp(service.url, "Elsewhere Inc");
  const packageId = await integrator.createPackage(
    {
      name: "Lease from elsewhere",
      roles: [{ id: "Tenant", index: 1, signers: [{ email: "tina@example.test", firstName: "Tina", lastName: "Tenant" }] }],
      documents: [{ name: "Lease", approvals: [{ role: "Tenant", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Lease")],
  );
  await integrator.send(packageId);
  // The console's own service does not know this key.
  expect((await fetch(`${consoleServer.url}/api/session`, { headers: { authorization: `Basic ${integrator.apiKey}` } })).status).toBe(401);

  await signInWithApiKey(page, integrator.apiKey, consoleServer.url);
  await page.waitForURL("**/packages");
  await expect(page.getByRole("banner")).toContainText("Elsewhere Inc");
  await page.getByTestId("tab-sent").click();
  await page.getByRole("link", { name: "Lease from elsewhere" }).click();
  await page.waitForURL(`**/packages/${packageId}`);
  await expect(page.getByTestId("package-status")).toContainText("In progress");
  await expect(page.getByTestId("signer-Tenant")).toContainText("Tina Tenant");
  await expect(page.getByTestId("history-event").first()).toBeVisible();
  await checkPage(page, "package-elsewhere");

  const started = page.waitForEvent("download");
  await page.getByTestId("download-evidence").click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signet-evidence-")), "evidence.pdf");
  await (await started).saveAs(file);
  expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("Lease from elsewhere");
});

test("signed in with an API key, a sender builds, sends, follows and downloads a package on the other service", async ({ page, browser }) => {
  const sender = await ServiceClient.signUp(service.url, "Elsewhere Journeys");
  await signInWithApiKey(page, sender.apiKey, consoleServer.url);
  await page.waitForURL("**/packages");
  await buildSendFollowAndDownload(page, browser, consoleServer.url);

  // It all happened on the other service: the package is there, completed, and the console's own service has no such account.
  const { results } = await sender.json<{ results: { name: string; status: string }[] }>("GET", "/api/packages?from=1&to=10");
  expect(results.map((pkg) => [pkg.name, pkg.status])).toEqual([["Untitled package", "COMPLETED"]]);
  expect((await fetch(`${consoleServer.url}/api/session`, { headers: { authorization: `Basic ${sender.apiKey}` } })).status).toBe(401);
});
