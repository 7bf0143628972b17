import { randomBytes } from "node:crypto";
import { expect, test } from "../support/test";
import { expectAccessible } from "../support/accessibility";
import { fullNameSignature, person } from "../support/package-payloads";
import { ServiceClient } from "../support/service-client";
import { signInWithPassword, titledPdf } from "./console-support";

/**
 * Sender delegation: Dana names Derek her delegate on Account › Delegates; Derek signs in, finds
 * Dana's draft in his "Delegated to me" folder, opens it and sends it; the package's history says
 * he sent it on Dana's behalf. Dana's own template is in his templates' "Delegated to me" tab.
 */

interface Sender {
  id: string;
  email: string;
  password: string;
}

/** A sender invited by the owner and activated through the invitation link's token. */
async function activeSender(owner: ServiceClient, firstName: string, lastName: string): Promise<Sender> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString("hex")}@example.test`;
  const password = `${firstName.toLowerCase()}-pass-42`;
  const invited = await owner.json<{ id: string; activationUrl: string }>("POST", "/api/account/senders", { email, firstName, lastName });
  const token = new URL(invited.activationUrl).pathname.split("/").pop()!;
  const activation = await fetch(`${owner.baseUrl}/api/account/activation`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password }) });
  expect(activation.status, await activation.text()).toBe(200);
  return { id: invited.id, email, password };
}

test("a sender names a delegate, who finds, opens and sends the delegator's draft, recorded on her behalf", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await ServiceClient.signUp(baseURL!, "Delegation test");
  const dana = await activeSender(owner, "Dana", "Delegator");
  const derek = await activeSender(owner, "Derek", "Delegate");
  const danaApi = await ServiceClient.signIn(baseURL!, dana.email, dana.password);
  const draft = await danaApi.createPackage(
    {
      name: "Office lease",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Tenant", type: "SIGNER", index: 1, signers: [person("Tia", "Tenant")] }],
      documents: [{ id: "lease", name: "Lease", index: 1, approvals: [{ role: "Tenant", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Lease")],
  );
  const template = await danaApi.createPackage(
    {
      name: "Dana's sublease template",
      type: "TEMPLATE",
      visibility: "SENDER",
      roles: [{ id: "Subtenant", name: "Subtenant", signers: [] }],
      documents: [{ id: "sublease", name: "Sublease", index: 1, approvals: [{ role: "Subtenant", fields: [fullNameSignature(72)] }] }],
    },
    [await titledPdf("Sublease")],
  );

  // Dana names Derek on her Delegates page.
  const danaContext = await browser.newContext();
  const danaPage = await danaContext.newPage();
  await signInWithPassword(danaPage, dana.email, dana.password);
  await danaPage.waitForURL("**/packages");
  await danaPage.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Account" }).click();
  await danaPage.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Delegates" }).click();
  await danaPage.waitForURL("**/account/delegates");
  await expect(danaPage.getByText("You have no delegates.")).toBeVisible();
  // Someone not of the account is refused, with the reason.
  await danaPage.getByLabel("Sender's e-mail address").fill("nobody@example.test");
  await danaPage.getByRole("button", { name: "Add delegate" }).click();
  await expect(danaPage.getByTestId("delegate-error")).toContainText("was not found");
  await danaPage.getByLabel("Sender's e-mail address").fill(derek.email);
  await danaPage.getByRole("button", { name: "Add delegate" }).click();
  await expect(danaPage.getByTestId("delegate-row")).toHaveCount(1);
  await expect(danaPage.getByTestId("delegate-row")).toContainText("Derek Delegate");
  await expect(danaPage.getByTestId("delegate-row")).toContainText("In force");
  await expectAccessible(danaPage, "the delegates page");
  await danaPage.screenshot({ path: "test-results/account-delegates.png", fullPage: true });
  await danaContext.close();

  // Derek signs in: Dana's draft is in his "Delegated to me" folder.
  const derekContext = await browser.newContext();
  const page = await derekContext.newPage();
  await signInWithPassword(page, derek.email, derek.password);
  await page.waitForURL("**/packages");
  await page.getByRole("tab", { name: "Delegated to me" }).click();
  const row = page.getByRole("link", { name: "Office lease" });
  await expect(row).toBeVisible();
  await expectAccessible(page, "the Delegated to me folder");
  await page.screenshot({ path: "test-results/delegated-to-me.png", fullPage: true });
  await row.click();
  await page.waitForURL(`**/packages/${draft}/edit`);
  await expect(page.getByTestId("send-package")).toBeEnabled();
  await page.getByTestId("send-package").click();
  await page.waitForURL(`**/packages/${draft}`);
  await expect(page.getByTestId("package-status")).toContainText("In progress");

  // The history names Derek and says on whose behalf.
  const sent = page.getByTestId("history-event").filter({ hasText: "Sent for signing" });
  await expect(sent).toContainText(derek.email);
  await expect(sent).toContainText(`On behalf of Dana Delegator (${dana.email})`);
  await page.screenshot({ path: "test-results/delegated-history.png", fullPage: true });

  // Dana's template, hers alone (not shared with the account): not among Derek's templates, but in his "Delegated to me" tab, and it opens.
  await page.goto("/templates");
  await expect(page.getByRole("heading", { name: "Templates", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dana's sublease template" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Delegated to me" }).click();
  const delegatedTemplate = page.getByRole("link", { name: "Dana's sublease template" });
  await expect(delegatedTemplate).toBeVisible();
  await expectAccessible(page, "the templates delegated to me");
  await delegatedTemplate.click();
  await page.waitForURL(`**/templates/${template}/edit`);
  await expect(page.getByText("Sublease").first()).toBeVisible();
  await derekContext.close();

  // And Dana's own view of the package is the same package, sent.
  const status = await danaApi.json<{ status: string }>("GET", `/api/packages/${draft}`);
  expect(status.status).toBe("SENT");

  // The account's owner sees and manages Dana's delegates from the senders page.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInWithPassword(ownerPage, owner.email, "ceremony-test-42");
  await ownerPage.waitForURL("**/packages");
  await ownerPage.goto("/account/senders");
  await ownerPage.getByRole("button", { name: "Actions for Dana Delegator", exact: true }).click();
  await ownerPage.getByRole("menuitem", { name: "Delegates" }).click();
  await ownerPage.waitForURL(`**/account/delegates?sender=${dana.id}`);
  await expect(ownerPage.getByTestId("delegates-of")).toContainText(dana.email);
  await expect(ownerPage.getByTestId("delegate-row")).toContainText("Derek Delegate");
  await ownerPage.getByRole("button", { name: `Remove ${derek.email} as delegate` }).click();
  await expect(ownerPage.getByText("No delegates.", { exact: true })).toBeVisible();
  await ownerContext.close();
  expect(await danaApi.json<unknown[]>("GET", `/api/account/senders/${dana.id}/delegates`)).toEqual([]);
});
