import type { Browser } from "@playwright/test";
import { expect, test } from "../support/test";
import { checkPage, signInWithPassword, signUpInConsole } from "../console/console-support";
import type { Server } from "../support/servers";
import { startMailingServer, type MailingServer } from "../support/mailing-server";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";

/**
 * Console sessions end on the server, and passwords change and reset, against a server of its
 * own that e-mails through a real SMTP receiver on loopback.
 */

const RESET_LINK = /(http:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+)/;

let mailing: MailingServer;
let smtp: SmtpReceiver;
let server: Server;

test.beforeAll(async () => {
  mailing = await startMailingServer("passwords");
  ({ smtp, server } = mailing);
});

test.afterAll(async () => {
  await mailing?.stop();
});

const newPage = async (browser: Browser) => (await browser.newContext({ baseURL: server.url })).newPage();

test("after sign-out, a copy of the session cookie opens no console page and passes no proxy call", async ({ browser }) => {
  const page = await newPage(browser);
  await signUpInConsole(page, "Cookie copy", smtp);
  const copied = await page.context().cookies();
  const thief = await newPage(browser);
  await thief.context().addCookies(copied);
  await thief.goto("/packages");
  await expect(thief.getByRole("banner")).toContainText("Sofia Sender");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin");

  // The thief's open page may find the session gone first and go to sign-in by itself, which
  // aborts this navigation: either way the end is the sign-in page.
  await thief.goto("/packages").catch((error: Error) => {
    if (!error.message.includes("net::ERR_ABORTED")) throw error;
  });
  // The sign-in page, coming back to /packages (with reason=expired when the layout saw the dead cookie first).
  await thief.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("next") === "/packages");
  await thief.context().addCookies(copied); // the redirect cleared it; the copy is still around
  const proxied = await thief.request.get("/proxy/api/session");
  expect(proxied.status()).toBe(401);
  expect(await proxied.json()).toMatchObject({ messageKey: "error.unauthorised.consoleSession" });
});

test("a password change needs the current password and signs the user out everywhere else", async ({ browser }) => {
  const signedUp = await newPage(browser);
  const user = await signUpInConsole(signedUp, "Password change", smtp);
  // Signed in by password, the session holds the user's sign-in key, which the change revokes and renews.
  const page = await newPage(browser);
  await signInWithPassword(page, user.email, user.password);
  await page.waitForURL("**/packages");
  const elsewhere = await newPage(browser);
  await signInWithPassword(elsewhere, user.email, user.password);
  await elsewhere.waitForURL("**/packages");

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Password", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Password", level: 1 })).toBeVisible();
  await checkPage(page, "account-password");
  await page.getByLabel("Current password").fill("not-the-password-1");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2027");
  await page.getByLabel("Confirm new password").fill("changed-pass-2027");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not right.")).toBeVisible();

  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-2027");
  await page.getByLabel("Confirm new password").fill("changed-pass-2027");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed" })).toBeVisible();

  await page.goto("/packages");
  await expect(page.getByRole("banner")).toContainText("Sofia Sender");
  // The session that made the change calls the service with its fresh key.
  const proxied = await page.request.get("/proxy/api/session");
  expect(proxied.status()).toBe(200);
  expect(await proxied.json()).toMatchObject({ user: { email: user.email } });
  await elsewhere.goto("/packages");
  await elsewhere.waitForURL("**/signin?next=%2Fpackages");
  await signInWithPassword(elsewhere, user.email, "changed-pass-2027");
  await elsewhere.waitForURL("**/packages");
});

test("forgot password: the e-mailed link sets a new password once, ends the old sessions, and the user signs in with it", async ({ browser }) => {
  const page = await newPage(browser);
  const user = await signUpInConsole(page, "Password reset", smtp);
  const other = await newPage(browser);

  await other.goto("/signin");
  await other.getByRole("link", { name: "Forgot your password?" }).click();
  await other.waitForURL("**/forgot-password");
  await checkPage(other, "forgot-password");
  await other.getByLabel("E-mail").fill(user.email);
  await other.getByRole("button", { name: "Send the link" }).click();
  await expect(other.getByRole("status")).toContainText("a link to choose a new password is on its way");

  const link = await smtp.waitFor(user.email, RESET_LINK);
  await other.goto(new URL(link).pathname);
  await checkPage(other, "reset-password");
  await other.getByLabel("New password", { exact: true }).fill("after-reset-2027");
  await other.getByLabel("Confirm new password").fill("after-reset-2027");
  await other.getByRole("button", { name: "Set the new password" }).click();
  await expect(other.getByRole("status")).toContainText("Your password has been changed");

  // The session signed in with the old password has ended.
  await page.goto("/packages");
  await page.waitForURL("**/signin?next=%2Fpackages");

  // The link works once: opened again, it says so and offers a new one instead of the form.
  await other.goto(new URL(link).pathname);
  await expect(other.getByRole("heading", { name: "This link has been used already" })).toBeVisible();
  await expect(other.getByLabel("New password", { exact: true })).toHaveCount(0);
  await checkPage(other, "reset-password-used");
  await other.getByRole("link", { name: "Ask for a new link" }).click();
  await other.waitForURL("**/forgot-password");
  await expect(other.getByRole("button", { name: "Send the link" })).toBeVisible();

  await signInWithPassword(other, user.email, "after-reset-2027");
  await other.waitForURL("**/packages");
  await expect(other.getByRole("banner")).toContainText("Sofia Sender");
});
