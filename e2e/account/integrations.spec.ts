import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { CallbackReceiver } from "../support/callback-receiver";
import { freePort, type Server, startServer, stopServer, waitUntilAnswering } from "../support/servers";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, signUpInConsole } from "../console/console-support";

/**
 * The account owner's API and integrations, verification types and outbox pages, as a new owner
 * uses them: their own key, a client application (its secret shown once, then revoked), a callback
 * to a receiver this test runs (a test event delivered, a failure, a resend), a verification type
 * switched off and on, an invitation e-mail in the outbox. A plain sender sees only their own key.
 *
 * The tests' usual server refuses callbacks to loopback over http, so these run on a server of
 * their own that allows them, with short retries so that a failure is final within seconds.
 */

const CALLBACK_SETTINGS = {
  CALLBACK_ALLOW_PRIVATE: "true",
  CALLBACK_HTTP_HOSTS: "127.0.0.1",
  CALLBACK_CONNECT_TIMEOUT_SECONDS: "1",
  CALLBACK_RESPONSE_TIMEOUT_SECONDS: "3",
  CALLBACK_MAX_ATTEMPTS: "2",
  CALLBACK_RETRY_BASE_SECONDS: "1",
};

const receiver = new CallbackReceiver();
let hookUrl = "";
let server: Server;
let dataDir = "";

test.beforeAll(async () => {
  hookUrl = await receiver.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-e2e-integrations-"));
  server = startServer(dataDir, await freePort(), CALLBACK_SETTINGS);
  await waitUntilAnswering(server);
});
test.afterAll(async () => {
  if (server) await stopServer(server);
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function consoleContext(browser: import("@playwright/test").Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  return context;
}

const deliveryRow = (page: Page, eventName: string): Locator => page.getByTestId("delivery-row").filter({ hasText: eventName });

test("an owner reveals their key, runs a client app and a callback with its delivery log, switches a verification type and reads the outbox", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await consoleContext(browser);
  const page = await context.newPage();
  const owner = await signUpInConsole(page, "Integrations test");

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "API and integrations" }).click();
  await page.waitForURL("**/account/integrations");
  await expect(page.getByRole("heading", { name: "API and integrations", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing delivered yet." })).toBeVisible();
  await expectAccessible(page, "the integrations page");

  // The own key: revealed on a click, copied, and it works.
  await expect(page.getByTestId("own-api-key")).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal your API key" }).click();
  const apiKey = await page.getByTestId("own-api-key").inputValue();
  const ownKeySection = page.getByRole("region", { name: "Your API key" });
  await ownKeySection.getByRole("button", { name: "Copy" }).click();
  await expect(ownKeySection.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
  const session = await fetch(`${server.url}/api/session`, { headers: { authorization: `Basic ${apiKey}` } });
  expect(session.status).toBe(200);
  const { user, account } = (await session.json()) as { user: { email: string }; account: { id: string } };
  expect(user.email).toBe(owner.email);
  await page.getByRole("button", { name: "Hide the key" }).click();
  await expect(page.getByTestId("own-api-key")).toHaveCount(0);
  const service = ServiceClient.forKey(server.url, apiKey, owner.email);

  // A client application: its secret once, a token with it, then revoked.
  const apps = page.getByRole("region", { name: "Client applications" });
  await expect(apps.getByRole("heading", { name: "No client applications yet." })).toBeVisible();
  await apps.getByRole("button", { name: "New client application" }).first().click();
  const newApp = page.getByRole("dialog", { name: "New client application" });
  await newApp.getByRole("button", { name: "Create application" }).click();
  await expect(newApp.getByText("is required")).toBeVisible();
  await expectAccessible(page, "the new client application dialog");
  await newApp.getByLabel("Name").fill("Billing bridge");
  await newApp.getByRole("button", { name: "Create application" }).click();
  const created = page.getByRole("dialog", { name: "Billing bridge is created" });
  await expect(created).toContainText("This is the only time it is shown");
  const clientId = await created.getByTestId("client-app-id").inputValue();
  const secret = await created.getByTestId("client-app-secret").inputValue();
  await page.screenshot({ path: "test-results/account-integrations-client-secret.png" });
  await expectAccessible(page, "the client application secret");
  const exchange = await fetch(`${server.url}/apitoken/clientApp/accessToken`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientId, secret, type: "OWNER" }),
  });
  expect(exchange.status).toBe(200);
  const { accessToken } = (await exchange.json()) as { accessToken: string };
  const asApp = () => fetch(`${server.url}/api/session`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect((await asApp()).status).toBe(200);
  await created.getByRole("button", { name: "Done" }).click();
  const appRow = page.getByTestId("client-app-row").filter({ hasText: "Billing bridge" });
  await expect(appRow.getByTestId("client-app-status")).toHaveAttribute("data-status", "ACTIVE");
  expect(await page.content()).not.toContain(secret);

  await appRow.getByRole("button", { name: "Revoke Billing bridge" }).click();
  const revoke = page.getByRole("dialog", { name: "Revoke Billing bridge?" });
  await expect(revoke).toContainText("cannot be undone");
  await expectAccessible(page, "the revoke dialog");
  await revoke.getByRole("button", { name: "Revoke application" }).click();
  await expect(revoke).toBeHidden();
  await expect(appRow.getByTestId("client-app-status")).toHaveAttribute("data-status", "REVOKED");
  await expect(appRow.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  expect((await asApp()).status).toBe(401);

  // The callback: the form checks the API's rules, then registers two events with a key.
  const callback = page.getByRole("region", { name: "Callback" });
  await expect(callback.getByRole("button", { name: "Send test event" })).toHaveCount(0);
  await callback.getByRole("button", { name: "Register destination" }).click();
  await expect(callback.getByText("is required")).toBeVisible();
  await expect(callback.getByText("must name at least one event")).toBeVisible();
  await callback.getByLabel("Destination URL").fill(hookUrl);
  await callback.getByLabel("Key", { exact: true }).fill("hook-secret");
  await expect(callback.getByText("A package completed the signing process.")).toBeVisible();
  const eventBoxes = callback.getByRole("group", { name: "Events" }).getByRole("checkbox");
  await expect(eventBoxes).toHaveCount(21);
  await callback.getByRole("button", { name: "Select all" }).click();
  await expect(callback.getByRole("group", { name: "Events" }).getByRole("checkbox", { checked: true })).toHaveCount(21);
  await expect(callback.getByText("must name at least one event")).toHaveCount(0);
  await callback.getByRole("button", { name: "Clear" }).click();
  await expect(callback.getByRole("group", { name: "Events" }).getByRole("checkbox", { checked: true })).toHaveCount(0);
  await callback.getByRole("checkbox", { name: /^PACKAGE_CREATE/ }).check();
  await callback.getByRole("checkbox", { name: /^PACKAGE_COMPLETE/ }).check();
  await callback.getByRole("button", { name: "Register destination" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The callback registration was saved." })).toBeVisible();
  await expect(callback.getByRole("button", { name: "Send test event" })).toBeEnabled();
  const registered = await service.json<{ url: string; key: string; events: string[] }>("GET", "/api/callback");
  expect({ ...registered, events: [...registered.events].sort() }).toEqual({ url: hookUrl, key: "hook-secret", events: ["PACKAGE_COMPLETE", "PACKAGE_CREATE"] });
  await expect(callback.getByRole("checkbox", { name: /^PACKAGE_CREATE/ })).toBeChecked();
  await expectAccessible(page, "the registered callback");

  // A test event reaches the receiver and shows as delivered.
  await callback.getByRole("button", { name: "Send test event" }).click();
  await expect.poll(() => receiver.received.filter((entry) => entry.body.name === "CALLBACK_TEST").length, { timeout: 20_000 }).toBe(1);
  const testEvent = receiver.received.find((entry) => entry.body.name === "CALLBACK_TEST")!;
  expect(testEvent.authorization).toBe("Basic hook-secret");
  await expect(deliveryRow(page, "CALLBACK_TEST").getByTestId("delivery-status")).toHaveAttribute("data-status", "DELIVERED", { timeout: 20_000 });
  expect(await deliveryRow(page, "CALLBACK_TEST").getAttribute("data-delivery-id")).toBe(testEvent.deliveryId);

  // A real event the registration subscribes to arrives too.
  await service.json("POST", "/api/packages", { name: `Callback package ${randomBytes(3).toString("hex")}`, type: "PACKAGE", status: "DRAFT" });
  await expect.poll(() => receiver.received.filter((entry) => entry.body.name === "PACKAGE_CREATE").length, { timeout: 20_000 }).toBe(1);
  await page.reload();
  await expect(deliveryRow(page, "PACKAGE_CREATE").getByTestId("delivery-status")).toHaveAttribute("data-status", "DELIVERED", { timeout: 20_000 });

  // The receiver fails: after its two attempts the test event is FAILED, with the reason.
  receiver.status = 503;
  await callback.getByRole("button", { name: "Send test event" }).click();
  const failedRow = page.getByTestId("delivery-row").filter({ hasText: "CALLBACK_TEST" }).filter({ has: page.locator('[data-status="FAILED"]') });
  await expect(failedRow).toHaveCount(1, { timeout: 30_000 });
  await expect(failedRow.getByTestId("delivery-error")).toContainText("HTTP 503");
  await failedRow.getByTestId("delivery-attempts").click();
  await expect(failedRow.getByTestId("delivery-attempts")).toHaveText("2 attempts");
  await expect(failedRow.getByText("HTTP 503, ")).toHaveCount(2);
  const failedId = await failedRow.getAttribute("data-delivery-id");
  await page.screenshot({ path: "test-results/account-integrations-failed-delivery.png", fullPage: true });
  await expectAccessible(page, "the delivery log with a failed delivery");

  // Back up: resent, it is delivered.
  receiver.status = 200;
  await failedRow.getByRole("button", { name: /^Resend CALLBACK_TEST/ }).click();
  const resentRow = page.locator(`[data-testid="delivery-row"][data-delivery-id="${failedId}"]`);
  await expect(resentRow.getByTestId("delivery-status")).toHaveAttribute("data-status", "DELIVERED", { timeout: 20_000 });
  await expect(resentRow.getByTestId("delivery-attempts")).toHaveText("3 attempts");
  expect(receiver.received.filter((entry) => entry.deliveryId === failedId && entry.body.name === "CALLBACK_TEST")).toHaveLength(3);
  await page.screenshot({ path: "test-results/account-integrations.png", fullPage: true });

  // A phone: the log as cards, the page still usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(resentRow.getByTestId("delivery-status")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test event" })).toBeVisible();
  await page.screenshot({ path: "test-results/account-integrations-phone.png", fullPage: true });
  await expectAccessible(page, "the integrations page on a phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing the registration, after confirming.
  await callback.getByRole("button", { name: "Remove registration" }).click();
  const removal = page.getByRole("dialog", { name: "Remove the callback registration?" });
  await expectAccessible(page, "the remove dialog");
  await removal.getByRole("button", { name: "Remove registration" }).click();
  await expect(removal).toBeHidden();
  await expect(callback.getByRole("button", { name: "Register destination" })).toBeVisible();
  expect((await service.call("GET", "/api/callback")).status).toBe(204);

  // Verification types: iDIN activated, then deactivated; the built-in code has no switch.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Verification types" }).click();
  await page.waitForURL("**/account/verification");
  await expect(page.getByRole("heading", { name: "Verification types", level: 1 })).toBeVisible();
  const idin = page.getByTestId("verification-type").filter({ hasText: "IDIN" });
  const emailOtp = page.getByTestId("verification-type").filter({ hasText: "EMAIL_OTP" });
  await expect(emailOtp.getByTestId("verification-status")).toHaveAttribute("data-status", "ACTIVATED");
  await expect(emailOtp.getByRole("button")).toHaveCount(0);
  await expect(idin.getByTestId("verification-status")).toHaveAttribute("data-status", "NOT_ACTIVATED");
  await expectAccessible(page, "the verification types page");
  const activatedIds = async () => (await service.json<{ results: { id: string }[] }>("GET", `/api/account/${account.id}/verificationTypes`)).results.map((type) => type.id);
  await idin.getByRole("button", { name: /^Activate/ }).click();
  await expect(idin.getByTestId("verification-status")).toHaveAttribute("data-status", "ACTIVATED");
  expect(await activatedIds()).toEqual(["IDIN", "EMAIL_OTP"]);
  await idin.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(idin.getByTestId("verification-status")).toHaveAttribute("data-status", "NOT_ACTIVATED");
  expect(await activatedIds()).toEqual(["EMAIL_OTP"]);
  await idin.getByRole("button", { name: /^Activate/ }).click();
  await expect(idin.getByTestId("verification-status")).toHaveAttribute("data-status", "ACTIVATED");
  await expect(page.getByTestId("verification-summary")).toHaveText("2 of 15 activated");
  await page.screenshot({ path: "test-results/account-verification.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/account-verification-phone.png", fullPage: true });
  await expectAccessible(page, "the verification types page on a phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The outbox: the invitation (no SMTP server here: kept), and the notice of the failing callback.
  const invitee = `ivy-${randomBytes(4).toString("hex")}@example.test`;
  await service.json("POST", "/api/account/senders", { email: invitee, firstName: "Ivy", lastName: "Invitee" });
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Outbox" }).click();
  await page.waitForURL("**/account/outbox");
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  const rows = page.getByTestId("outbox-row");
  await expect(rows.first()).toContainText(invitee);
  await expect(rows.first()).toContainText("invited you to Integrations test");
  await expect(rows.first().getByTestId("outbox-status")).toHaveAttribute("data-status", "KEPT", { timeout: 20_000 });
  await expect(rows.filter({ hasText: "Event notifications to" })).toContainText(owner.email);
  await expect(page.getByRole("note")).toContainText("E-mail is not configured");
  // The e-mail itself can be read, except the activation link, which is the invitee's alone.
  const invitation = rows.first().getByTestId("outbox-body");
  await invitation.getByText("Show the e-mail").click();
  await expect(invitation.locator("pre")).toContainText("invited you to send documents for signature");
  await expect(invitation.locator("pre")).toContainText("Activate your account: [link for the recipient only]");
  await expect(invitation.locator("pre")).not.toContainText("http");
  await page.screenshot({ path: "test-results/account-outbox.png", fullPage: true });
  await expectAccessible(page, "the outbox");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toContainText(invitee);
  await page.screenshot({ path: "test-results/account-outbox-phone.png", fullPage: true });
  await expectAccessible(page, "the outbox on a phone");
  await context.close();
});

test("a plain sender sees and copies only their own key; the other areas tell them they have no access", async ({ browser }) => {
  const owner = await ServiceClient.signUp(server.url, "Plain integrations test");
  const email = `sam-${randomBytes(4).toString("hex")}@example.test`;
  const invited = await owner.json<{ id: string; activationUrl: string }>("POST", "/api/account/senders", { email, firstName: "Sam", lastName: "Plain" });
  const token = new URL(invited.activationUrl).pathname.split("/").pop()!;
  const activation = await fetch(`${server.url}/api/account/activation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, password: "sam-pass-42" }),
  });
  expect(activation.status).toBe(200);
  const samKey = (await owner.json<{ apiKey: string }>("GET", `/api/account/senders/${invited.id}/apiKey`)).apiKey;

  const context = await consoleContext(browser);
  const page = await context.newPage();
  await signInWithPassword(page, email, "sam-pass-42");
  await page.waitForURL("**/packages");
  await page.goto("/account/integrations");
  await expect(page.getByRole("heading", { name: "API and integrations", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Client applications" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Callback" })).toHaveCount(0);
  await page.getByRole("button", { name: "Reveal your API key" }).click();
  await expect(page.getByTestId("own-api-key")).toHaveValue(samKey);
  await page.screenshot({ path: "test-results/account-integrations-sender.png", fullPage: true });
  await expectAccessible(page, "a plain sender's integrations page");

  for (const [href, heading] of [
    ["/account/verification", "You don't have access to verification types"],
    ["/account/outbox", "You don't have access to the outbox"],
  ]) {
    await page.goto(href);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expectAccessible(page, `the forbidden ${href}`);
  }
  await context.close();
});

test("an owner adds a callback connector, sends it a test event, follows it in the log, edits and removes it", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await consoleContext(browser);
  const page = await context.newPage();
  await signUpInConsole(page, "Connectors test");
  await page.goto("/account/integrations");
  const connectors = page.getByRole("region", { name: "Connectors" });
  await expect(connectors.getByText("No connectors: only the callback above is notified.")).toBeVisible();

  // The form checks the API's rules before it sends.
  await connectors.getByRole("button", { name: "Add connector" }).click();
  const form = connectors.getByRole("form", { name: "New callback connector" });
  await form.getByLabel("Name", { exact: true }).fill("9lives");
  await form.getByRole("button", { name: "Add connector" }).click();
  await expect(form.getByText("starts with a letter")).toBeVisible();
  await expect(form.getByText("must name at least one event")).toBeVisible();
  await form.getByLabel("Name", { exact: true }).fill("dynamics2013");
  await form.getByLabel("Destination URL").fill(`${hookUrl}?connector=dynamics2013`);
  await form.getByLabel("Key", { exact: true }).fill("1234");
  await form.getByRole("checkbox", { name: /^PACKAGE_CREATE/ }).check();
  await expectAccessible(page, "the new connector form");
  await form.getByRole("button", { name: "Add connector" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The callback connector dynamics2013 was saved." })).toBeVisible();
  const row = connectors.getByTestId("connector-row").filter({ hasText: "dynamics2013" });
  await expect(row).toContainText("1 event: PACKAGE_CREATE");

  // A test event to it arrives with its key, and the log says which connector it went to.
  const before = receiver.received.length;
  await row.getByRole("button", { name: "Send test event to dynamics2013" }).click();
  await expect.poll(() => receiver.received.slice(before).filter((entry) => entry.authorization === "Basic 1234").length, { timeout: 20_000 }).toBe(1);
  const delivered = deliveryRow(page, "CALLBACK_TEST").filter({ hasText: "to connector dynamics2013" });
  await expect(delivered.getByTestId("delivery-status")).toHaveAttribute("data-status", "DELIVERED", { timeout: 20_000 });
  await page.screenshot({ path: "test-results/account-integrations-connectors.png", fullPage: true });
  await expectAccessible(page, "the connectors and their deliveries");

  // Edited: another event; the service keeps what the form saved.
  await row.getByRole("button", { name: "Edit dynamics2013" }).click();
  const edit = connectors.getByRole("form", { name: "Callback connector dynamics2013" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue("dynamics2013");
  await edit.getByRole("checkbox", { name: /^PACKAGE_COMPLETE/ }).check();
  await edit.getByRole("button", { name: "Save connector" }).click();
  await expect(row).toContainText("2 events");
  const apiKey = await ownKey(page);
  const saved = await fetch(`${server.url}/api/callback/connectors/dynamics2013`, { headers: { authorization: `Basic ${apiKey}` } });
  const body = (await saved.json()) as { events: string[]; key: string };
  expect({ ...body, events: [...body.events].sort() }).toMatchObject({ key: "1234", events: ["PACKAGE_COMPLETE", "PACKAGE_CREATE"] });

  // Removed, after confirming.
  await row.getByRole("button", { name: "Remove dynamics2013" }).click();
  const removal = page.getByRole("dialog", { name: "Remove the connector dynamics2013?" });
  await removal.getByRole("button", { name: "Remove connector" }).click();
  await expect(removal).toBeHidden();
  await expect(connectors.getByTestId("connector-row")).toHaveCount(0);
  expect((await fetch(`${server.url}/api/callback/connectors/dynamics2013`, { headers: { authorization: `Basic ${apiKey}` } })).status).toBe(404);
  await context.close();
});

/** The signed-in user's own key, as the page reveals it. */
async function ownKey(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Reveal your API key" }).click();
  const key = await page.getByTestId("own-api-key").inputValue();
  await page.getByRole("button", { name: "Hide the key" }).click();
  return key;
}
