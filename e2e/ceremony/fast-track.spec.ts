import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { titledPdf } from "../console/console-support";
import { freePort, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";
import { acceptConsent } from "../support/signer";

/**
 * Fast track as a visitor meets it: the template's public link asks who they are, makes the
 * package and opens their ceremony.
 */
async function waiverTemplate(owner: ServiceClient): Promise<string> {
  return owner.createPackage(
    {
      name: "Volunteer waiver",
      type: "TEMPLATE",
      roles: [{ id: "Volunteer", name: "Volunteer", signers: [] }],
      documents: [{ id: "waiver", name: "Waiver", approvals: [{ role: "Volunteer", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: 0, left: 100, top: 600, width: 200, height: 50 }] }] }],
    },
    [await titledPdf("Waiver")],
  );
}

test("a visitor opens a template's fast track link, says who they are and goes on to sign", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Fast track");
  const templateId = await waiverTemplate(owner);
  const { url } = await owner.json<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`);

  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole("heading", { name: "Volunteer waiver" })).toBeVisible();
  await page.getByLabel("First name").fill("Vera");
  await page.getByLabel("Last name").fill("Visitor");
  await page.getByLabel("E-mail").fill("vera@example.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL("**/sign/**");
  await acceptConsent(page);

  // The package is the template sender's, out for signing with the visitor as its signer.
  const packageId = new URL(page.url()).pathname.split("/").pop()!;
  const pkg = await owner.json<{ status: string; roles: { id: string; signers: { email: string }[] }[] }>("GET", `/api/packages/${packageId}`);
  expect(pkg.status).toBe("SENT");
  expect(pkg.roles.find((role) => role.id === "Volunteer")!.signers[0].email).toBe("vera@example.test");

  // A link that is not one says so.
  await page.goto("/fasttrack?token=made-up");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

/**
 * The limits, through the running server and its settings: past the template's hourly limit
 * (here 1) the visitor is told to wait, nothing is made, and the owner is e-mailed once.
 */
test("past its limit a fast track link makes nothing more, says so, and tells the template's owner once", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-fast-track-"));
  const server = startServer(dataDir, await freePort(), { FAST_TRACK_PER_LINK_PER_HOUR: "1" });
  try {
    await waitUntilAnswering(server);
    const owner = await ServiceClient.signUp(server.url, "Fast track limit");
    const templateId = await waiverTemplate(owner);
    const { url } = await owner.json<{ url: string }>("GET", `/api/fastTrack/${templateId}/url?signing=true`);
    const token = new URL(url).searchParams.get("token")!;
    const visitor = (email: string) => [{ id: "Volunteer", name: "Volunteer", signers: [{ email, firstName: "Vera", lastName: "Visitor" }] }];
    const start = (email: string) => fetch(`${server.url}/api/fastTrack?token=${token}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(visitor(email)) });

    expect((await start("first@example.test")).status).toBe(200);
    const refused = await start("second@example.test");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ messageKey: "error.tooManyRequests.fastTrack" });

    // The visitor's page says why, and stays on the form.
    await page.goto(url);
    await page.getByLabel("First name").fill("Tess");
    await page.getByLabel("Last name").fill("Third");
    await page.getByLabel("E-mail").fill("third@example.test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("This fast track link has made too many packages for now")).toBeVisible();

    const packages = await owner.json<{ count: number }>("GET", "/api/packages?type=PACKAGE&from=1&to=10");
    expect(packages.count).toBe(1);
    const outbox = await owner.json<{ results: { kind: string; to: string; subject: string }[] }>("GET", "/api/account/outbox?from=1&to=50");
    const notices = outbox.results.filter((message) => message.kind === "FAST_TRACK_LIMITED");
    expect(notices).toEqual([expect.objectContaining({ to: owner.email, subject: 'The fast track link of "Volunteer waiver" reached its limit' })]);
    expect(outbox.results.filter((message) => message.kind === "SIGNING_INVITATION").map((message) => message.to)).toEqual(["first@example.test"]);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
