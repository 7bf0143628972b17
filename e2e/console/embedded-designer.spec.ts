import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../support/test";
import { makePdf } from "../../tests/support/pdfs";
import { ServiceClient } from "../support/service-client";

/**
 * The embedded designer (the original's DesignerRedirectForPackageSender): an integrator's page on
 * another origin (another port of the loopback address) frames the SDK's designer link
 * (`/auth?senderAuthenticationToken=…&target=…`). Framing is refused until the account lists that
 * origin; then the builder shows in the frame, the sender adds a signer and sends, and the frame
 * goes to the package's hand-over link (the integrator's return page) with the package and status.
 */

let service: ServiceClient;
let embedder: http.Server;
let embedderOrigin: string;
/** The address the integrator's page frames, set by each test. */
let framed = "about:blank";

test.beforeAll(async ({ baseURL }) => {
  embedder = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (request.url?.startsWith("/returned")) {
      response.end(`<!doctype html><title>Back</title><h1>Back at the portal</h1><p id="query">${new URL(request.url, "http://x").search.replace(/&/g, "&amp;").replace(/[<>"]/g, "")}</p>`);
      return;
    }
    response.end(`<!doctype html><title>Portal</title><h1>Partner portal</h1><iframe title="Designer" src="${framed.replace(/"/g, "&quot;")}" width="1280" height="900"></iframe>`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
  embedderOrigin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
  service = await ServiceClient.signUp(baseURL!, "Designer embedding test");
});

test.afterAll(async () => {
  await new Promise((resolve) => embedder.close(resolve));
});

/** A draft with one document and no signer yet, returning to the integrator's page; and the SDK's link to its designer. */
async function draftAndLink(baseURL: string, name: string): Promise<{ packageId: string; link: string }> {
  const payload = {
    name,
    type: "PACKAGE",
    documents: [{ id: "contract", name: "Contract" }],
    roles: [],
    settings: { ceremony: { handOver: { href: `${embedderOrigin}/returned`, text: "Back", title: "Back" } } },
  };
  const packageId = await service.createPackage(payload, [await makePdf({ pages: 1 })]);
  const { value } = await service.json<{ value: string }>("POST", "/api/authenticationTokens/sender", { packageId });
  const link = `${baseURL}/auth?senderAuthenticationToken=${encodeURIComponent(value)}&target=${encodeURIComponent(`${baseURL}/designer/${packageId}`)}`;
  return { packageId, link };
}

test("another origin frames the designer once the account lists it; the sender adds a signer, sends, and the frame returns to the portal", async ({ browser, baseURL }) => {
  // Not listed: the browser refuses to show the builder in the frame.
  const refusedDraft = await draftAndLink(baseURL!, "Refused framing");
  framed = refusedDraft.link;
  const refused = await (await browser.newContext()).newPage();
  const complaints: string[] = [];
  refused.on("console", (message) => {
    if (/frame-ancestors/i.test(message.text())) complaints.push(message.text());
  });
  await refused.goto(embedderOrigin, { waitUntil: "load" });
  await expect(refused.getByRole("heading", { name: "Partner portal" })).toBeVisible();
  await expect.poll(() => complaints.join("\n")).toContain("frame-ancestors 'self'");
  await expect(refused.frameLocator("iframe").getByRole("heading", { name: "Refused framing" })).toHaveCount(0);

  await service.json("PATCH", "/api/account/admin/accountSettings/packageSettings", { embeddedSigningOrigins: [embedderOrigin] });
  const { packageId, link } = await draftAndLink(baseURL!, "Framed design");
  framed = link;
  const page = await (await browser.newContext()).newPage();
  await page.goto(embedderOrigin);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: "Framed design" })).toBeVisible({ timeout: 30_000 });
  // The designer only: no console navigation, no way to the package page.
  await expect(frame.getByRole("link", { name: "Package page" })).toHaveCount(0);
  await expect(frame.getByTestId("designer-leave")).toBeVisible();

  const addForm = frame.getByTestId("add-signer-form");
  await addForm.getByLabel("First name").fill("Dana");
  await addForm.getByLabel("Last name").fill("Designer");
  await addForm.getByLabel("E-mail").fill("dana.designer@example.test");
  await addForm.getByRole("button", { name: "Add signer" }).click();
  await expect(frame.getByTestId("signer-name").filter({ hasText: "Dana Designer" })).toBeVisible();

  await frame.getByTestId("send-package").click();
  await expect(frame.getByRole("heading", { name: "Back at the portal" })).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator("#query")).toHaveText(`?package=${packageId}&status=PACKAGE_SEND`);
  expect(await service.packageStatus(packageId)).toBe("SENT");
});
