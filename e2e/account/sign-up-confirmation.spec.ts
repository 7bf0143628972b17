import { randomBytes } from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, test } from "../support/test";
import { checkPage, PASSWORD, SIGN_UP_LINK, signUpInConsole } from "../console/console-support";
import { startMailingServer, type MailingServer } from "../support/mailing-server";

/**
 * Sign-up on a server that e-mails: the page answers the same for a new and a registered e-mail;
 * the new one's link, with the password given at sign-up, creates the account once and signs in;
 * the registered one's owner is told.
 */

let mailing: MailingServer;

test.beforeAll(async () => {
  // A reverse proxy on this machine may name the client: the browsers below are clients behind it.
  mailing = await startMailingServer("sign-up", { TRUSTED_PROXIES: "loopback" });
});

test.afterAll(async () => {
  await mailing?.stop();
});

/** A page of a browser of its own; `clientAddress`: the client the proxy names. */
const newPage = async (browser: Browser, clientAddress?: string) =>
  (await browser.newContext({ baseURL: mailing.server.url, extraHTTPHeaders: clientAddress ? { "x-forwarded-for": clientAddress } : {} })).newPage();

/** Sends the sign-up form; answers the page's status (a message is on its way) or refusal. */
async function fillSignUp(page: Awaited<ReturnType<typeof newPage>>, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Company or team name").fill("Second try");
  await page.getByLabel("First name").fill("Nina");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  return page.getByRole("status").or(page.getByText(/^Too many sign-ups/));
}

test("a new e-mail confirms by the e-mailed link and lands signed in; a registered one gets the same answer and its owner a notice", async ({ browser }) => {
  const { smtp } = mailing;
  const page = await newPage(browser);
  const owner = await signUpInConsole(page, "Confirmed by e-mail", smtp);
  await expect(page.getByRole("banner")).toContainText("Sofia Sender");
  const link = await smtp.waitFor(owner.email, SIGN_UP_LINK);

  // The link was used by the sign-up: opened again, it says so and offers the way back.
  const again = await newPage(browser);
  await again.goto(link);
  await checkPage(again, "sign-up-confirm");
  await again.getByLabel("Password").fill(PASSWORD);
  await again.getByRole("button", { name: "Create my account" }).click();
  await expect(again.getByText("This sign-up link has been used already")).toBeVisible();
  await expect(again.getByRole("link", { name: "Sign up again" })).toHaveAttribute("href", "/signup");

  const stranger = `new-${randomBytes(5).toString("hex")}@example.test`;
  const forNew = await (await fillSignUp(await newPage(browser), stranger)).textContent();
  const forRegistered = await (await fillSignUp(await newPage(browser), owner.email)).textContent();
  expect(forRegistered?.replace(owner.email, "EMAIL")).toBe(forNew?.replace(stranger, "EMAIL"));
  await smtp.waitFor(owner.email, /tried to create a new Signet account/);
  const strangersLink = await smtp.waitFor(stranger, SIGN_UP_LINK);

  // The owner's account is as it was: one sign-up link e-mailed to them, ever.
  expect(smtp.mails.filter((mail) => mail.to.includes(owner.email) && SIGN_UP_LINK.test(mail.text))).toHaveLength(1);

  // A link creates the account only with the password given at its sign-up.
  const confirming = await newPage(browser);
  await confirming.goto(strangersLink);
  await confirming.getByLabel("Password").fill("not-the-one-99");
  await confirming.getByRole("button", { name: "Create my account" }).click();
  await expect(confirming.getByText("This is not the password given when signing up with this link. 4 tries left.")).toBeVisible();
  await expect(confirming.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await confirming.getByLabel("Password").fill(PASSWORD);
  await confirming.getByRole("button", { name: "Create my account" }).click();
  await confirming.waitForURL("**/packages");
  await expect(confirming.getByRole("banner")).toContainText("Nina Newcomer");
});

test("the console's sign-ups count per client: one past the limit is refused, another client goes on", async ({ browser }) => {
  const email = `limited-${randomBytes(5).toString("hex")}@example.test`;
  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect(await fillSignUp(await newPage(browser, "198.51.100.1"), email)).toContainText(`A message is on its way to ${email}`);
  }
  await expect(await fillSignUp(await newPage(browser, "198.51.100.1"), email)).toContainText("Too many sign-ups with this e-mail or from this address");
  // Counted for that client, not for the console's own address: another client is not held back.
  await expect(await fillSignUp(await newPage(browser, "198.51.100.2"), email)).toContainText(`A message is on its way to ${email}`);
});
