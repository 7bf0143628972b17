import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, signUpInConsole } from "../console/console-support";

/**
 * The account owner's senders page, as a new owner uses it: invite a sender and hand them the
 * invitation link, the sender activates in their own browser, the owner edits them, reveals their
 * key, gives them a role, opens their packages, and deleting them while they have a draft locks
 * them. A plain sender's menus leave senders out, and the page tells them so.
 */

const rowOf = (page: Page, email: string) => page.getByTestId("sender-row").filter({ hasText: email });

async function openAction(page: Page, senderName: string, action: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${senderName}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test("an owner invites a sender who activates, edits and reveals them, and deleting them with a draft locks them", async ({ page, browser, request }) => {
  await signUpInConsole(page, "Admin test");
  const suffix = randomBytes(4).toString("hex");
  const jane = { email: `jane-${suffix}@example.test`, password: "jane-pass-42" };

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
  await page.waitForURL("**/account/senders");
  await expect(page.getByRole("heading", { name: "Senders" })).toBeVisible();
  await expect(page.getByTestId("sender-row")).toHaveCount(1); // the owner
  // Their own row is marked, without what the service refuses on oneself; the menu works by keyboard.
  const ownRow = page.getByTestId("sender-row").filter({ has: page.getByTestId("you") });
  await expect(ownRow).toHaveCount(1);
  await ownRow.getByRole("button", { name: /^Actions for/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Edit details" })).toBeFocused();
  await expect(page.getByRole("menuitem", { name: "Delete sender" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expectAccessible(page, "the senders page");

  // Invite, with the API's own rules checked in the form first.
  await page.getByRole("button", { name: "Invite a sender" }).first().click();
  const invite = page.getByRole("dialog", { name: "Invite a sender" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("must be an e-mail address")).toBeVisible();
  await expectAccessible(page, "the invite dialog");
  await invite.getByLabel("E-mail").fill(jane.email);
  await invite.getByLabel("First name").fill("Jane");
  await invite.getByLabel("Last name").fill("Sender");
  await invite.getByLabel("Company").fill("Acme");
  await invite.getByLabel("Title").fill("Clerk");
  await invite.getByRole("button", { name: "Send invitation" }).click();

  // No SMTP server in these tests: the e-mail is kept, and the page says to hand on the link.
  const invited = page.getByRole("dialog", { name: "Jane Sender is invited" });
  await expect(invited.getByTestId("invitation-delivery")).toHaveAttribute("data-status", "KEPT", { timeout: 20_000 });
  await expect(invited.getByTestId("invitation-delivery")).toContainText("E-mail is not configured");
  const link = await invited.getByTestId("invitation-link").inputValue();
  expect(link).toContain("/activate/");
  await page.screenshot({ path: "test-results/account-senders-invitation.png" });
  await expectAccessible(page, "the invitation link");
  await invited.getByRole("button", { name: "Done" }).click();
  await expect(rowOf(page, jane.email).getByTestId("sender-status")).toHaveAttribute("data-status", "INVITED");

  // Search lives in the address.
  await page.getByLabel("Search senders").fill("jane-");
  await page.waitForURL(/search=jane-/);
  await expect(page.getByTestId("sender-row")).toHaveCount(1);

  // Jane activates from the link in her own browser.
  const janeContext = await browser.newContext();
  const janePage = await janeContext.newPage();
  await janePage.goto(new URL(link).pathname);
  await janePage.getByLabel("Password", { exact: true }).fill(jane.password);
  await janePage.getByLabel("Confirm password").fill(jane.password);
  await janePage.getByRole("button", { name: /activate/i }).click();
  await expect(janePage.getByRole("status")).toContainText("is active");
  await janeContext.close();
  await page.reload();
  await expect(rowOf(page, jane.email).getByTestId("sender-status")).toHaveAttribute("data-status", "ACTIVE");

  // Edit: the e-mail is shown and cannot change.
  await openAction(page, "Jane Sender", "Edit details");
  const edit = page.getByRole("dialog", { name: "Edit Jane Sender" });
  await expect(edit.getByLabel("E-mail")).toHaveValue(jane.email);
  await expect(edit.getByLabel("E-mail")).toBeDisabled();
  await expect(edit.getByText("cannot change")).toBeVisible();
  await expectAccessible(page, "the edit dialog");
  await edit.getByLabel("Title").fill("Head of Sales");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, jane.email)).toContainText("Acme · Head of Sales");

  // The key, only after confirming.
  await openAction(page, "Jane Sender", "Reveal API key");
  const keyDialog = page.getByRole("dialog", { name: "API key of Jane Sender" });
  await expect(keyDialog.getByTestId("sender-api-key")).toHaveCount(0);
  await expectAccessible(page, "the API key confirmation");
  await keyDialog.getByRole("button", { name: "Reveal the key" }).click();
  const apiKey = await keyDialog.getByTestId("sender-api-key").inputValue();
  expect((await request.get("/api/session", { headers: { authorization: `Basic ${apiKey}` } })).status()).toBe(200);
  await keyDialog.getByRole("button", { name: "Done" }).click();

  // Account roles: Jane starts as a Sender; the owner makes her a Manager too.
  await openAction(page, "Jane Sender", "Account roles");
  const rolesDialog = page.getByRole("dialog", { name: "Account roles of Jane Sender" });
  await expect(rolesDialog.getByRole("checkbox", { name: /^Sender/ })).toBeChecked();
  await expect(rolesDialog.getByRole("checkbox", { name: /^Manager/ })).not.toBeChecked();
  await expectAccessible(page, "the roles dialog");
  await rolesDialog.getByRole("checkbox", { name: /^Manager/ }).check();
  await rolesDialog.getByRole("button", { name: "Save roles" }).click();
  await expect(rolesDialog).toBeHidden();
  await openAction(page, "Jane Sender", "Account roles");
  await expect(rolesDialog.getByRole("checkbox", { name: /^Manager/ })).toBeChecked();
  await rolesDialog.getByRole("button", { name: "Cancel" }).click();

  // Jane makes a draft (through the API, with her key); the owner opens her packages.
  const draft = await request.post("/api/packages", {
    headers: { authorization: `Basic ${apiKey}` },
    data: { name: `Jane's draft ${suffix}`, type: "PACKAGE", status: "DRAFT" },
  });
  expect(draft.status(), await draft.text()).toBeLessThan(300);
  await openAction(page, "Jane Sender", "Open their packages");
  await page.waitForURL(/\/packages\?ownerEmail=/);
  await expect(page.getByRole("heading", { name: `Packages of ${jane.email}` })).toBeVisible();
  await page.getByRole("tab", { name: "Drafts" }).click();
  await expect(page.getByRole("link", { name: `Jane's draft ${suffix}` })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("ownerEmail")).toBe(jane.email);
  await page.getByRole("link", { name: "Back to senders" }).click();
  await page.waitForURL("**/account/senders");

  // Deleting her while she has a draft locks her instead.
  await openAction(page, "Jane Sender", "Delete sender");
  const deletion = page.getByRole("dialog", { name: "Delete Jane Sender?" });
  await expect(deletion).toContainText("locked instead of deleted");
  await expectAccessible(page, "the delete dialog");
  await deletion.getByRole("button", { name: "Delete sender" }).click();
  await expect(page.getByRole("status").filter({ hasText: "locked instead of deleted" })).toBeVisible();
  await expect(rowOf(page, jane.email).getByTestId("sender-status")).toHaveAttribute("data-status", "LOCKED");
  await expect(rowOf(page, jane.email)).toContainText("Locked");
  await expect(rowOf(page, jane.email)).toContainText("can read, cannot change anything");
  await page.screenshot({ path: "test-results/account-senders.png", fullPage: true });
  await expectAccessible(page, "the senders page with a locked sender");

  // A phone: cards, the menu folded.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, jane.email)).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await page.screenshot({ path: "test-results/account-senders-phone.png", fullPage: true });
  await expectAccessible(page, "the senders page on a phone");
});

test("a plain sender's menus offer only the account areas their roles reach, and the senders page says they have no access", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Plain sender test");
  const suffix = randomBytes(4).toString("hex");
  const email = `sam-${suffix}@example.test`;
  const invited = await owner.json<{ activationUrl: string }>("POST", "/api/account/senders", { email, firstName: "Sam", lastName: "Plain" });
  const token = new URL(invited.activationUrl).pathname.split("/").pop()!;
  const activation = await fetch(`${baseURL}/api/account/activation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, password: "sam-pass-42" }),
  });
  expect(activation.status).toBe(200);

  await signInWithPassword(page, email, "sam-pass-42");
  await page.waitForURL("**/packages");
  await page.goto("/account/senders");
  await expect(page.getByRole("heading", { name: "You don't have access to senders" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Senders", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to your packages" })).toBeVisible();
  // A Sender's role lets them see groups, and everyone has their own API key: nothing else.
  const accountNav = page.getByRole("navigation", { name: "Account" });
  await expect(accountNav.getByRole("link")).toHaveText(["Groups", "API and integrations", "Password", "Delegates", "Notary"]);
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account/groups");
  await page.screenshot({ path: "test-results/account-senders-forbidden.png", fullPage: true });
  await expectAccessible(page, "the forbidden senders page");
});

test("an owner sets another sender's notary commission from Account › Senders, and the sender sees it on their Notary page", async ({ page, browser, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Commission test");
  const suffix = randomBytes(4).toString("hex");
  const email = `nina-${suffix}@example.test`;
  const invited = await owner.json<{ id: string; activationUrl: string }>("POST", "/api/account/senders", { email, firstName: "Nina", lastName: "Notary" });
  const token = new URL(invited.activationUrl).pathname.split("/").pop()!;
  const activation = await fetch(`${baseURL}/api/account/activation`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password: "nina-pass-42" }) });
  expect(activation.status).toBe(200);

  await signInWithPassword(page, owner.email, "ceremony-test-42");
  await page.waitForURL("**/packages");
  await page.goto("/account/senders");
  // One's own commission is set on the Notary page, not here.
  await page.getByTestId("sender-row").filter({ has: page.getByTestId("you") }).getByRole("button", { name: /^Actions for/ }).click();
  await expect(page.getByRole("menuitem", { name: "Notary commission" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await openAction(page, "Nina Notary", "Notary commission");
  const dialog = page.getByRole("dialog", { name: "Notary commission of Nina Notary" });
  await expect(dialog.getByText("No commission on file.")).toBeVisible();
  await expectAccessible(page, "the notary commission dialog");
  // The form's own checks first, then the service's answer.
  await dialog.getByRole("button", { name: "Save commission" }).click();
  await expect(dialog.getByText("The commission number is a whole number above 0.")).toBeVisible();
  await dialog.getByLabel("Commission number").fill("31");
  await dialog.getByLabel("Jurisdiction").fill("Quebec");
  await dialog.getByLabel("Commission expires").fill("2031-03-31");
  await dialog.getByRole("button", { name: "Save commission" }).click();
  await expect(dialog.getByText("Commission No. 31 is on file, in force until 2031-03-31.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The notary commission of Nina Notary was saved." })).toBeVisible();
  expect(await owner.json("GET", `/api/account/senders/${invited.id}/notaryCommission`)).toMatchObject({ number: 31, jurisdiction: "Quebec" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Nina, in her own browser, finds it as her own.
  const ninaContext = await browser.newContext();
  const nina = await ninaContext.newPage();
  await signInWithPassword(nina, email, "nina-pass-42");
  await nina.waitForURL("**/packages");
  await nina.goto("/account/notary");
  await expect(nina.getByRole("form", { name: "Notary commission" }).getByText("Commission No. 31 is on file, in force until 2031-03-31.")).toBeVisible();
  await ninaContext.close();
});
