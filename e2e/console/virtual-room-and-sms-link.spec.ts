import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/test";
import { startTwilioServer, type TwilioTestServer } from "../../tests/support/twilio-server";
import { oneSignatureEachPackage, person } from "../support/package-payloads";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";
import { acceptConsent, openCeremony } from "../support/signer";
import { signUpInConsole, titledPdf } from "./console-support";

/**
 * Issue 33, items 7 and 8, met by people: the sender sets a package's virtual room on its page and
 * the host sees the session's schedule in their ceremony, then names themself host instead; the sender texts a signer their signing
 * link from the package page, the fake Twilio receives it, and the link in the message opens the
 * ceremony. The built server is started here with the TWILIO_* settings pointing at the fake.
 */

test.describe.configure({ timeout: 180_000 });

const ACCOUNT_SID = "AC0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2";
const AUTH_TOKEN = "e2e-sms-link-token";

let twilio: TwilioTestServer;
let server: Server;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  twilio = await startTwilioServer(ACCOUNT_SID, AUTH_TOKEN);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-room-"));
  server = startServer(dataDir, await freePort(), {
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: "+15005550006",
    TWILIO_API_URL: twilio.url,
    LOG_LEVEL: "warn",
  });
  await waitUntilAnswering(server);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await twilio?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the sender sets the virtual room on the package page; the host sees the session in their ceremony", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = await signUpInConsole(page, "Virtual room test");
  const service = await ServiceClient.signIn(server.url, user.email, user.password);
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "Hosted closing",
      document: { id: "deed", name: "Deed" },
      roles: [
        { id: "Hana", index: 1, signers: [person("Hana", "Host")] },
        { id: "Gus", index: 1, signers: [person("Gus", "Guest")] },
      ],
    }),
    [await titledPdf("Hosted closing")],
  );

  await page.goto(`/packages/${packageId}`);
  const section = page.getByTestId("virtual-room");
  await expect(section.getByText("Signet runs no video conference")).toBeVisible();
  await section.getByLabel("Starts at (UTC)").fill("2030-03-14T15:30");
  await section.getByLabel("Host").selectOption({ label: "Hana Host" });
  await section.getByTestId("save-virtual-room").click();
  await expect(page.getByRole("status").filter({ hasText: "The virtual room was saved." })).toBeVisible();
  expect(await service.json("GET", `/api/packages/${packageId}/virtual-room/config`)).toEqual({
    video: false,
    videoRecording: false,
    startDatetime: "2030-03-14T15:30:00.000Z",
    hostUid: "Hana",
  });
  await service.send(packageId);

  const host = await openCeremony(browser, await service.signingUrl(packageId, "Hana"));
  await expect(host.getByTestId("virtual-room")).toHaveText("You host this signing session: 2030-03-14 15:30 UTC", { timeout: 30_000 });
  await host.screenshot({ path: test.info().outputPath("virtual-room-host.png"), animations: "disabled" });
  const guest = await openCeremony(browser, await service.signingUrl(packageId, "Gus"));
  await expect(guest.getByTestId("virtual-room")).toHaveText("Signing session 2030-03-14 15:30 UTC, hosted by Hana Host", { timeout: 30_000 });

  // The sender may host it too: picked on the package page, stored as their user id, named to the signers.
  const senderId = (await service.json<{ sender: { id: string } }>("GET", `/api/packages/${packageId}`)).sender.id;
  await section.getByLabel("Host").selectOption({ label: `${user.firstName} ${user.lastName} (the sender)` });
  await section.getByTestId("save-virtual-room").click();
  await expect(page.getByRole("status").filter({ hasText: "The virtual room was saved." }).last()).toBeVisible();
  await expect.poll(async () => (await service.json<{ hostUid?: string }>("GET", `/api/packages/${packageId}/virtual-room/config`)).hostUid).toBe(senderId);
  await guest.reload();
  await expect(guest.getByTestId("virtual-room")).toHaveText(`Signing session 2030-03-14 15:30 UTC, hosted by ${user.firstName} ${user.lastName}`, { timeout: 30_000 });
  await host.context().close();
  await guest.context().close();
  await context.close();
});

test("the sender texts a signer their link from the package page; the link in the message opens the ceremony", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = await signUpInConsole(page, "SMS link test");
  const service = await ServiceClient.signIn(server.url, user.email, user.password);
  const packageId = await service.createPackage(
    oneSignatureEachPackage({
      name: "Lease by text",
      document: { id: "lease", name: "Lease" },
      roles: [{ id: "Tina", index: 1, signers: [{ ...person("Tina", "Tenant"), phone: "+1 514 555 0199" }] }],
    }),
    [await titledPdf("Lease by text")],
  );
  await service.send(packageId);

  await page.goto(`/packages/${packageId}`);
  const before = twilio.messages.length;
  await page.getByRole("button", { name: "Text signing link to Tina Tenant" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A signing link was texted to Tina Tenant." })).toBeVisible();
  await expect.poll(() => twilio.messages.length).toBe(before + 1);
  const message = twilio.messages[before]!;
  expect(message.to).toBe("+15145550199");
  // A second click within the minute is refused, and says how long to wait.
  await page.getByRole("button", { name: "Text signing link to Tina Tenant" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "60 seconds" })).toBeVisible();
  expect(twilio.messages.length).toBe(before + 1);

  const link = /(http:\/\/\S+)/.exec(message.body)?.[1];
  expect(link, `a link in "${message.body}"`).toBeTruthy();
  const signer = await openCeremony(browser, link!);
  await acceptConsent(signer);
  await expect(signer.getByRole("button", { name: "Signature (required)" })).toBeVisible();
  await signer.context().close();
  await context.close();
});
