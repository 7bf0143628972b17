import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { signInWithPassword, signUpInConsole } from "../console/console-support";
import { ServiceClient } from "../support/service-client";

/**
 * Sub accounts as a new owner uses them: a child and a grandchild created on the page, no creation
 * offered on the third level, the service refusing a fourth, a time zone changed, the user's keys
 * there revealed, and the console switched into a sub account (its inbox, its name in the top bar)
 * and back home.
 */

/** The tree's item of the account named `name` (the last match: an item holds the items below it). */
const nodeOf = (page: Page, name: string) =>
  page
    .getByTestId("account-node")
    .filter({ has: page.getByTestId("account-name").filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }) })
    .last();
const topBar = (page: Page) => page.getByRole("banner");

/** Reveals the user's key in `accountName` from the keys list and answers it. */
async function revealKey(page: Page, accountName: string): Promise<string> {
  await page.getByRole("button", { name: `Reveal key in ${accountName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Your API key in ${accountName}` });
  await expect(dialog.getByTestId("sub-account-api-key")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Reveal the key" }).click();
  const apiKey = await dialog.getByTestId("sub-account-api-key").inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return apiKey;
}

async function switchInTopBar(page: Page, accountName: string): Promise<void> {
  await topBar(page).getByRole("button", { name: /^Account: / }).click();
  const dialog = page.getByRole("dialog", { name: "Switch account" });
  await dialog.getByRole("button", { name: new RegExp(`^${accountName}`) }).click();
  await expect(dialog).toBeHidden();
  await page.waitForURL("**/packages");
  await expect(topBar(page).getByTestId("current-account-name")).toHaveText(accountName);
}

test("an owner builds a three-level tree, is refused a fourth, and switches the console into a sub account and back", async ({ page, request }) => {
  const suffix = randomBytes(4).toString("hex");
  const home = `Holding ${suffix}`;
  await signUpInConsole(page, home);
  await expect(topBar(page).getByTestId("current-account-name")).toHaveText(home);

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sub accounts" }).click();
  await page.waitForURL("**/account/sub-accounts");
  await expect(page.getByRole("heading", { name: "Sub accounts", level: 1 })).toBeVisible();
  const tree = page.getByRole("list", { name: "Account tree" });
  await expect(tree.getByTestId("account-node")).toHaveCount(1);
  await expect(nodeOf(page, home)).toContainText("You are here");
  await expect(page.getByText("No sub accounts yet.")).toBeVisible();
  await expect(page.getByText("You hold no keys in sub accounts")).toBeVisible();
  await expectAccessible(page, "the empty sub accounts page");

  // A child, with the API's own rules checked in the form first.
  await page.getByRole("button", { name: `New sub account of ${home}` }).click();
  const create = page.getByRole("dialog", { name: `New sub account of ${home}` });
  await expect(create.getByLabel("Time zone")).toHaveValue("GMT");
  await expect(create.getByLabel("Language")).toHaveValue("en");
  await create.getByRole("button", { name: "Create sub account" }).click();
  await expect(create.getByText("is required")).toBeVisible();
  await expectAccessible(page, "the create dialog");
  await create.getByLabel("Name").fill("Europe");
  await create.getByLabel("Time zone").selectOption("Europe/Paris");
  await create.getByLabel("Language").selectOption("fr");
  await create.getByRole("button", { name: "Create sub account" }).click();
  await expect(create).toBeHidden();
  const europe = nodeOf(page, "Europe");
  await expect(europe).toHaveAttribute("data-level", "2");
  await expect(europe.getByTestId("account-time-zone").first()).toHaveText("Europe/Paris");
  await expect(europe.getByTestId("account-language").first()).toHaveText("fr");

  // A grandchild: the third level, where no creation is offered.
  await page.getByRole("button", { name: "New sub account of Europe" }).click();
  const createGrandchild = page.getByRole("dialog", { name: "New sub account of Europe" });
  await createGrandchild.getByLabel("Name").fill("Paris office");
  await createGrandchild.getByRole("button", { name: "Create sub account" }).click();
  await expect(createGrandchild).toBeHidden();
  const paris = nodeOf(page, "Paris office");
  await expect(paris).toHaveAttribute("data-level", "3");
  const europeId = await europe.getAttribute("data-account-id");
  await expect(page.getByRole("list", { name: "Sub accounts of Europe" }).getByTestId("account-node")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "New sub account of Paris office" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^New sub account of/ })).toHaveCount(2);

  // Edit the grandchild's time zone.
  await page.getByRole("button", { name: "Edit Paris office" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Paris office" });
  await expect(edit.getByLabel("Name")).toHaveValue("Paris office");
  await expect(edit.getByLabel("Time zone")).toHaveValue("GMT");
  await expectAccessible(page, "the edit dialog");
  await edit.getByLabel("Time zone").selectOption("Europe/Berlin");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(paris.getByTestId("account-time-zone")).toHaveText("Europe/Berlin");

  // The owner's keys in both sub accounts, each revealed on request; each acts in its own account.
  await expect(page.getByTestId("sub-account-key-row")).toHaveText([/Europe/, /Paris office/]);
  await page.getByRole("button", { name: "Reveal key in Paris office" }).click();
  await expectAccessible(page, "the key confirmation");
  await page.getByRole("dialog", { name: "Your API key in Paris office" }).getByRole("button", { name: "Cancel" }).click();
  const europeKey = await revealKey(page, "Europe");
  const parisKey = await revealKey(page, "Paris office");
  const parisSession = await (await request.get("/api/session", { headers: { authorization: `Basic ${parisKey}` } })).json();
  expect(parisSession.account.name).toBe("Paris office");
  await page.screenshot({ path: "test-results/account-sub-accounts.png", fullPage: true });
  await expectAccessible(page, "the sub accounts page with a tree");

  // A fourth level, tried through the API with the grandchild's key: the service refuses it.
  const fourth = await request.post("/api/account/subaccounts", { headers: { authorization: `Basic ${parisKey}` }, data: { name: "Too deep" } });
  expect(fourth.status()).toBe(422);
  expect((await fourth.json()).messageKey).toBe("error.validation.accountDepth");

  // Switched into the grandchild, the console sees it as the top of its tree; the service refuses
  // a sub account there, and the page shows its message.
  await page.getByRole("button", { name: "Switch to Paris office" }).click();
  await page.waitForURL("**/packages");
  await expect(topBar(page).getByTestId("current-account-name")).toHaveText("Paris office");
  await page.goto("/account/sub-accounts");
  await expect(nodeOf(page, "Paris office")).toContainText("You are here");
  await expect(page.getByRole("note")).toContainText(`not in ${home}`);
  await page.getByRole("button", { name: "New sub account of Paris office" }).click();
  const tooDeep = page.getByRole("dialog", { name: "New sub account of Paris office" });
  await tooDeep.getByLabel("Name").fill("Too deep");
  await tooDeep.getByRole("button", { name: "Create sub account" }).click();
  await expect(tooDeep.getByRole("alert")).toContainText("3 levels deep at most");
  await page.screenshot({ path: "test-results/account-sub-accounts-fourth-level.png" });
  await expectAccessible(page, "the refused fourth level");
  await tooDeep.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("account-node")).toHaveCount(1);

  // Into Europe through the top bar: a draft made there (with the owner's key there) is in its inbox.
  await topBar(page).getByRole("button", { name: /^Account: / }).click();
  const switcher = page.getByRole("dialog", { name: "Switch account" });
  await expect(switcher.getByRole("list", { name: "Your accounts" }).getByRole("button")).toHaveCount(3);
  await expect(switcher.getByRole("button", { name: /^Paris office/ })).toBeDisabled();
  await page.screenshot({ path: "test-results/account-sub-accounts-switcher.png" });
  await expectAccessible(page, "the account switcher");
  await switcher.getByRole("button", { name: "Cancel" }).click();
  await switchInTopBar(page, "Europe");
  const draftName = `Europe draft ${suffix}`;
  const draft = await request.post("/api/packages", { headers: { authorization: `Basic ${europeKey}` }, data: { name: draftName, type: "PACKAGE", status: "DRAFT" } });
  expect(draft.status(), await draft.text()).toBeLessThan(300);
  await page.getByRole("tab", { name: "Drafts" }).click();
  await expect(page.getByRole("link", { name: draftName })).toBeVisible();
  await expect(topBar(page)).toContainText("(sub account)");
  await page.screenshot({ path: "test-results/account-sub-accounts-switched.png", fullPage: true });
  await expectAccessible(page, "the inbox of the sub account");

  // Back home: the sub account's draft is not there.
  await switchInTopBar(page, home);
  await expect(topBar(page)).not.toContainText("(sub account)");
  await page.getByRole("tab", { name: "Drafts" }).click();
  await expect(page.getByText(/no drafts/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: draftName })).toHaveCount(0);

  // A session update posted by the browser itself (Auth.js accepts one, with its CSRF token) names
  // an account and even a key: the console stays where it is, with the key it had.
  const forgedStatus = await page.evaluate(
    async ({ accountId, apiKey }) => {
      const { csrfToken } = (await (await fetch("/auth/csrf")).json()) as { csrfToken: string };
      const body = JSON.stringify({ csrfToken, data: { accountId, apiKey, accountName: "Forged", account: { id: accountId, name: "Forged" } } });
      return (await fetch("/auth/session", { method: "POST", headers: { "content-type": "application/json" }, body })).status;
    },
    { accountId: europeId, apiKey: europeKey },
  );
  expect(forgedStatus).toBe(200);
  await page.reload();
  await expect(topBar(page).getByTestId("current-account-name")).toHaveText(home);
  await page.getByRole("tab", { name: "Drafts" }).click();
  await expect(page.getByText(/no drafts/i).first()).toBeVisible();

  // A second tab still shows the home account when the first switches: its calls are refused
  // rather than acting in the other account, and it says so until it is opened again.
  const otherTab = await page.context().newPage();
  await otherTab.goto("/packages");
  await expect(topBar(otherTab).getByTestId("current-account-name")).toHaveText(home);
  await switchInTopBar(page, "Europe");
  await otherTab.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Templates" }).click();
  const notice = otherTab.getByRole("alert").filter({ hasText: "nothing more is changed from here" });
  await expect(notice).toBeVisible();
  await otherTab.screenshot({ path: "test-results/account-sub-accounts-other-tab.png" });
  await notice.getByRole("button", { name: "Open the inbox" }).click();
  await expect(topBar(otherTab).getByTestId("current-account-name")).toHaveText("Europe");
  await expect(notice).toHaveCount(0);
  await otherTab.close();
  await switchInTopBar(page, home);

  // A phone: the tree stays readable, the top bar folds into the menu, which still switches.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/account/sub-accounts");
  await expect(nodeOf(page, "Paris office")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling on a phone").toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/account-sub-accounts-phone.png", fullPage: true });
  await expectAccessible(page, "the sub accounts page on a phone");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.locator("#console-mobile-nav").getByRole("button", { name: /^Account: / }).click();
  await expect(page.getByRole("dialog", { name: "Switch account" })).toBeVisible();
  await page.screenshot({ path: "test-results/account-sub-accounts-switcher-phone.png" });
  await expectAccessible(page, "the account switcher on a phone");
});

test("a plain sender is told they have no access to sub accounts, and may still open the switcher of their one account", async ({ page, baseURL }) => {
  const owner = await ServiceClient.signUp(baseURL!, "Plain sender sub accounts");
  const email = `sam-${randomBytes(4).toString("hex")}@example.test`;
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
  await page.goto("/account/sub-accounts");
  await expect(page.getByRole("heading", { name: "You don't have access to sub accounts" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^New sub account/ })).toHaveCount(0);
  await topBar(page).getByRole("button", { name: /^Account: Plain sender sub accounts/ }).click();
  const switcher = page.getByRole("dialog", { name: "Switch account" });
  await expect(switcher.getByText("You hold no key in an account below this one.", { exact: false })).toBeVisible();
  await expectAccessible(page, "the forbidden sub accounts page with the switcher");
  await switcher.getByRole("button", { name: "Cancel" }).click();

  // The administration's own address leads to the first area the menu offers them.
  const firstArea = await page.getByRole("navigation", { name: "Account" }).getByRole("link").first().getAttribute("href");
  await page.goto("/account");
  await page.waitForURL(`**${firstArea}`);
});
