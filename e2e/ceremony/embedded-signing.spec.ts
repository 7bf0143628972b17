import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { signInWithApiKey } from "../console/console-support";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { acceptConsent } from "../support/signer";

/**
 * Embedded signing and the security headers in a real browser: a page on another origin (another
 * port of the loopback address) frames the ceremony's link, which the browser refuses until the
 * account lists that origin; and the console and the ceremony run under their Content-Security-Policy
 * (scripts by nonce, pdf.js's worker) without a violation; the sites are set in the console too.
 */

let service: ServiceClient;
let embedder: http.Server;
let embedderOrigin: string;
/** The address the embedder's page frames, set by each test. */
let framed = "about:blank";

test.beforeAll(async ({ baseURL }) => {
  embedder = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><title>Portal</title><h1>Partner portal</h1><iframe title="Signing" src="${framed.replace(/"/g, "&quot;")}" width="1200" height="800"></iframe>`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
  embedderOrigin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
  service = await ServiceClient.signUp(baseURL!, "Embedding test");
});

test.afterAll(async () => {
  await new Promise((resolve) => embedder.close(resolve));
});

/** Every Content-Security-Policy complaint the page's console shows (frames included). */
function cspComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|frame-ancestors/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

async function sentPackage(name: string): Promise<string> {
  const payload = oneSignatureEachPackage({ name, document: { id: "contract", name: "Contract" }, roles: [{ id: "Signer", index: 1, signers: [person("Sam", "Signer")] }] });
  const packageId = await service.createPackage(payload, [await makePdf({ pages: 1 })]);
  await service.send(packageId);
  return packageId;
}

const consentHeading = /consent to sign electronically/;

test("another origin cannot frame the ceremony until the account lists it", async ({ browser }) => {
  const packageId = await sentPackage("Framed contract");

  framed = await service.signingUrl(packageId, "Signer");
  const refused = await (await browser.newContext()).newPage();
  const complaints = cspComplaints(refused);
  await refused.goto(embedderOrigin, { waitUntil: "load" });
  await expect(refused.getByRole("heading", { name: "Partner portal" })).toBeVisible();
  await expect.poll(() => complaints.join("\n")).toContain("frame-ancestors 'self'");
  await expect(refused.frameLocator("iframe").getByRole("heading", { name: consentHeading })).toHaveCount(0);

  const settings = await service.json<{ embeddedSigningOrigins: string[] }>("PATCH", "/api/account/admin/accountSettings/packageSettings", { embeddedSigningOrigins: [`${embedderOrigin}/`] });
  expect(settings.embeddedSigningOrigins).toEqual([embedderOrigin]);

  framed = await service.signingUrl(packageId, "Signer");
  const allowed = await (await browser.newContext()).newPage();
  const allowedComplaints = cspComplaints(allowed);
  await allowed.goto(embedderOrigin);
  const frame = allowed.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: consentHeading })).toBeVisible();
  // The ceremony works inside the frame: its writes come from its own origin.
  await frame.getByRole("button", { name: "I accept" }).click();
  await expect(frame.getByRole("navigation", { name: "Documents" })).toBeVisible();
  expect(allowedComplaints).toEqual([]);
});

test("the ceremony and the console run under their policy without a violation", async ({ browser, baseURL }) => {
  const packageId = await sentPackage("Policy contract");

  const signer = await (await browser.newContext()).newPage();
  const signerComplaints = cspComplaints(signer);
  const ceremony = await signer.goto(await service.signingUrl(packageId, "Signer"));
  expect(ceremony?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(ceremony?.headers()["referrer-policy"]).toBe("no-referrer");
  await acceptConsent(signer);
  // pdf.js drew the page (its worker, fonts and canvas under the policy).
  await expect(signer.locator("canvas").first()).toBeVisible();
  expect(signerComplaints).toEqual([]);

  const sender = await (await browser.newContext()).newPage();
  const senderComplaints = cspComplaints(sender);
  await signInWithApiKey(sender, service.apiKey);
  await expect(sender).toHaveURL(/\/packages/);
  const opened = await sender.goto(`/packages/${packageId}`);
  expect(opened?.headers()).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
  expect(opened?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(sender.getByTestId("package-name")).toHaveText("Policy contract");
  await sender.goto("/packages");
  await sender.getByRole("tab", { name: "In progress" }).click();
  await expect(sender.getByText("Policy contract").first()).toBeVisible();
  // The embedding sites, set in the console.
  await sender.goto("/account/integrations");
  const embedding = sender.getByTestId("embedded-signing");
  const sites = embedding.getByLabel("Sites allowed to frame the ceremony");
  await sites.fill("portal.example.com");
  await embedding.getByRole("button", { name: "Save sites" }).click();
  await expect(embedding.getByText("Not an origin: portal.example.com.", { exact: false })).toBeVisible();
  await sites.fill("https://portal.example.com\nhttps://intranet.example.com:8443/");
  await embedding.getByRole("button", { name: "Save sites" }).click();
  await expect(sender.getByText("The embedding sites were saved.")).toBeVisible();
  const saved = await service.json<{ embeddedSigningOrigins: string[] }>("GET", "/api/account/admin/accountSettings/packageSettings");
  expect(saved.embeddedSigningOrigins).toEqual(["https://portal.example.com", "https://intranet.example.com:8443"]);
  await expect(sites).toHaveValue("https://portal.example.com\nhttps://intranet.example.com:8443");
  expect(senderComplaints).toEqual([]);

  const api = await fetch(`${baseURL}/api/packages/${packageId}`, { headers: { authorization: `Basic ${service.apiKey}` } });
  expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  expect(api.headers.get("x-frame-options")).toBe("DENY");
  expect(api.headers.get("x-content-type-options")).toBe("nosniff");
});
