import { randomBytes } from "node:crypto";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { makePdf } from "../../tests/support/pdfs";
import { expectAccessible } from "../support/accessibility";
import type { SmtpReceiver } from "../../tests/support/smtp-receiver";

/** What the console's end-to-end tests share: a new user, real PDFs, the page checks. */

export const PASSWORD = "console-test-42";
/** The link of a sign-up's confirmation e-mail. */
export const SIGN_UP_LINK = /(http:\/\/[^\s"<>]+\/signup\/confirm\?token=[A-Za-z0-9_-]+)/;

export interface ConsoleUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Signs up through the sign-up page, as a new user would, and lands in the inbox. A server that
 * e-mails (SMTP_URL) sends a link instead: pass its `smtp` receiver, and the link is followed.
 */
export async function signUpInConsole(page: Page, accountName = "Console test", smtp?: SmtpReceiver): Promise<ConsoleUser> {
  const user = { email: `sender-${randomBytes(5).toString("hex")}@example.test`, password: PASSWORD, firstName: "Sofia", lastName: "Sender" };
  await page.goto("/signup");
  await page.getByLabel("Company or team name").fill(accountName);
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  if (smtp) {
    await expect(page.getByRole("status")).toContainText(`A message is on its way to ${user.email}`);
    await page.goto(await smtp.waitFor(user.email, SIGN_UP_LINK));
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Create my account" }).click();
  }
  await page.waitForURL("**/packages");
  return user;
}

export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * A page in a browser asking for `locale` (its Accept-Language), already signed in: the sign-in
 * happens in English in a context of its own, whose cookies the new context takes.
 */
export async function signedInPageInLocale(browser: Browser, baseURL: string, locale: string, email: string, password: string): Promise<Page> {
  const english = await browser.newContext({ baseURL, locale: "en-US" });
  const signIn = await english.newPage();
  await signInWithPassword(signIn, email, password);
  await signIn.waitForURL("**/packages");
  const storageState = await english.storageState();
  await english.close();
  const context = await browser.newContext({ baseURL, locale, storageState });
  return context.newPage();
}

/** `base`: the console's address when it is not the tests' own server. */
export async function signInWithApiKey(page: Page, apiKey: string, base = ""): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByRole("radio", { name: "API key" }).click();
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("button", { name: "Sign in with the key" }).click();
}

/** A PDF whose pages say what they are, so the order of documents shows in the signed zip. */
export async function titledPdf(title: string, pages = 1): Promise<Buffer> {
  return makePdf({ pages, texts: Array.from({ length: pages }, (_, page) => ({ page, text: `${title}, page ${page + 1}`, x: 72, y: 720, size: 18 })) });
}

export const pdfFile = async (name: string, title: string, pages = 1) => ({ name, mimeType: "application/pdf", buffer: await titledPdf(title, pages) });

/**
 * A main page's checks: a screenshot kept as a test artefact (test-results/console-<name>.png) and
 * an axe scan, once the page has settled, that must find no serious or critical violation.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/console-${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/**
 * Drags a palette item onto a page of the field editor at a fraction of the page's width and
 * height, having first brought that point into view, as a sender would: the editor in the middle
 * of the window, the preview scrolled to the point (a page as wide as the preview is taller than it).
 */
export async function dropOnPage(item: Locator, target: Locator, x: number, y: number): Promise<void> {
  await target.evaluate((element, fraction) => {
    const pane = element.closest('[data-testid="pdf-pages"]') as HTMLElement;
    pane.scrollIntoView({ block: "center" });
    const page = element.getBoundingClientRect();
    const view = pane.getBoundingClientRect();
    pane.scrollTop += page.top + page.height * fraction - (view.top + view.height / 2);
  }, y);
  const box = (await target.boundingBox())!;
  await item.dragTo(target, { steps: 10, targetPosition: { x: box.width * x, y: box.height * y } });
}
